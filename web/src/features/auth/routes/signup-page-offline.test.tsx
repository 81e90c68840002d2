import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, AUTH_PAGE_MESSAGES } from '@solutionz/shared';
import { stubApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render';

/** The form's checks load on first send; here their file cannot be fetched the first time, as when the connection drops. */
const unreachable = vi.hoisted(() => ({ times: 1 }));
vi.mock('../components/signup-validation', async (importOriginal) => {
  if (unreachable.times-- > 0) throw new TypeError('Failed to fetch dynamically imported module');
  return importOriginal();
});

describe('sign-up whose checks cannot be fetched', () => {
  it('says so, sends nothing, and sends once they can be fetched again', { timeout: 20_000 }, async () => {
    const api = stubApi({
      signup: ({ body }) => ({ userId: 'u1', email: body.email, accountType: body.accountType, confirmationEmail: { sent: true } }),
    });
    const { user } = renderApp('/signup');
    await user.type(await screen.findByLabelText('Full name'), 'Chloe Client');
    await user.type(screen.getByLabelText('Email'), 'chloe@example.co.uk');
    await user.type(screen.getByRole('combobox', { name: 'Location' }), 'Leeds');
    await user.type(screen.getByLabelText('Password'), 'Correct-horse-1');
    await user.type(screen.getByLabelText('Confirm password'), 'Correct-horse-1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText(AUTH_PAGE_MESSAGES.unexpected)).toBeVisible();
    expect(api.callsTo('signup')).toHaveLength(0);
    expect(screen.getByLabelText('Full name')).toHaveValue('Chloe Client');

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.accountCreated)).toBeInTheDocument();
    expect(screen.queryByText(AUTH_PAGE_MESSAGES.unexpected)).not.toBeInTheDocument();
    expect(api.callsTo('signup')).toHaveLength(1);
  });
});
