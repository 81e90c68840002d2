import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, EMAIL_FAILURE_MESSAGES, EMAIL_RESEND_COUNTDOWN_S, MAIL_RATE_LIMIT, SECURITY_MESSAGES, TOKEN_TTL } from '@solutionz/shared';
import { documentClient } from '../../adapters/dynamodb';
import { createTableStore } from '../../data/table-store';
import { testAccountsDeps } from '../../testing/accounts-deps';
import { TEST_CREDENTIALS, TEST_REGION, useTestTable } from '../../testing/dynamodb-table';
import { failNextSend } from '../../testing/sdk-middleware';
import { nextSecond } from '../../testing/seconds';
import { linkToken } from '../../testing/ses-inbox';
import { createTestAccount, TEST_PASSWORD } from '../../testing/test-account';
import { useTestUserPool } from '../../testing/user-pool';
import { confirmEmailChange, requestEmailChange } from './email-change';

const table = useTestTable();
const pool = useTestUserPool();

const NEW_EMAIL = 'cara.new@example.co.uk';

/** The contact address on a provider's business item. */
async function businessEmailOf(userId: string): Promise<string | undefined> {
  const { profile, business } = createTableStore(
    documentClient(new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS })),
    table.tableName,
  ).entities;
  const { data } = await profile.get({ userId }).go({ consistent: true });
  return data?.businessId ? (await business.get({ businessId: data.businessId }).go({ consistent: true })).data?.businessEmail : undefined;
}

async function withAccount(type: 'client' | 'provider' | 'admin' = 'client') {
  const context = testAccountsDeps(table, pool);
  const account = await createTestAccount(context.deps, type);
  const request = (newEmail = NEW_EMAIL, currentPassword = TEST_PASSWORD) =>
    requestEmailChange(context.deps, account.caller, { newEmail, currentPassword }, '203.0.113.7');
  const mailTo = async (to: string) => (await context.sentMail()).filter((mail) => mail.destination.to.includes(to));
  return { ...context, ...account, request, mailTo };
}

describe('requestEmailChange', () => {
  it('mails a single-use link to the new address and tells the old one', async () => {
    const { request, mailTo, email, deps } = await withAccount();
    await expect(request()).resolves.toEqual({ sentTo: NEW_EMAIL, message: SECURITY_MESSAGES.emailChangeSent(NEW_EMAIL) });

    const [linkMail, ...moreToNew] = await mailTo(NEW_EMAIL);
    expect(moreToNew).toEqual([]);
    expect(linkMail!.body.text).toContain('https://solutionz.test/confirm-email-change?token=');
    const [alert, ...moreToOld] = await mailTo(email);
    expect(moreToOld).toEqual([]);
    expect(alert!.body.text).toContain(`change the email address of your Solutionz account to ${NEW_EMAIL}`);
    expect(alert!.body.text).toContain('If this was not you');
    // Nothing moves until the link is opened.
    expect((await deps.accounts.getProfile((await pool.user(email))!.sub))?.email).toBe(email);
  });

  it('checks the current password before it says anything about the new address', async () => {
    const { request, sentMail, deps } = await withAccount();
    await createTestAccount(deps, 'provider', { email: 'taken@example.co.uk' });
    await expect(request('taken@example.co.uk', 'Wrong-password-1')).rejects.toMatchObject({
      statusCode: 400,
      fields: { 'body.currentPassword': SECURITY_MESSAGES.currentPasswordWrong },
    });
    expect(await sentMail()).toEqual([]);
  });

  it('answers an address with an account as a free one, mailing it that someone tried, with no link', async () => {
    const { request, mailTo, email, deps, advance } = await withAccount();
    await createTestAccount(deps, 'provider', { email: 'taken@example.co.uk' });
    const free = await request();
    advance(60);
    const taken = await request('taken@example.co.uk');
    expect({ ...taken, sentTo: NEW_EMAIL, message: SECURITY_MESSAGES.emailChangeSent(NEW_EMAIL) }).toEqual(free);
    expect(taken).toEqual({ sentTo: 'taken@example.co.uk', message: SECURITY_MESSAGES.emailChangeSent('taken@example.co.uk') });

    const [tried, ...more] = await mailTo('taken@example.co.uk');
    expect(more).toEqual([]);
    expect(tried!.subject).toBe('Someone tried to move an account to your Solutionz email address');
    expect(tried!.body.text).toContain('This address already has a Solutionz account, so nothing was changed');
    expect(tried!.body.text).not.toContain('/confirm-email-change');
    // The account holder's own inbox reads the same for both.
    const alerts = await mailTo(email);
    expect(alerts.map((mail) => mail.subject)).toEqual([
      'Someone asked to change your Solutionz email address',
      'Someone asked to change your Solutionz email address',
    ]);
    expect(alerts[1]!.body.text).toBe(alerts[0]!.body.text!.replace(NEW_EMAIL, 'taken@example.co.uk'));
  });

  it('takes the caps before it looks the address up: a taken and a free address are refused alike once the day’s requests are used', async () => {
    const { request, sentMail, advance, deps } = await withAccount();
    await createTestAccount(deps, 'provider', { email: 'taken@example.co.uk' });
    for (let n = 0; n < MAIL_RATE_LIMIT.emailChangesPerAccount; n++) {
      await request(n % 2 ? 'taken@example.co.uk' : `free-${n}@example.co.uk`);
      advance(EMAIL_RESEND_COUNTDOWN_S);
    }
    const sent = (await sentMail()).length;
    type Answer = { statusCode: number; category?: string; message: string };
    const refusals: Answer[] = [];
    for (const address of ['taken@example.co.uk', 'free-new@example.co.uk']) {
      refusals.push(
        await request(address).then(
          ({ message }) => ({ statusCode: 202, message }),
          ({ statusCode, category, message }: Answer) => ({ statusCode, category, message }),
        ),
      );
      advance(EMAIL_RESEND_COUNTDOWN_S);
    }
    expect(refusals[0]).toEqual({ statusCode: 429, category: 'RATE_LIMIT', message: EMAIL_FAILURE_MESSAGES.RATE_LIMIT.description });
    expect(refusals[1]).toEqual(refusals[0]);
    expect(await sentMail()).toHaveLength(sent);
  });

  it('mails one address at most a few times a day, whichever accounts ask', async () => {
    const context = testAccountsDeps(table, pool);
    const accounts = await Promise.all(
      Array.from({ length: MAIL_RATE_LIMIT.perAddressFromStrangers + 1 }, (_, n) =>
        createTestAccount(context.deps, 'client', { email: `mover-${n}@example.co.uk` }),
      ),
    );
    const answers = [];
    for (const account of accounts) {
      answers.push(
        await requestEmailChange(context.deps, account.caller, { newEmail: 'target@example.co.uk', currentPassword: TEST_PASSWORD }, '203.0.113.7').catch(
          (error: { statusCode: number }) => error,
        ),
      );
    }
    expect(answers.at(-1)).toMatchObject({ statusCode: 429, category: 'RATE_LIMIT' });
    expect((await context.sentMail()).filter((mail) => mail.destination.to.includes('target@example.co.uk'))).toHaveLength(
      MAIL_RATE_LIMIT.perAddressFromStrangers,
    );
  });

  it('refuses the same address, the admin domain, an administrator, and a second request within the countdown', async () => {
    const { request, email, advance, deps } = await withAccount();
    await expect(request(email)).rejects.toMatchObject({ fields: { 'body.newEmail': SECURITY_MESSAGES.sameEmail } });
    await expect(request('someone@admin.solutionz.test')).rejects.toMatchObject({ fields: { 'body.newEmail': ACCOUNT_MESSAGES.emailReserved } });
    await request();
    await expect(request()).rejects.toMatchObject({ statusCode: 429, category: 'RATE_LIMIT' });
    advance(60);
    await expect(request()).resolves.toMatchObject({ sentTo: NEW_EMAIL });

    const admin = await createTestAccount(deps, 'admin', { email: 'head.office@admin.solutionz.test' });
    await expect(
      requestEmailChange(deps, admin.caller, { newEmail: 'boss@example.co.uk', currentPassword: TEST_PASSWORD }, '203.0.113.7'),
    ).rejects.toMatchObject({
      statusCode: 403,
      message: SECURITY_MESSAGES.adminEmailFixed,
    });
  });
});

describe('confirmEmailChange', () => {
  it('moves the sign-in, the profile and the address’s ownership to the new address, once', async () => {
    const { request, mailTo, email, userId, deps } = await withAccount();
    await request();
    const token = linkToken((await mailTo(NEW_EMAIL))[0], '/confirm-email-change');

    await expect(confirmEmailChange(deps, token)).resolves.toEqual({ email: NEW_EMAIL, message: SECURITY_MESSAGES.emailChanged(NEW_EMAIL) });
    expect(await deps.accounts.getProfile(userId)).toMatchObject({ email: NEW_EMAIL, emailConfirmedAt: '2026-11-21T12:00:00.000Z' });
    expect(await deps.accounts.findUserIdByEmail(NEW_EMAIL)).toBe(userId);
    expect(await deps.accounts.findUserIdByEmail(email)).toBeUndefined();
    expect(await pool.user(NEW_EMAIL)).toMatchObject({ sub: userId, emailVerified: true });
    expect(await pool.signsIn(NEW_EMAIL, TEST_PASSWORD)).toBe(true);
    expect(await pool.signsIn(email, TEST_PASSWORD)).toBe(false);
    expect((await mailTo(email)).at(-1)!.body.text).toContain(`was changed to ${NEW_EMAIL}`);

    await expect(confirmEmailChange(deps, token)).rejects.toMatchObject({ code: 'TOKEN_INVALID', message: SECURITY_MESSAGES.emailChangeLinkInvalid });
    // The old address is free for anyone again.
    await expect(createTestAccount(deps, 'provider', { email })).resolves.toMatchObject({ email });
  });

  it('ends every session of the account, refresh tokens included, and says so to the old address', async () => {
    const { request, mailTo, email, userId, deps, cognito } = await withAccount();
    const { AuthenticationResult: held } = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: pool.userPoolClientId,
        AuthParameters: { USERNAME: email, PASSWORD: TEST_PASSWORD },
      }),
    );
    const heldRefreshes = () =>
      cognito
        .send(
          new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: pool.userPoolClientId, AuthParameters: { REFRESH_TOKEN: held!.RefreshToken! } }),
        )
        .then(
          () => true,
          () => false,
        );
    await request();
    // Tokens count in whole seconds: the change comes in a later second than the sign-in.
    await nextSecond();
    expect(await heldRefreshes()).toBe(true);

    await confirmEmailChange(deps, linkToken((await mailTo(NEW_EMAIL))[0], '/confirm-email-change'));
    expect(await heldRefreshes()).toBe(false);
    expect(await deps.standing(userId)).toMatchObject({ sessionsValidAfter: Math.floor(deps.clock().getTime() / 1000) });
    expect((await mailTo(email)).at(-1)!.body.text).toContain('every device signed in to it was signed out');
  });

  it('moves a provider’s business contact to the new address', async () => {
    const { request, mailTo, deps, userId } = await withAccount('provider');
    await request();
    await confirmEmailChange(deps, linkToken((await mailTo(NEW_EMAIL))[0], '/confirm-email-change'));
    expect(await businessEmailOf(userId)).toBe(NEW_EMAIL);
  });

  it('puts everything back when Cognito refuses, and the same link then works', async () => {
    const { request, mailTo, email, userId, deps, cognito } = await withAccount('provider');
    await request();
    const token = linkToken((await mailTo(NEW_EMAIL))[0], '/confirm-email-change');
    const before = await deps.accounts.getProfile(userId);

    failNextSend(cognito, 'AdminUpdateUserAttributesCommand', new Error('Cognito is unavailable'));
    await expect(confirmEmailChange(deps, token)).rejects.toThrow('Cognito is unavailable');
    // The sessions stay ended: whoever asked to move the account is signed in again with fresh tokens.
    expect(await deps.accounts.getProfile(userId)).toEqual({ ...before, updatedAt: expect.any(String), sessionsValidAfter: expect.any(Number) });
    expect(await deps.accounts.findUserIdByEmail(email)).toBe(userId);
    expect(await deps.accounts.findUserIdByEmail(NEW_EMAIL)).toBeUndefined();
    expect(await businessEmailOf(userId)).toBe(email);
    expect(await pool.signsIn(email, TEST_PASSWORD)).toBe(true);

    await expect(confirmEmailChange(deps, token)).resolves.toMatchObject({ email: NEW_EMAIL });
    expect(await pool.signsIn(NEW_EMAIL, TEST_PASSWORD)).toBe(true);
  });

  it('changes the address once when the link is opened twice at the same moment', async () => {
    const { request, mailTo, deps } = await withAccount();
    await request();
    const token = linkToken((await mailTo(NEW_EMAIL))[0], '/confirm-email-change');
    const results = await Promise.allSettled([confirmEmailChange(deps, token), confirmEmailChange(deps, token)]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(await pool.signsIn(NEW_EMAIL, TEST_PASSWORD)).toBe(true);
  });

  it('refuses when the new address got an account after the link was sent, changing nothing', async () => {
    const { request, mailTo, email, userId, deps } = await withAccount();
    await request();
    const token = linkToken((await mailTo(NEW_EMAIL))[0], '/confirm-email-change');
    const other = await createTestAccount(deps, 'provider', { email: NEW_EMAIL });

    await expect(confirmEmailChange(deps, token)).rejects.toMatchObject({ statusCode: 409, message: ACCOUNT_MESSAGES.alreadyRegistered });
    expect((await deps.accounts.getProfile(userId))?.email).toBe(email);
    expect(await deps.accounts.findUserIdByEmail(NEW_EMAIL)).toBe(other.userId);
    expect(await pool.signsIn(email, TEST_PASSWORD)).toBe(true);
  });

  it('refuses a link after it expired, and an unknown one', async () => {
    const { request, mailTo, advance, deps } = await withAccount();
    await request();
    const token = linkToken((await mailTo(NEW_EMAIL))[0], '/confirm-email-change');
    advance(TOKEN_TTL.emailChangeHours * 3600);
    await expect(confirmEmailChange(deps, token)).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
    await expect(confirmEmailChange(deps, 'made-up')).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
  });
});
