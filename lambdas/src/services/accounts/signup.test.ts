import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { SendEmailCommand, SESv2Client, SESv2ServiceException } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, EMAIL_FAILURE_MESSAGES, SIGNUP_RATE_LIMIT, signupSchema, type Signup } from '@solutionz/shared';
import { hashToken } from './tokens';
import { signUp } from './signup';
import { testAccountsDeps } from '../../testing/accounts-deps';
import { useTestTable } from '../../testing/dynamodb-table';
import { failOnce } from '../../testing/fail-once';

const cognito = mockClient(CognitoIdentityProviderClient);
const ses = mockClient(SESv2Client);
const table = useTestTable();

/** A sign-up that failed keeps only its attempt counters (per IP address and per e-mail): no half-made account. */
const ONLY_ATTEMPT_COUNTERS = ['rateCounter', 'rateCounter'];

const provider: Signup = signupSchema.parse({
  accountType: 'provider',
  fullName: 'Priya  Kaur Patel',
  email: 'Priya@Example.co.uk',
  location: 'Birmingham',
  password: 'Correct-horse-1',
  confirmPassword: 'Correct-horse-1',
  phone: '0121 496 0000',
  businessName: 'Patel Electrical',
  categories: ['Construction/Trade > Electrician'],
});

function cognitoCreates(sub = 'sub-1') {
  cognito.on(AdminCreateUserCommand).callsFake((input: { Username: string }) => ({
    User: { Attributes: [{ Name: 'sub', Value: input.Username === provider.email ? sub : `sub-${input.Username}` }] },
  }));
  cognito.on(AdminSetUserPasswordCommand).resolves({});
  cognito.on(AdminAddUserToGroupCommand).resolves({});
  cognito.on(AdminDeleteUserCommand).resolves({});
}

describe('signUp', () => {
  beforeEach(() => {
    cognito.reset();
    ses.reset();
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
  });

  it('creates the user in its group, the profile with split names, and mails a link whose token is stored hashed', async () => {
    cognitoCreates();
    const { deps } = testAccountsDeps(table);
    const result = await signUp(deps, provider, '203.0.113.1');

    expect(result).toEqual({ userId: 'sub-1', email: 'priya@example.co.uk', accountType: 'provider', confirmationEmail: { sent: true } });
    expect(cognito.commandCalls(AdminCreateUserCommand)[0]!.args[0].input).toMatchObject({
      Username: 'priya@example.co.uk',
      MessageAction: 'SUPPRESS',
      UserAttributes: [{ Name: 'email', Value: 'priya@example.co.uk' }, { Name: 'email_verified', Value: 'false' }],
    });
    expect(cognito.commandCalls(AdminSetUserPasswordCommand)[0]!.args[0].input).toMatchObject({ Password: 'Correct-horse-1', Permanent: true });
    expect(cognito.commandCalls(AdminAddUserToGroupCommand)[0]!.args[0].input.GroupName).toBe('provider');
    expect(await deps.accounts.getProfile('sub-1')).toMatchObject({
      email: 'priya@example.co.uk',
      accountType: 'provider',
      firstName: 'Priya',
      lastName: 'Kaur Patel',
      businessName: 'Patel Electrical',
      phoneNumber: '0121 496 0000',
      categories: ['Construction/Trade > Electrician'],
    });
    expect(await deps.accounts.findUserIdByEmail('priya@example.co.uk')).toBe('sub-1');
    expect(await deps.accounts.searchBusinesses('patel', 10)).toEqual([expect.objectContaining({ businessName: 'Patel Electrical', businessEmail: 'priya@example.co.uk' })]);

    const text = ses.commandCalls(SendEmailCommand)[0]!.args[0].input.Content?.Simple?.Body?.Text?.Data ?? '';
    const token = /confirm-email\?token=(\S+)/.exec(text)?.[1];
    expect(token).toBeDefined();
    expect(await deps.accounts.getToken(token!)).toBeUndefined();
    expect(await deps.accounts.getToken(hashToken(token!))).toMatchObject({ purpose: 'confirm-email', userId: 'sub-1', expiresAt: Date.parse('2026-11-22T12:00:00Z') / 1000 });
  });

  it('leaves nothing behind when Cognito fails half-way, so the same sign-up then succeeds', async () => {
    cognitoCreates();
    cognito.on(AdminAddUserToGroupCommand).rejectsOnce(new Error('Cognito is unavailable')).resolves({});
    const { deps } = testAccountsDeps(table);

    await expect(signUp(deps, provider, '203.0.113.1')).rejects.toThrow('Cognito is unavailable');
    expect(cognito.commandCalls(AdminDeleteUserCommand)[0]!.args[0].input.Username).toBe('priya@example.co.uk');
    expect(await table.entities()).toEqual(ONLY_ATTEMPT_COUNTERS);
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);

    await expect(signUp(deps, provider, '203.0.113.1')).resolves.toMatchObject({ userId: 'sub-1' });
  });

  it('deletes the Cognito user and frees the address when the profile transaction fails', async () => {
    cognitoCreates();
    const context = testAccountsDeps(table);
    const deps = { ...context.deps, accounts: failOnce(context.deps.accounts, 'createAccount', new Error('TransactionCanceledException')) };

    await expect(signUp(deps, provider, '203.0.113.1')).rejects.toThrow('TransactionCanceledException');
    expect(cognito.commandCalls(AdminDeleteUserCommand)).toHaveLength(1);
    expect(await table.entities()).toEqual(ONLY_ATTEMPT_COUNTERS);
    await expect(signUp(deps, provider, '203.0.113.1')).resolves.toMatchObject({ confirmationEmail: { sent: true } });
  });

  it('frees the address when Cognito refuses to create the user', async () => {
    cognitoCreates();
    cognito.on(AdminCreateUserCommand).rejects(new Error('Cognito is unavailable'));
    const { deps } = testAccountsDeps(table);
    await expect(signUp(deps, provider, '203.0.113.1')).rejects.toThrow('Cognito is unavailable');
    expect(await table.entities()).toEqual(ONLY_ATTEMPT_COUNTERS);
  });

  it('replaces a Cognito user left by an earlier sign-up that died before its profile', async () => {
    cognitoCreates('sub-2');
    cognito.on(AdminCreateUserCommand).rejectsOnce(new UsernameExistsException({ message: 'exists', $metadata: {} })).resolves({ User: { Attributes: [{ Name: 'sub', Value: 'sub-2' }] } });
    const { deps } = testAccountsDeps(table);

    await expect(signUp(deps, provider, '203.0.113.1')).resolves.toMatchObject({ userId: 'sub-2' });
    expect(cognito.commandCalls(AdminDeleteUserCommand)).toHaveLength(1);
    expect(await deps.accounts.getProfile('sub-2')).toBeDefined();
    expect(await deps.accounts.findUserIdByEmail('priya@example.co.uk')).toBe('sub-2');
  });

  it('refuses a registered address with the spec message, creating no user', async () => {
    cognitoCreates();
    const { deps } = testAccountsDeps(table);
    await signUp(deps, provider, '203.0.113.1');
    cognito.resetHistory();
    await expect(signUp(deps, provider, '203.0.113.2')).rejects.toMatchObject({ statusCode: 409, message: ACCOUNT_MESSAGES.alreadyRegistered });
    expect(cognito.commandCalls(AdminCreateUserCommand)).toHaveLength(0);
  });

  it('limits attempts per e-mail and per IP address within a window, then lets them through again', async () => {
    cognitoCreates();
    const { deps, advance } = testAccountsDeps(table);
    for (let i = 0; i < SIGNUP_RATE_LIMIT.perEmail; i++) await signUp(deps, provider, `203.0.113.${i}`).catch(() => undefined);
    await expect(signUp(deps, provider, '203.0.113.99')).rejects.toMatchObject({
      statusCode: 429,
      message: ACCOUNT_MESSAGES.signupRateLimited,
      retryAfterSeconds: expect.any(Number),
    });

    advance(SIGNUP_RATE_LIMIT.windowSeconds);
    for (let i = 0; i < SIGNUP_RATE_LIMIT.perIp; i++) await signUp(deps, { ...provider, email: `p${i}@example.co.uk` }, '198.51.100.7');
    await expect(signUp(deps, { ...provider, email: 'one-more@example.co.uk' }, '198.51.100.7')).rejects.toMatchObject({ statusCode: 429 });
  });

  it.each([
    ['SMTP_AUTH', new SESv2ServiceException({ name: 'AccessDeniedException', $fault: 'client', $metadata: { httpStatusCode: 403 }, message: 'denied' }), EMAIL_FAILURE_MESSAGES.SMTP_AUTH.description],
    ['RATE_LIMIT', new SESv2ServiceException({ name: 'TooManyRequestsException', $fault: 'client', $metadata: { httpStatusCode: 429 }, message: 'slow down' }), EMAIL_FAILURE_MESSAGES.RATE_LIMIT.description],
    ['NETWORK', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), EMAIL_FAILURE_MESSAGES.NETWORK.description],
    ['SERVER', new SESv2ServiceException({ name: 'InternalFailure', $fault: 'server', $metadata: { httpStatusCode: 500 }, message: 'boom' }), EMAIL_FAILURE_MESSAGES.SERVER.description],
    ['UNKNOWN', new SESv2ServiceException({ name: 'MessageRejected', $fault: 'client', $metadata: { httpStatusCode: 400 }, message: 'Address blacklisted.' }), 'Address blacklisted.'],
  ])('keeps the account when the mail fails with %s and says why', async (category, error, message) => {
    cognitoCreates();
    ses.on(SendEmailCommand).rejects(error);
    const { deps } = testAccountsDeps(table);
    const result = await signUp(deps, provider, '203.0.113.1');
    expect(result.confirmationEmail).toEqual({ sent: false, category, message });
    expect(await deps.accounts.getProfile('sub-1')).toBeDefined();
    expect(await deps.accounts.findUserIdByEmail('priya@example.co.uk')).toBe('sub-1');
    expect(cognito.commandCalls(AdminDeleteUserCommand)).toHaveLength(0);
  });
});
