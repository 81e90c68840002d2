import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { SendEmailCommand, SESv2Client, SESv2ServiceException } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, EMAIL_FAILURE_MESSAGES, EMAIL_RESEND_COUNTDOWN_S, signupSchema } from '@solutionz/shared';
import { ANONYMOUS } from '../../auth/caller';
import { confirmEmail, resendConfirmation } from './confirmation';
import { getMe } from './me';
import { signUp } from './signup';
import { testAccountsDeps } from '../../testing/accounts-deps';
import { useTestTable } from '../../testing/dynamodb-table';

const cognito = mockClient(CognitoIdentityProviderClient);
const ses = mockClient(SESv2Client);
const table = useTestTable();

const client = signupSchema.parse({
  accountType: 'client',
  fullName: 'Cara',
  email: 'cara@example.co.uk',
  location: 'York',
  password: 'Correct-horse-1',
  confirmPassword: 'Correct-horse-1',
});

function lastLinkToken(): string {
  const calls = ses.commandCalls(SendEmailCommand);
  const text = calls.at(-1)!.args[0].input.Content?.Simple?.Body?.Text?.Data ?? '';
  return /token=(\S+)/.exec(text)![1]!;
}

async function signedUp() {
  const context = testAccountsDeps(table);
  await signUp(context.deps, client, '203.0.113.1');
  return { ...context, token: lastLinkToken() };
}

describe('confirmEmail', () => {
  beforeEach(() => {
    cognito.reset();
    ses.reset();
    cognito.on(AdminCreateUserCommand).resolves({ User: { Attributes: [{ Name: 'sub', Value: 'sub-cara' }] } });
    cognito.on(AdminSetUserPasswordCommand).resolves({});
    cognito.on(AdminAddUserToGroupCommand).resolves({});
    cognito.on(AdminUpdateUserAttributesCommand).resolves({});
    ses.on(SendEmailCommand).resolves({ MessageId: 'm' });
  });

  it('confirms once: the profile and Cognito say verified, and the same link is then refused', async () => {
    const { deps, token } = await signedUp();
    await expect(confirmEmail(deps, token)).resolves.toEqual({ email: 'cara@example.co.uk', accountType: 'client' });
    expect(cognito.commandCalls(AdminUpdateUserAttributesCommand)[0]!.args[0].input.UserAttributes).toContainEqual({ Name: 'email_verified', Value: 'true' });
    const me = await getMe(deps, { kind: 'signedIn', userId: 'sub-cara', groups: ['client'] });
    expect(me.emailConfirmed).toBe(true);

    await expect(confirmEmail(deps, token)).rejects.toMatchObject({ statusCode: 400, code: 'TOKEN_INVALID', message: ACCOUNT_MESSAGES.confirmationLinkInvalid });
  });

  it('confirms once when the same link is clicked twice at the same moment', async () => {
    const { deps, token } = await signedUp();
    const results = await Promise.allSettled([confirmEmail(deps, token), confirmEmail(deps, token)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'TOKEN_INVALID' } });
  });

  it('refuses a link after 24 hours and an unknown token', async () => {
    const { deps, token, advance } = await signedUp();
    advance(24 * 3600);
    await expect(confirmEmail(deps, token)).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
    await expect(confirmEmail(deps, 'made-up')).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
  });

  it('leaves the link usable when Cognito fails, so a second click works', async () => {
    const { deps, token } = await signedUp();
    cognito.on(AdminUpdateUserAttributesCommand).rejectsOnce(new Error('Cognito is unavailable')).resolves({});
    await expect(confirmEmail(deps, token)).rejects.toThrow('Cognito is unavailable');
    expect((await deps.accounts.getProfile('sub-cara'))?.emailConfirmedAt).toBeUndefined();
    await expect(confirmEmail(deps, token)).resolves.toMatchObject({ email: 'cara@example.co.uk' });
  });
});

describe('resendConfirmation', () => {
  beforeEach(() => {
    cognito.reset();
    ses.reset();
    cognito.on(AdminCreateUserCommand).resolves({ User: { Attributes: [{ Name: 'sub', Value: 'sub-cara' }] } });
    ses.on(SendEmailCommand).resolves({ MessageId: 'm' });
  });

  it('sends a new link, then refuses within the countdown with the RATE_LIMIT class, and sends again after it', async () => {
    const { deps, advance } = await signedUp();
    await resendConfirmation(deps, { email: 'cara@example.co.uk', caller: ANONYMOUS });
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(2);

    await expect(resendConfirmation(deps, { email: 'cara@example.co.uk', caller: ANONYMOUS })).rejects.toMatchObject({
      statusCode: 429,
      category: 'RATE_LIMIT',
      retryAfterSeconds: EMAIL_RESEND_COUNTDOWN_S,
    });
    advance(EMAIL_RESEND_COUNTDOWN_S);
    await resendConfirmation(deps, { email: 'cara@example.co.uk', caller: ANONYMOUS });
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(3);
  });

  it('answers an unknown address as a known one, sending nothing', async () => {
    const { deps } = testAccountsDeps(table);
    const answer = await resendConfirmation(deps, { email: 'nobody@example.co.uk', caller: ANONYMOUS });
    expect(answer.message).toBeTruthy();
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it.each([
    ['SMTP_AUTH', 502, new SESv2ServiceException({ name: 'AccessDeniedException', $fault: 'client', $metadata: { httpStatusCode: 403 }, message: 'denied' })],
    ['NETWORK', 502, Object.assign(new Error('getaddrinfo ENOTFOUND email.eu-west-2.amazonaws.com'), { code: 'ENOTFOUND' })],
    ['SERVER', 502, new SESv2ServiceException({ name: 'InternalFailure', $fault: 'server', $metadata: { httpStatusCode: 500 }, message: 'boom' })],
    ['RATE_LIMIT', 429, new SESv2ServiceException({ name: 'TooManyRequestsException', $fault: 'client', $metadata: { httpStatusCode: 429 }, message: 'slow' })],
  ] as const)('answers an SES %s failure with that class and the spec wording', async (category, status, error) => {
    const { deps } = await signedUp();
    ses.on(SendEmailCommand).rejects(error);
    const sending = resendConfirmation(deps, { caller: { kind: 'signedIn', userId: 'sub-cara', groups: ['client'] } });
    await expect(sending).rejects.toMatchObject({ statusCode: status, category, message: EMAIL_FAILURE_MESSAGES[category].description });
    const body = await sending.catch((e: { toJSON(): unknown }) => e.toJSON());
    expect(body).toMatchObject({ error: { category, message: EMAIL_FAILURE_MESSAGES[category].description } });
  });

  it('tells a signed-in user whose address is confirmed that there is nothing to resend', async () => {
    const { deps, token } = await signedUp();
    cognito.on(AdminUpdateUserAttributesCommand).resolves({});
    await confirmEmail(deps, token);
    await expect(resendConfirmation(deps, { caller: { kind: 'signedIn', userId: 'sub-cara', groups: ['client'] } })).rejects.toMatchObject({
      statusCode: 409,
      message: ACCOUNT_MESSAGES.alreadyConfirmed,
    });
  });
});
