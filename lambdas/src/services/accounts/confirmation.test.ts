import { SESv2ServiceException } from '@aws-sdk/client-sesv2';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, EMAIL_FAILURE_MESSAGES, EMAIL_MESSAGES, EMAIL_RESEND_COUNTDOWN_S, MAIL_RATE_LIMIT, signupSchema } from '@solutionz/shared';
import { confirmEmail, resendConfirmation } from './confirmation';
import { getMe } from './me';
import { signUp } from './signup';
import { hashToken } from './tokens';
import { testAccountsDeps } from '../../testing/accounts-deps';
import { useTestTable } from '../../testing/dynamodb-table';
import { failNextSend } from '../../testing/sdk-middleware';
import { linkToken } from '../../testing/ses-inbox';
import { useTestUserPool } from '../../testing/user-pool';

const table = useTestTable();
const pool = useTestUserPool();
/** The client address the requests come from. */
const IP = '203.0.113.7';

const client = signupSchema.parse({
  accountType: 'client',
  fullName: 'Cara',
  email: 'cara@example.co.uk',
  location: 'York',
  password: 'Correct-horse-1',
  confirmPassword: 'Correct-horse-1',
});

/** Cara signed up: her user, profile and the confirmation link that reached her inbox. */
async function signedUp() {
  const context = testAccountsDeps(table, pool);
  const { userId } = await signUp(context.deps, client, '203.0.113.1');
  const lastMail = async () => (await context.sentMail()).at(-1);
  return { ...context, userId, lastMail, token: linkToken(await lastMail(), '/confirm-email') };
}

describe('confirmEmail', () => {
  it('confirms once: the profile and Cognito say verified, and the same link is then refused', async () => {
    const { deps, token, userId, counted } = await signedUp();
    await expect(confirmEmail(deps, token)).resolves.toEqual({ email: 'cara@example.co.uk', accountType: 'client' });
    expect(counted.EmailConfirmations).toBe(1);
    expect((await pool.user('cara@example.co.uk'))?.emailVerified).toBe(true);
    const me = await getMe(deps, { kind: 'signedIn', userId, groups: ['client'] }, IP);
    expect(me.emailConfirmed).toBe(true);

    await expect(confirmEmail(deps, token)).rejects.toMatchObject({
      statusCode: 400,
      code: 'TOKEN_INVALID',
      message: ACCOUNT_MESSAGES.confirmationLinkInvalid,
    });
    expect(counted.EmailConfirmations).toBe(1);
  });

  it('confirms once when the same link is clicked twice at the same moment', async () => {
    const { deps, token } = await signedUp();
    const results = await Promise.allSettled([confirmEmail(deps, token), confirmEmail(deps, token)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'TOKEN_INVALID' } });
    expect((await pool.user('cara@example.co.uk'))?.emailVerified).toBe(true);
  });

  it('refuses a link after 24 hours and an unknown token', async () => {
    const { deps, token, advance } = await signedUp();
    advance(24 * 3600);
    await expect(confirmEmail(deps, token)).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
    await expect(confirmEmail(deps, 'made-up')).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
    expect((await pool.user('cara@example.co.uk'))?.emailVerified).toBe(false);
  });

  it('leaves the link usable when Cognito fails, so a second click works', async () => {
    const { deps, token, userId, cognito } = await signedUp();
    failNextSend(cognito, 'AdminUpdateUserAttributesCommand', new Error('Cognito is unavailable'));
    await expect(confirmEmail(deps, token)).rejects.toThrow('Cognito is unavailable');
    expect((await deps.accounts.getProfile(userId))?.emailConfirmedAt).toBeUndefined();
    expect((await pool.user('cara@example.co.uk'))?.emailVerified).toBe(false);
    await expect(confirmEmail(deps, token)).resolves.toMatchObject({ email: 'cara@example.co.uk' });
    expect((await pool.user('cara@example.co.uk'))?.emailVerified).toBe(true);
  });
});

describe('resendConfirmation', () => {
  it('sends a new link, then refuses within the countdown with the RATE_LIMIT class, and sends again after it', async () => {
    const { deps, advance, sentMail, lastMail, token: first } = await signedUp();
    await resendConfirmation(deps, 'cara@example.co.uk', IP);
    expect(await sentMail()).toHaveLength(2);
    const resent = await lastMail();
    expect(resent?.destination.to).toEqual(['cara@example.co.uk']);
    const second = linkToken(resent, '/confirm-email');
    expect(second).not.toBe(first);
    expect(await deps.tokens.getToken(hashToken(second))).toMatchObject({ purpose: 'confirm-email', email: 'cara@example.co.uk' });

    await expect(resendConfirmation(deps, 'cara@example.co.uk', IP)).rejects.toMatchObject({
      statusCode: 429,
      category: 'RATE_LIMIT',
      retryAfterSeconds: EMAIL_RESEND_COUNTDOWN_S,
    });
    advance(EMAIL_RESEND_COUNTDOWN_S);
    await resendConfirmation(deps, 'cara@example.co.uk', IP);
    expect(await sentMail()).toHaveLength(3);
  });

  it('sends one address at most a few a day asked for from one client address, refusing the next until the day ends, alike for an address without an account', async () => {
    const { deps, advance, sentMail } = await signedUp();
    const endOfDay = Math.floor(Date.parse('2026-11-22T00:00:00Z') / 1000);
    for (const email of ['cara@example.co.uk', 'nobody@example.co.uk']) {
      for (let sent = 0; sent < MAIL_RATE_LIMIT.perAddressFromIp; sent++) {
        await resendConfirmation(deps, email, IP);
        advance(EMAIL_RESEND_COUNTDOWN_S);
      }
      const refused = resendConfirmation(deps, email, IP);
      await expect(refused).rejects.toMatchObject({
        statusCode: 429,
        category: 'RATE_LIMIT',
        message: EMAIL_FAILURE_MESSAGES.RATE_LIMIT.description,
        retryAfterSeconds: endOfDay - Math.floor(deps.clock().getTime() / 1000),
        headers: { 'retry-after': String(endOfDay - Math.floor(deps.clock().getTime() / 1000)) },
      });
    }
    // The mail of the sign-up, and the ones asked for.
    expect(await sentMail()).toHaveLength(1 + MAIL_RATE_LIMIT.perAddressFromIp);
    advance(86_400);
    await expect(resendConfirmation(deps, 'cara@example.co.uk', IP)).resolves.toMatchObject({ message: expect.any(String) });
  });

  it('keeps a share of the day’s mails for the place Cara signed up from, whatever others ask for from elsewhere', async () => {
    const { deps, advance, sentMail } = await signedUp();
    let refusedElsewhere = 0;
    for (let place = 1; place <= 4; place++) {
      for (let n = 0; n < MAIL_RATE_LIMIT.perAddressFromIp; n++) {
        await resendConfirmation(deps, 'cara@example.co.uk', `198.51.100.${place}`).catch(() => refusedElsewhere++);
        advance(EMAIL_RESEND_COUNTDOWN_S);
      }
    }
    expect(refusedElsewhere).toBe(4 * MAIL_RATE_LIMIT.perAddressFromIp - MAIL_RATE_LIMIT.perAddressFromStrangers);
    // Sign-up was from 203.0.113.1.
    await expect(resendConfirmation(deps, 'cara@example.co.uk', '203.0.113.1')).resolves.toEqual({ message: EMAIL_MESSAGES.resent.description });
    expect(await sentMail()).toHaveLength(1 + MAIL_RATE_LIMIT.perAddressFromStrangers + 1);
  });

  it('takes at most 30 a day from one client address, also when they arrive at once', async () => {
    const { deps } = testAccountsDeps(table, pool);
    const answers = await Promise.allSettled(
      Array.from({ length: MAIL_RATE_LIMIT.perClientIp + 10 }, (_, n) => resendConfirmation(deps, `stranger-${n}@example.co.uk`, IP)),
    );
    const refused = answers.filter((answer) => answer.status === 'rejected');
    expect(answers.length - refused.length).toBe(MAIL_RATE_LIMIT.perClientIp);
    expect(refused.map((answer) => (answer as PromiseRejectedResult).reason)).toEqual(
      Array(10).fill(expect.objectContaining({ statusCode: 429, category: 'RATE_LIMIT' })),
    );
    await expect(resendConfirmation(deps, 'someone-else@example.co.uk', '198.51.100.9')).resolves.toMatchObject({ message: expect.any(String) });
  });

  it('answers an unknown address as a known unconfirmed one, sending it nothing', async () => {
    const { deps, sentMail } = await signedUp();
    const known = await resendConfirmation(deps, 'cara@example.co.uk', IP);
    const unknown = await resendConfirmation(deps, 'nobody@example.co.uk', IP);
    expect(known).toEqual({ message: EMAIL_MESSAGES.resent.description });
    expect(unknown).toEqual(known);
    // The sign-up's mail and the one resent to Cara; none to the unknown address.
    expect((await sentMail()).map((mail) => mail.destination.to)).toEqual([['cara@example.co.uk'], ['cara@example.co.uk']]);
  });

  it.each([
    ['SMTP_AUTH', 502, new SESv2ServiceException({ name: 'AccessDeniedException', $fault: 'client', $metadata: { httpStatusCode: 403 }, message: 'denied' })],
    ['NETWORK', 502, Object.assign(new Error('getaddrinfo ENOTFOUND email.eu-west-2.amazonaws.com'), { code: 'ENOTFOUND' })],
    ['SERVER', 502, new SESv2ServiceException({ name: 'InternalFailure', $fault: 'server', $metadata: { httpStatusCode: 500 }, message: 'boom' })],
    ['RATE_LIMIT', 429, new SESv2ServiceException({ name: 'TooManyRequestsException', $fault: 'client', $metadata: { httpStatusCode: 429 }, message: 'slow' })],
  ] as const)("answers an SES %s failure with that class and the product's wording", async (category, status, error) => {
    const { deps, ses, sentMail } = await signedUp();
    failNextSend(ses, 'SendEmailCommand', error);
    const sending = resendConfirmation(deps, 'cara@example.co.uk', IP);
    await expect(sending).rejects.toMatchObject({ statusCode: status, category, message: EMAIL_FAILURE_MESSAGES[category].description });
    const body = await sending.catch((e: { toJSON(): unknown }) => e.toJSON());
    expect(body).toMatchObject({ error: { category, message: EMAIL_FAILURE_MESSAGES[category].description } });
    expect(await sentMail()).toHaveLength(1);
  });

  it('answers a confirmed address as any other, sending no new link', async () => {
    const { deps, token, sentMail } = await signedUp();
    await confirmEmail(deps, token);
    const confirmed = await resendConfirmation(deps, 'cara@example.co.uk', IP);
    expect(confirmed).toEqual(await resendConfirmation(deps, 'nobody@example.co.uk', IP));
    expect(confirmed).toEqual({ message: EMAIL_MESSAGES.resent.description });
    expect(await sentMail()).toHaveLength(1);
  });
});
