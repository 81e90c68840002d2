import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_PAGE_MESSAGES, EMAIL_FAILURE_MESSAGES, EMAIL_MESSAGES } from '@solutionz/shared';
import { stubApi } from '@/testing/fake-api';
import { createFakeAuth, fakeAccount } from '@/testing/fake-auth';
import { renderApp } from '@/testing/render';
import { savePendingSignup } from '../components/pending-signup';
import type { ConfirmEmailLocationState } from './confirm-email-page';

const account = fakeAccount({ email: 'new.seeker@example.com', emailConfirmed: false, emailConfirmedAt: null });

/** /confirm-email as sign-up leaves it when the confirmation mail could not be sent. */
function openAfterFailedSend() {
  savePendingSignup(account.profile.email, 'client');
  const state: ConfirmEmailLocationState = { confirmationEmail: { sent: false, category: 'SMTP_AUTH', message: 'Authentication failed' } };
  const fake = createFakeAuth({ accounts: [account] });
  const signIn = vi.spyOn(fake.auth, 'signIn');
  return { ...renderApp({ pathname: '/confirm-email', state }, fake), signIn };
}

describe('/confirm-email after the confirmation mail failed to send', () => {
  afterEach(() => sessionStorage.clear());

  it('says the account exists but the mail did not go out, and why', async () => {
    openAfterFailedSend();
    expect(await screen.findByRole('heading', { level: 1, name: 'Account created' })).toBeInTheDocument();
    expect(screen.getByText(EMAIL_MESSAGES.sendFailedNotice)).toBeInTheDocument();
    expect(screen.getByText(`${EMAIL_FAILURE_MESSAGES.SMTP_AUTH.title}: ${EMAIL_FAILURE_MESSAGES.SMTP_AUTH.description}`)).toBeInTheDocument();
    expect(screen.getByText(`You can still log in with the password you chose for ${account.profile.email}.`)).toBeInTheDocument();
  });

  it('logs in with the password just chosen and goes to the profile', async () => {
    const { user, router, signIn } = openAfterFailedSend();
    const tryLoggingIn = await screen.findByRole('button', { name: 'Try Logging In' });
    expect(tryLoggingIn).toBeDisabled();

    await user.type(screen.getByLabelText('Password'), account.password);
    await user.click(tryLoggingIn);

    expect(await screen.findByText(AUTH_PAGE_MESSAGES.attemptingLogin)).toBeInTheDocument();
    expect(signIn).toHaveBeenCalledWith(account.profile.email, account.password);
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('stays on the page with the login-failed toast when the password is wrong', async () => {
    const { user, router } = openAfterFailedSend();
    await user.type(await screen.findByLabelText('Password'), 'Not-the-password-1');
    await user.click(screen.getByRole('button', { name: 'Try Logging In' }));

    expect(await screen.findByText(AUTH_PAGE_MESSAGES.loginAttemptFailed.title)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/confirm-email');
    expect(screen.getByText(EMAIL_MESSAGES.sendFailedNotice)).toBeInTheDocument();
  });
});

describe('/confirm-email?token= (the link in the confirmation mail)', () => {
  it('spends nothing by opening: it says what the button does, and pressing it confirms the address', async () => {
    const api = stubApi({ confirmEmail: () => ({ email: account.profile.email, accountType: 'client' }) });
    const { user } = renderApp('/confirm-email?token=token-1');
    const button = await screen.findByRole('button', { name: 'Confirm my email address' });
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your email' })).toBeInTheDocument();
    // Mail scanners and link previews open links too: the page's effects ran as it rendered, and sent nothing.
    expect(api.callsTo('confirmEmail')).toEqual([]);

    await user.click(button);
    expect(await screen.findByRole('heading', { level: 1, name: 'Email confirmed' })).toBeInTheDocument();
    expect(screen.getByText(`Your email address ${account.profile.email} is confirmed. Sign in to continue.`)).toBeInTheDocument();
    expect(api.callsTo('confirmEmail')).toEqual([expect.objectContaining({ body: { token: 'token-1' } })]);
  });
});
