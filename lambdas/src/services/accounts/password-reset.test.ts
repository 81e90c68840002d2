import { AdminSetUserPasswordCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, TOKEN_TTL } from '@solutionz/shared';
import { requestPasswordReset, resetPassword } from './password-reset';
import { testAccountsDeps } from '../../testing/accounts-deps';
import { useTestTable } from '../../testing/dynamodb-table';

const cognito = mockClient(CognitoIdentityProviderClient);
const ses = mockClient(SESv2Client);
const table = useTestTable();

async function withAccount(accountType: 'client' | 'admin' = 'client') {
  const context = testAccountsDeps(table);
  const at = context.deps.clock().toISOString();
  await context.deps.accounts.reserveEmail('dan@example.co.uk', 'r-1', context.deps.clock(), 60);
  await context.deps.accounts.createAccount({
    reservationId: 'r-1',
    profile: { userId: 'sub-dan', email: 'dan@example.co.uk', accountType, firstName: 'Dan', lastName: '', categories: [], createdAt: at, updatedAt: at },
  });
  return context;
}

const mailedToken = () => /token=(\S+)/.exec(ses.commandCalls(SendEmailCommand).at(-1)!.args[0].input.Content?.Simple?.Body?.Text?.Data ?? '')![1]!;

describe('password reset', () => {
  beforeEach(() => {
    cognito.reset();
    ses.reset();
    ses.on(SendEmailCommand).resolves({ MessageId: 'm' });
    cognito.on(AdminSetUserPasswordCommand).resolves({});
  });

  it('answers the same for a known and an unknown address, mailing only the known one', async () => {
    const { deps } = await withAccount();
    const known = await requestPasswordReset(deps, 'dan@example.co.uk');
    const unknown = await requestPasswordReset(deps, 'nobody@example.co.uk');
    expect(unknown).toEqual(known);
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(1);
    expect(ses.commandCalls(SendEmailCommand)[0]!.args[0].input.Content?.Simple?.Body?.Text?.Data).toContain('https://solutionz.test/reset-password?mode=reset&token=');
  });

  it('sets the password once; the link is refused afterwards and after its expiry', async () => {
    const { deps, advance } = await withAccount();
    await requestPasswordReset(deps, 'dan@example.co.uk');
    const token = mailedToken();
    await resetPassword(deps, token, 'New-password-2');
    expect(cognito.commandCalls(AdminSetUserPasswordCommand)[0]!.args[0].input).toMatchObject({ Username: 'dan@example.co.uk', Password: 'New-password-2', Permanent: true });
    await expect(resetPassword(deps, token, 'Other-password-3')).rejects.toMatchObject({ code: 'TOKEN_INVALID', message: ACCOUNT_MESSAGES.resetLinkInvalid });

    advance(60);
    await requestPasswordReset(deps, 'dan@example.co.uk');
    const second = mailedToken();
    advance(TOKEN_TTL.passwordResetHours * 3600);
    await expect(resetPassword(deps, second, 'Other-password-3')).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
  });

  it('keeps the link usable when Cognito fails to set the password', async () => {
    const { deps } = await withAccount();
    await requestPasswordReset(deps, 'dan@example.co.uk');
    cognito.on(AdminSetUserPasswordCommand).rejectsOnce(new Error('Cognito is unavailable')).resolves({});
    await expect(resetPassword(deps, mailedToken(), 'New-password-2')).rejects.toThrow('Cognito is unavailable');
    await expect(resetPassword(deps, mailedToken(), 'New-password-2')).resolves.toEqual({ message: ACCOUNT_MESSAGES.passwordUpdated });
  });

  it('sends no reset mail to an admin account', async () => {
    const { deps } = await withAccount('admin');
    await requestPasswordReset(deps, 'dan@example.co.uk');
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
  });
});
