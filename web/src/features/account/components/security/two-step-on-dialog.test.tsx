import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, SECURITY_MESSAGES } from '@solutionz/shared';
import { StubbedApiError, stubApi } from '@/testing/fake-api';
import { createFakeAuth, fakeAccount } from '@/testing/fake-auth';
import { renderApp } from '@/testing/render';

const PASSWORD = 'Correct-horse-1';
const SECRET = 'JBSWY3DPEHPK3PXP';

const wrongPassword = () =>
  new StubbedApiError(ERROR_CODES.validation.status, {
    error: {
      code: ERROR_CODES.validation.code,
      message: SECURITY_MESSAGES.currentPasswordWrong,
      fields: { 'body.password': SECURITY_MESSAGES.currentPasswordWrong },
    },
  });

describe('turning on 2-step verification', { timeout: 20_000 }, () => {
  it('asks for the password before any secret is made, and sends it again with the code', async () => {
    const user = userEvent.setup();
    const account = fakeAccount({ mfaEnabled: false });
    const api = stubApi({
      setupTotp: ({ body }) => {
        if (body.password !== PASSWORD) throw wrongPassword();
        return { secret: SECRET, otpauthUri: `otpauth://totp/Solutionz:x?secret=${SECRET}&issuer=Solutionz` };
      },
      enableTotp: () => ({ mfaEnabled: true }),
    });
    renderApp('/account?tab=security', createFakeAuth({ signedInAs: account }));
    await user.click(await screen.findByRole('button', { name: 'Turn on' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn on 2-step verification' });

    // No secret yet: the first step is the password alone.
    expect(within(dialog).queryByLabelText('Secret key')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText(SECURITY_MESSAGES.currentPasswordRequired)).toBeInTheDocument();
    expect(api.callsTo('setupTotp')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Current password'), 'Not-the-password-1');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText(SECURITY_MESSAGES.currentPasswordWrong)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Secret key')).not.toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Current password'));
    await user.type(within(dialog).getByLabelText('Current password'), PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByLabelText('Secret key')).toHaveValue(SECRET);

    await user.type(within(dialog).getByLabelText('Code from the app'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(SECURITY_MESSAGES.totpEnabled.title)).toBeInTheDocument();
    expect(api.callsTo('enableTotp').map((call) => call.body)).toEqual([{ password: PASSWORD, code: '123456' }]);
  });
});
