import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, SECURITY_MESSAGES } from '@solutionz/shared';
import { StubbedApiError, stubApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render';

const NEW_EMAIL = 'cara.new@example.co.uk';

describe('/confirm-email-change?token= (the link mailed to a new address)', () => {
  it('changes nothing by opening: it says what will happen, and pressing the button moves the account', async () => {
    const api = stubApi({ confirmEmailChange: () => ({ email: NEW_EMAIL, message: SECURITY_MESSAGES.emailChanged(NEW_EMAIL) }) });
    const { user } = renderApp('/confirm-email-change?token=token-1');
    const button = await screen.findByRole('button', { name: 'Confirm new e-mail address' });
    expect(screen.getByText(SECURITY_MESSAGES.emailChangeOffer)).toBeInTheDocument();
    // Mail scanners and link previews open links too: the page's effects ran as it rendered, and sent nothing.
    expect(api.callsTo('confirmEmailChange')).toEqual([]);

    await user.click(button);
    expect(await screen.findByText(SECURITY_MESSAGES.emailChanged(NEW_EMAIL))).toBeInTheDocument();
    expect(screen.getByText(SECURITY_MESSAGES.signInWithNewEmail)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(api.callsTo('confirmEmailChange')).toEqual([expect.objectContaining({ body: { token: 'token-1' } })]);
  });

  it('shows the API’s words for a link that is spent, once pressed, and offers no button without a token', async () => {
    stubApi({
      confirmEmailChange: () => {
        throw new StubbedApiError(400, { error: { code: ERROR_CODES.tokenInvalid.code, message: SECURITY_MESSAGES.emailChangeLinkInvalid } });
      },
    });
    const { user, unmount } = renderApp('/confirm-email-change?token=spent');
    await user.click(await screen.findByRole('button', { name: 'Confirm new e-mail address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SECURITY_MESSAGES.emailChangeLinkInvalid);
    unmount();

    renderApp('/confirm-email-change');
    expect(await screen.findByRole('alert')).toHaveTextContent(SECURITY_MESSAGES.emailChangeLinkInvalid);
    expect(screen.queryByRole('button', { name: 'Confirm new e-mail address' })).not.toBeInTheDocument();
  });
});
