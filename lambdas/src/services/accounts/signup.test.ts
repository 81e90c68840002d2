import { SESv2ServiceException } from '@aws-sdk/client-sesv2';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  ADMIN_CATEGORY_MESSAGES,
  EMAIL_FAILURE_MESSAGES,
  LOCATION_MESSAGES,
  SIGNUP_RATE_LIMIT,
  signupSchema,
  type Signup,
} from '@solutionz/shared';
import type { AccountRepository } from '../../data/account-repository';
import { forgetLiveTaxonomy } from '../../data/live-taxonomy';
import { seedCategories } from '../../data/seed-categories';
import { PlaceNotFoundError } from '../../errors';
import { hashToken } from './tokens';
import { signUp } from './signup';
import { testAccountsDeps } from '../../testing/accounts-deps';
import { useTestTable } from '../../testing/dynamodb-table';
import { failOnce } from '../../testing/fail-once';
import { failNextSend, recordSends } from '../../testing/sdk-middleware';
import { linkToken } from '../../testing/ses-inbox';
import { useTestUserPool } from '../../testing/user-pool';

const table = useTestTable();
const pool = useTestUserPool();

/**
 * What the table still holds of Priya's account: after a failed sign-up, nothing (no profile, address or business
 * name; only the attempt counters, per IP address and per e-mail, which expire within the hour).
 */
async function storedOfPriya({ accounts, clock }: { accounts: AccountRepository; clock: () => Date }) {
  const addressFree = await accounts.reserveEmail('priya@example.co.uk', 'probe', clock(), 60);
  if (addressFree) await accounts.releaseEmail('priya@example.co.uk', 'probe');
  return { addressFree, items: await table.itemsMentioning('Patel', 'Kaur', '0121 496 0000') };
}
const NOTHING_OF_PRIYA = { addressFree: true, items: [] };

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

describe('signUp', () => {
  it('creates the user in its group, the profile with split names, and mails a link whose token is stored hashed', async () => {
    const { deps, cognito, sentMail, counted } = testAccountsDeps(table, pool);
    const sends = recordSends(cognito);
    const result = await signUp(deps, provider, '203.0.113.1');
    expect(counted).toEqual({ SignUps: 1 });

    const user = await pool.user('priya@example.co.uk');
    expect(user).toEqual({ sub: expect.any(String), emailVerified: false, status: 'CONFIRMED', groups: ['provider'], enabled: true });
    expect(result).toEqual({ userId: user!.sub, email: 'priya@example.co.uk', accountType: 'provider', confirmationEmail: { sent: true } });
    expect(await pool.signsIn('priya@example.co.uk', 'Correct-horse-1')).toBe(true);
    // Cognito must not send its own invitation: our confirmation mail is the only one.
    expect(sends.inputsOf('AdminCreateUserCommand')).toEqual([expect.objectContaining({ Username: 'priya@example.co.uk', MessageAction: 'SUPPRESS' })]);
    expect(await deps.accounts.getProfile(result.userId)).toMatchObject({
      email: 'priya@example.co.uk',
      accountType: 'provider',
      firstName: 'Priya',
      lastName: 'Kaur Patel',
      businessName: 'Patel Electrical',
      phoneNumber: '0121 496 0000',
      categories: ['Construction/Trade > Electrician'],
      location: 'Birmingham',
      placeName: 'Birmingham',
      lat: 52.48142,
      lng: -1.89983,
      geohash: 'gcqdscbw6',
      placePrecision: 'town',
    });
    expect(await deps.accounts.findUserIdByEmail('priya@example.co.uk')).toBe(result.userId);
    expect(await deps.businesses.searchBusinesses('patel', 10)).toEqual([{ businessId: expect.any(String), businessName: 'Patel Electrical' }]);

    const mails = await sentMail();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.destination.to).toEqual(['priya@example.co.uk']);
    const token = linkToken(mails[0], '/confirm-email');
    expect(mails[0]!.body.text).toContain(`https://solutionz.test/confirm-email?token=${token}`);
    expect(await deps.tokens.getToken(token)).toBeUndefined();
    expect(await deps.tokens.getToken(hashToken(token))).toMatchObject({
      purpose: 'confirm-email',
      userId: result.userId,
      expiresAt: Date.parse('2026-11-22T12:00:00Z') / 1000,
    });
  });

  it('refuses a provider a category the admin deleted, by name, and keeps nothing', async () => {
    const { deps } = testAccountsDeps(table, pool);
    await seedCategories(table.repositories);
    const electrician = (await table.repositories.categories.listAll()).categories.find((category) => category.slug === 'electrician')!;
    await table.repositories.categories.putCategories([{ ...electrician, isActive: false }]);
    forgetLiveTaxonomy(table.tableName);
    await expect(signUp(deps, provider, '203.0.113.9')).rejects.toMatchObject({
      message: ADMIN_CATEGORY_MESSAGES.inactive('Electrician'),
      fields: { 'body.categories': ADMIN_CATEGORY_MESSAGES.inactive('Electrician') },
    });
    expect(await storedOfPriya(deps)).toEqual(NOTHING_OF_PRIYA);
    forgetLiveTaxonomy(table.tableName);
  });

  it('stores a postcode as typed beside the place it is in', async () => {
    const { deps } = testAccountsDeps(table, pool);
    const result = await signUp(deps, { ...provider, location: 'sw1a1aa' }, '203.0.113.1');
    expect(await deps.accounts.getProfile(result.userId)).toMatchObject({
      location: 'sw1a1aa',
      placeName: 'SW1A 1AA',
      lat: 51.5055,
      lng: -0.1395,
      geohash: 'gcpvhb63m',
      placePrecision: 'sector',
    });
  });

  it.each([
    ['Xyzzy Plugh', LOCATION_MESSAGES.notFound, []],
    ['Richmond', LOCATION_MESSAGES.ambiguous('Richmond'), ['Richmond, Greater London', 'Richmond, North Yorkshire']],
  ])('refuses the location %j as a field error with places to choose from, creating nothing', async (location, message, suggested) => {
    const { deps, sentMail } = testAccountsDeps(table, pool);
    const error = await signUp(deps, { ...provider, location }, '203.0.113.1').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlaceNotFoundError);
    const body = (error as PlaceNotFoundError).toJSON().error;
    expect(body.fields).toEqual({ 'body.location': message });
    expect(body.suggestions?.map((place) => place.name)).toEqual(suggested);
    expect(await pool.emails()).toEqual([]);
    expect(await storedOfPriya(deps)).toEqual(NOTHING_OF_PRIYA);
    expect(await sentMail()).toHaveLength(0);

    await expect(signUp(deps, { ...provider, location: 'Richmond, North Yorkshire' }, '203.0.113.1')).resolves.toMatchObject({ email: 'priya@example.co.uk' });
  });

  it('leaves nothing behind when Cognito fails half-way, so the same sign-up then succeeds', async () => {
    const { deps, cognito, sentMail } = testAccountsDeps(table, pool);
    failNextSend(cognito, 'AdminAddUserToGroupCommand', new Error('Cognito is unavailable'));

    await expect(signUp(deps, provider, '203.0.113.1')).rejects.toThrow('Cognito is unavailable');
    expect(await pool.emails()).toEqual([]);
    expect(await storedOfPriya(deps)).toEqual(NOTHING_OF_PRIYA);
    expect(await sentMail()).toHaveLength(0);

    const result = await signUp(deps, provider, '203.0.113.1');
    expect(result.userId).toBe((await pool.user('priya@example.co.uk'))?.sub);
    expect((await pool.user('priya@example.co.uk'))?.groups).toEqual(['provider']);
  });

  it('deletes the Cognito user and frees the address when the profile transaction fails', async () => {
    const context = testAccountsDeps(table, pool);
    const deps = { ...context.deps, accounts: failOnce(context.deps.accounts, 'createAccount', new Error('TransactionCanceledException')) };

    await expect(signUp(deps, provider, '203.0.113.1')).rejects.toThrow('TransactionCanceledException');
    expect(await pool.emails()).toEqual([]);
    expect(await storedOfPriya(deps)).toEqual(NOTHING_OF_PRIYA);
    await expect(signUp(deps, provider, '203.0.113.1')).resolves.toMatchObject({ confirmationEmail: { sent: true } });
    expect(await pool.emails()).toEqual(['priya@example.co.uk']);
  });

  it('frees the address when Cognito refuses to create the user', async () => {
    const { deps, cognito } = testAccountsDeps(table, pool);
    failNextSend(cognito, 'AdminCreateUserCommand', new Error('Cognito is unavailable'));
    await expect(signUp(deps, provider, '203.0.113.1')).rejects.toThrow('Cognito is unavailable');
    expect(await storedOfPriya(deps)).toEqual(NOTHING_OF_PRIYA);
    expect(await pool.emails()).toEqual([]);
  });

  it('replaces a Cognito user left by an earlier sign-up that died before its profile', async () => {
    const { deps } = testAccountsDeps(table, pool);
    const leftOver = await deps.identity.createUser('priya@example.co.uk', 'Old-password-1', 'client');

    const result = await signUp(deps, provider, '203.0.113.1');
    expect(result.userId).not.toBe(leftOver);
    expect(await pool.emails()).toEqual(['priya@example.co.uk']);
    expect(await pool.user('priya@example.co.uk')).toMatchObject({ sub: result.userId, groups: ['provider'] });
    expect(await pool.signsIn('priya@example.co.uk', 'Old-password-1')).toBe(false);
    expect(await deps.accounts.getProfile(result.userId)).toBeDefined();
    expect(await deps.accounts.findUserIdByEmail('priya@example.co.uk')).toBe(result.userId);
  });

  it("refuses a registered address with the product's message, creating no user", async () => {
    const { deps } = testAccountsDeps(table, pool);
    const first = await signUp(deps, provider, '203.0.113.1');
    await expect(signUp(deps, { ...provider, password: 'Other-horse-2', confirmPassword: 'Other-horse-2' }, '203.0.113.2')).rejects.toMatchObject({
      statusCode: 409,
      message: ACCOUNT_MESSAGES.alreadyRegistered,
    });
    expect(await pool.emails()).toEqual(['priya@example.co.uk']);
    expect((await pool.user('priya@example.co.uk'))?.sub).toBe(first.userId);
    expect(await pool.signsIn('priya@example.co.uk', 'Correct-horse-1')).toBe(true);
  });

  it('limits attempts per e-mail and per IP address within a window, then lets them through again', async () => {
    const { deps, advance } = testAccountsDeps(table, pool);
    for (let i = 0; i < SIGNUP_RATE_LIMIT.perEmail; i++) await signUp(deps, provider, `203.0.113.${i}`).catch(() => undefined);
    await expect(signUp(deps, provider, '203.0.113.99')).rejects.toMatchObject({
      statusCode: 429,
      message: ACCOUNT_MESSAGES.signupRateLimited,
      retryAfterSeconds: expect.any(Number),
    });

    advance(SIGNUP_RATE_LIMIT.windowSeconds);
    for (let i = 0; i < SIGNUP_RATE_LIMIT.perIp; i++) await signUp(deps, { ...provider, email: `p${i}@example.co.uk` }, '198.51.100.7');
    await expect(signUp(deps, { ...provider, email: 'one-more@example.co.uk' }, '198.51.100.7')).rejects.toMatchObject({ statusCode: 429 });
    expect(await pool.emails()).not.toContain('one-more@example.co.uk');
  });

  it.each([
    [
      'SMTP_AUTH',
      new SESv2ServiceException({ name: 'AccessDeniedException', $fault: 'client', $metadata: { httpStatusCode: 403 }, message: 'denied' }),
      EMAIL_FAILURE_MESSAGES.SMTP_AUTH.description,
    ],
    [
      'RATE_LIMIT',
      new SESv2ServiceException({ name: 'TooManyRequestsException', $fault: 'client', $metadata: { httpStatusCode: 429 }, message: 'slow down' }),
      EMAIL_FAILURE_MESSAGES.RATE_LIMIT.description,
    ],
    ['NETWORK', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), EMAIL_FAILURE_MESSAGES.NETWORK.description],
    [
      'SERVER',
      new SESv2ServiceException({ name: 'InternalFailure', $fault: 'server', $metadata: { httpStatusCode: 500 }, message: 'boom' }),
      EMAIL_FAILURE_MESSAGES.SERVER.description,
    ],
    [
      'UNKNOWN',
      new SESv2ServiceException({ name: 'MessageRejected', $fault: 'client', $metadata: { httpStatusCode: 400 }, message: 'Address blacklisted.' }),
      'Address blacklisted.',
    ],
  ])('keeps the account when the mail fails with %s and says why', async (category, error, message) => {
    const { deps, ses, sentMail } = testAccountsDeps(table, pool);
    failNextSend(ses, 'SendEmailCommand', error);
    const result = await signUp(deps, provider, '203.0.113.1');
    expect(result.confirmationEmail).toEqual({ sent: false, category, message });
    expect(await deps.accounts.getProfile(result.userId)).toBeDefined();
    expect(await deps.accounts.findUserIdByEmail('priya@example.co.uk')).toBe(result.userId);
    expect((await pool.user('priya@example.co.uk'))?.sub).toBe(result.userId);
    expect(await sentMail()).toHaveLength(0);
  });
});
