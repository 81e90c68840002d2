import {
  AdminSetUserMFAPreferenceCommand,
  AssociateSoftwareTokenCommand,
  InitiateAuthCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { generateSync } from 'otplib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ADMIN_CONSOLE_MESSAGES, erasedPersonName, type AdminReason } from '@solutionz/shared';
import { ukMonth } from '../../data/admin';
import { entityOf } from '../../data/raw-commands';
import { createTableStore } from '../../data/table-store';
import { AdminMfaRequiredError, ConflictError, NotFoundError, ValidationError } from '../../errors';
import { adminTestDeps } from '../../testing/admin-deps';
import { TEST_CREDENTIALS, TEST_REGION, useTestTable } from '../../testing/dynamodb-table';
import { useTestMediaBucket } from '../../testing/media-bucket';
import { useTestStripe } from '../../testing/stripe';
import { createTestAccount, type TestAccount } from '../../testing/test-account';
import { useTestUserPool } from '../../testing/user-pool';
import { createFeedback } from '../feedback/feedback';
import type { Eraser } from '../privacy/personal-data';
import { listAudit, pseudonymOf } from './audit';
import { listClaims } from './claims';
import { createLogoUpload, createProvider } from './create-provider';
import { analytics } from './analytics';
import { dashboard } from './dashboard';
import { deleteFeedback, listFeedback, setFeedbackApproval, updateFeedback } from './feedback';
import { requireAdminTwoStep } from './two-step';
import { deleteUser, getUser, listUsers, setUserActive, setUserVisible, updateUser } from './users';
import { recordSignIn } from '../security/active-sessions';

const table = useTestTable();
const pool = useTestUserPool();
const media = useTestMediaBucket();
const stripe = useTestStripe();

const SPAM: AdminReason = { code: 'spam', note: 'Posted adverts in every review' };
const MESSAGES = ADMIN_CONSOLE_MESSAGES.users;

const admin = (options: { requireAdminMfa?: boolean } = {}) => adminTestDeps(table, pool, media, stripe, options);

type Context = ReturnType<typeof admin>;
let people = 0;
const documents = () => DynamoDBDocumentClient.from(new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS }));

function account(context: Context, type: 'client' | 'provider' | 'admin', overrides: Parameters<typeof createTestAccount>[2] = {}): Promise<TestAccount> {
  const n = ++people;
  const email = type === 'admin' ? `head.office${n}@admin.solutionz.test` : `${type}${n}@example.co.uk`;
  return createTestAccount(context.deps, type, { email, ...overrides }, context.deps.clock());
}

/** A provider whose membership runs (as Stripe's webhook leaves the profile), listed in the directory. */
async function listedProvider(context: Context, overrides: Parameters<typeof createTestAccount>[2] = {}): Promise<TestAccount> {
  const provider = await account(context, 'provider', overrides);
  await createTableStore(documents(), table.tableName)
    .entities.profile.patch({ userId: provider.userId })
    .set({ subscriptionTier: 'monthly', subscriptionEnd: '2027-06-01T00:00:00.000Z' })
    .go({ response: 'none' });
  await table.repositories.directory.syncListing(provider.userId, context.deps.clock());
  return provider;
}

/** What the feedback services need besides the admin's dependencies (a client writes feedback). */
const feedbackDeps = (context: Context) => ({ ...context.deps, standing: table.repositories.standing, newId: context.deps.random.id });

const scanAll = async () => {
  const client = documents();
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: table.tableName, ConsistentRead: true, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
};

/** The dashboard's figures counted the slow way: every item of the table. */
async function bruteCount(now: Date) {
  const items = await scanAll();
  const of = (entity: string) => items.filter((item) => entityOf(item) === entity);
  const feedback = of('feedback');
  return {
    businesses: of('business').length,
    listedProviders: of('listing').filter((item) => !item.tombstone).length,
    businessesThisMonth: of('business').filter((item) => ukMonth(item.createdAt as string) === ukMonth(now)).length,
    pendingFeedback: feedback.filter((item) => item.approved === false).length,
    approvedFeedback: feedback.filter((item) => item.approved === true).length,
    openReports: of('messageReport').filter((item) => item.status === 'open').length,
    providers: of('profile').filter((item) => item.accountType === 'provider').length,
    clients: of('profile').filter((item) => item.accountType === 'client').length,
  };
}

// Each test signs up several accounts through cognito-local and writes many items: seconds on a busy machine.
describe('the dashboard', { timeout: 60_000 }, () => {
  it('keeps every counter equal to a brute count while people sign up, get listed and are moderated at the same time', async () => {
    const context = admin();
    const boss = await account(context, 'admin');
    const [providers, clients] = await Promise.all([
      Promise.all(Array.from({ length: 6 }, () => listedProvider(context))),
      Promise.all(Array.from({ length: 4 }, () => account(context, 'client'))),
    ]);
    const written = await Promise.all(
      clients.flatMap((client, c) =>
        providers
          .slice(0, 3)
          .map((provider, p) => createFeedback(feedbackDeps(context), client.caller, provider.userId, { rating: 1 + ((c + p) % 5), title: `Job ${c}-${p}` })),
      ),
    );
    // Two admins moderating the same feedback at once, hiding and listing providers, and more sign-ups, all together.
    await Promise.all([
      ...written
        .slice(0, 6)
        .flatMap((entry) => [
          setFeedbackApproval(context.deps, boss.caller, { providerId: entry.providerId, feedbackId: entry.id }, { approved: false, reason: SPAM }),
          setFeedbackApproval(context.deps, boss.caller, { providerId: entry.providerId, feedbackId: entry.id }, { approved: false, reason: SPAM }),
        ]),
      setUserVisible(context.deps, boss.caller, providers[4]!.userId, { visible: false, reason: SPAM }),
      setUserActive(context.deps, boss.caller, providers[5]!.userId, { active: false, reason: SPAM }),
      listedProvider(context),
      account(context, 'provider'),
      deleteFeedback(context.deps, boss.caller, { providerId: written[11]!.providerId, feedbackId: written[11]!.id }, { reason: SPAM }),
    ]);
    context.advance(1);
    await setFeedbackApproval(context.deps, boss.caller, { providerId: written[0]!.providerId, feedbackId: written[0]!.id }, { approved: true });

    const now = context.deps.clock();
    const brute = await bruteCount(now);
    expect(brute).toEqual({
      businesses: 8,
      listedProviders: 5,
      businessesThisMonth: 8,
      pendingFeedback: 5,
      approvedFeedback: 6,
      openReports: 0,
      providers: 8,
      clients: 4,
    });
    expect(await table.repositories.admin.stats(now)).toEqual(brute);
    const { stats, recentActivity } = await dashboard(context.deps, boss.caller);
    expect(stats).toEqual({ businesses: 8, listedProviders: 5, businessesThisMonth: 8, pendingFeedback: 5, openReports: 0 });
    // Each admin action once: a second unpublish of the same feedback changed nothing and recorded nothing.
    expect(recentActivity).toHaveLength(10);
    expect(recentActivity[0]).toMatchObject({ action: 'feedback.approve', actor: { id: boss.userId, name: 'head.office' }, reason: null });
    const all = await listAudit(context.deps, boss.caller, {}, 50);
    expect(all.entries.map((entry) => entry.action).sort()).toEqual(
      ['feedback.approve', 'feedback.delete', 'user.deactivate', 'user.hide', ...Array<string>(6).fill('feedback.unapprove')].sort(),
    );
  });
});

/** Turns 2-step verification on as the security tab does: a new authenticator secret, confirmed with its code, preferred. */
async function turnOnTwoStep(context: Context, person: TestAccount): Promise<void> {
  const { AuthenticationResult } = await context.cognito.send(
    // Through the server's app client, as the API does: the web client's tokens may not set 2-step up.
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: pool.serverClientId,
      AuthParameters: { USERNAME: person.email, PASSWORD: person.password },
    }),
  );
  const AccessToken = AuthenticationResult!.AccessToken!;
  const { SecretCode } = await context.cognito.send(new AssociateSoftwareTokenCommand({ AccessToken }));
  await context.cognito.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: generateSync({ secret: SecretCode! }) }));
  await context.cognito.send(new SetUserMFAPreferenceCommand({ AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
  await table.repositories.accounts.setMfaEnabled(person.userId, true, context.deps.clock().toISOString());
}

describe('the admin 2-step rule', { timeout: 60_000 }, () => {
  it('reads the real 2-step state from Cognito: turned off there, the admin is refused though the profile still says on', async () => {
    const context = admin({ requireAdminMfa: true });
    const boss = await account(context, 'admin');
    const admitted = () => requireAdminTwoStep(context.deps, boss.caller);
    await expect(admitted()).rejects.toThrow(AdminMfaRequiredError);

    await turnOnTwoStep(context, boss);
    await expect(admitted()).resolves.toBeUndefined();

    // Off directly at Cognito: the profile's copy is left saying on.
    await context.cognito.send(
      new AdminSetUserMFAPreferenceCommand({
        UserPoolId: pool.userPoolId,
        Username: boss.userId,
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
      }),
    );
    expect((await table.repositories.accounts.getProfile(boss.userId))?.mfaEnabled).toBe(true);
    await expect(admitted()).rejects.toThrow(ADMIN_CONSOLE_MESSAGES.mfaRequired);

    // Where the stage does not require it, nothing is asked.
    await expect(requireAdminTwoStep(admin().deps, boss.caller)).resolves.toBeUndefined();
  });
});

describe('the users table', { timeout: 60_000 }, () => {
  it('pages newest first, filters by type and finds people by word and prefix of names, business and address', async () => {
    const context = admin();
    const boss = await account(context, 'admin');
    for (let n = 0; n < 23; n++) {
      context.advance(60);
      await account(context, n % 2 ? 'client' : 'provider', {
        firstName: `Person${n}`,
        lastName: n === 7 ? 'Ó Briain' : 'Smith',
        ...(n % 2 ? {} : { businessName: `Works ${n} Ltd` }),
      });
    }
    const first = await listUsers(context.deps, boss.caller, { type: 'all' });
    expect(first.users).toHaveLength(20);
    expect(first.users[0]!.firstName).toBe('Person22');
    const second = await listUsers(context.deps, boss.caller, { type: 'all', cursor: first.nextCursor });
    expect(second.users.map((user) => user.firstName)).toEqual(['Person2', 'Person1', 'Person0', 'head.office']);
    expect(second.nextCursor).toBeUndefined();
    expect(first.users[0]).toMatchObject({ email: expect.stringMatching(/@example\.co\.uk$/), accountType: 'provider', listing: 'none', isActive: true });

    const clients = await listUsers(context.deps, boss.caller, { type: 'client' });
    expect(clients.users.map((user) => user.accountType)).toEqual(Array(11).fill('client'));

    const find = async (q: string, type: 'all' | 'client' | 'provider' = 'all') =>
      (await listUsers(context.deps, boss.caller, { q, type })).users.map((user) => user.firstName).sort();
    expect(await find('Briáin')).toEqual(['Person7']);
    expect(await find('works 1')).toEqual(['Person10', 'Person12', 'Person14', 'Person16', 'Person18']);
    expect(await find('person1', 'client')).toHaveLength(6);
    expect(await find('example.co.uk person3')).toEqual(['Person3']);
    expect(await find('nobody')).toEqual([]);

    const paged = await listUsers(context.deps, boss.caller, { q: 'smi', type: 'all' });
    const rest = await listUsers(context.deps, boss.caller, { q: 'smi', type: 'all', cursor: paged.nextCursor });
    expect(paged.users).toHaveLength(20);
    expect(new Set([...paged.users, ...rest.users].map((user) => user.userId)).size).toBe(22);
    await expect(listUsers(context.deps, boss.caller, { q: 'works', type: 'all', cursor: paged.nextCursor })).rejects.toThrow(ValidationError);
  });

  it('renames, and changes the account type only where it breaks nothing', async () => {
    const context = admin();
    const boss = await account(context, 'admin');
    const client = await account(context, 'client');
    const member = await listedProvider(context);

    const renamed = await updateUser(context.deps, boss.caller, client.userId, { firstName: 'Carla', lastName: 'Clarke', accountType: 'provider' });
    expect(renamed).toMatchObject({ firstName: 'Carla', lastName: 'Clarke', accountType: 'provider' });
    expect((await pool.user(client.email))!.groups).toEqual(['provider']);
    expect((await listUsers(context.deps, boss.caller, { q: 'carla', type: 'provider' })).users).toHaveLength(1);
    expect((await listUsers(context.deps, boss.caller, { q: 'carla', type: 'client' })).users).toHaveLength(0);

    await expect(updateUser(context.deps, boss.caller, member.userId, { firstName: 'Priya', lastName: 'Patel', accountType: 'client' })).rejects.toThrow(
      MESSAGES.typeChange.membership,
    );
    await expect(updateUser(context.deps, boss.caller, boss.userId, { firstName: 'head.office', lastName: '', accountType: 'client' })).rejects.toThrow(
      ConflictError,
    );
    await expect(updateUser(context.deps, boss.caller, 'nobody', { firstName: 'A', lastName: 'B' })).rejects.toThrow(NotFoundError);
    const audit = await listAudit(context.deps, boss.caller, { targetId: client.userId }, 10);
    expect(audit.entries).toEqual([
      expect.objectContaining({
        action: 'user.typeChange',
        before: { firstName: 'Cara', lastName: 'Client', accountType: 'client' },
        after: { firstName: 'Carla', lastName: 'Clarke', accountType: 'provider' },
      }),
    ]);
  });

  it('deactivates: the sign-in is disabled, the listing goes and the person is told why; activating restores it', async () => {
    const context = admin();
    const boss = await account(context, 'admin');
    const provider = await listedProvider(context);
    const signedIn = { sessions: table.repositories.sessions, standing: table.repositories.standing, clock: context.deps.clock };
    await recordSignIn(signedIn, provider.userId);
    await recordSignIn(signedIn, provider.userId);
    await recordSignIn(signedIn, boss.userId);
    expect(await table.repositories.sessions.activeCount(context.deps.clock())).toBe(3);

    await setUserActive(context.deps, boss.caller, provider.userId, { active: false, reason: SPAM });
    expect(context.purges).toEqual([['/directory*', '/api/providers*']]);
    // Only the admin's own session is still active.
    expect(await table.repositories.sessions.activeCount(context.deps.clock())).toBe(1);
    expect(await table.repositories.standing(provider.userId)).toMatchObject({ isActive: false, sessionsValidAfter: expect.any(Number) });
    expect((await pool.user(provider.email))!.enabled).toBe(false);
    expect((await table.repositories.directory.getListings([provider.userId])).size).toBe(0);
    const mail = (await context.sentMail()).at(-1)!;
    expect(mail).toMatchObject({ destination: { to: [provider.email] }, subject: 'Your Solutionz account has been deactivated' });
    expect(mail.body.text).toContain('Reason: Spam or advertising - Posted adverts in every review');

    await setUserActive(context.deps, boss.caller, provider.userId, { active: true });
    expect((await pool.user(provider.email))!.enabled).toBe(true);
    expect((await table.repositories.directory.getListings([provider.userId])).size).toBe(1);
    expect((await getUser(context.deps, boss.caller, provider.userId)).isActive).toBe(true);

    await expect(setUserActive(context.deps, boss.caller, boss.userId, { active: false, reason: SPAM })).rejects.toThrow(MESSAGES.notOnYourself);
    const other = await account(context, 'admin');
    await expect(setUserVisible(context.deps, boss.caller, other.userId, { visible: false, reason: SPAM })).rejects.toThrow(MESSAGES.adminProtected);
  });

  it('hides a provider from the directory at once and shows them again', async () => {
    const context = admin();
    const boss = await account(context, 'admin');
    const provider = await listedProvider(context);
    await setUserVisible(context.deps, boss.caller, provider.userId, { visible: false, reason: SPAM });
    expect((await table.repositories.directory.getListings([provider.userId])).size).toBe(0);
    // The cached copies of the provider's page and of the directory's searches go with the listing, not when their max age ends.
    expect(context.purges).toEqual([['/directory*', '/api/providers*']]);
    expect((await context.sentMail()).at(-1)).toMatchObject({ subject: 'Your Solutionz profile is hidden from the directory' });
    await setUserVisible(context.deps, boss.caller, provider.userId, { visible: true });
    expect((await table.repositories.directory.getListings([provider.userId])).size).toBe(1);
    expect(context.purges).toHaveLength(2);
    // Asking for the state it has changes nothing, and purges nothing.
    await setUserVisible(context.deps, boss.caller, provider.userId, { visible: true });
    expect(context.purges).toHaveLength(2);
  });

  it('refuses to hide or show a client, who is never in the directory, and mails nobody', async () => {
    const context = admin();
    const boss = await account(context, 'admin');
    const client = await account(context, 'client');
    const mailsBefore = (await context.sentMail()).length;
    for (const input of [{ visible: false, reason: SPAM }, { visible: true }]) {
      await expect(setUserVisible(context.deps, boss.caller, client.userId, input)).rejects.toMatchObject({
        statusCode: 409,
        message: MESSAGES.onlyProvidersListed,
      });
    }
    expect((await context.sentMail()).length).toBe(mailsBefore);
    expect((await getUser(context.deps, boss.caller, client.userId)).isVisible).toBe(true);
    expect((await listAudit(context.deps, boss.caller, { targetId: client.userId }, 10)).entries.map((entry) => entry.action)).not.toContain('user.hide');
  });

  it('deletes as the account’s own deletion does, and the audit trail keeps the entries without the person', async () => {
    const context = admin();
    const boss = await account(context, 'admin');
    const provider = await listedProvider(context);
    await setUserVisible(context.deps, boss.caller, provider.userId, { visible: false, reason: SPAM });
    context.advance(1);

    await deleteUser(context.deps, boss.caller, provider.userId, { reason: { code: 'requested', note: '' } });
    // Nothing names the person: their id stays only on the two audit entries about them, which hold no name or address.
    expect(await table.itemsMentioning(provider.email, 'Patel', 'Priya')).toEqual([]);
    expect((await table.itemsMentioning(provider.userId)).map(entityOf)).toEqual(['auditEntry', 'auditEntry']);
    expect(await pool.user(provider.email)).toBeUndefined();
    const entries = (await listAudit(context.deps, boss.caller, {}, 10)).entries;
    const pseudonym = erasedPersonName(pseudonymOf(provider.userId));
    expect(pseudonym).toMatch(/^Deleted user [0-9a-f]{8}$/);
    expect(entries.map((entry) => [entry.action, entry.target.id, entry.target.label, entry.state])).toEqual([
      ['user.delete', provider.userId, pseudonym, 'completed'],
      ['user.hide', provider.userId, pseudonym, 'completed'],
    ]);
    expect((await context.sentMail()).at(-1)).toMatchObject({ destination: { to: [provider.email] }, subject: 'Your Solutionz account was deleted' });
    expect(await table.repositories.admin.stats(context.deps.clock())).toMatchObject({ businesses: 0, listedProviders: 0 });
    // Hidden, then erased: the page's cached copies went both times.
    expect(context.purges).toEqual([
      ['/directory*', '/api/providers*'],
      ['/directory*', '/api/providers*'],
    ]);

    // A client's jobs were on the cached job board.
    const client = await account(context, 'client');
    await deleteUser(context.deps, boss.caller, client.userId, { reason: { code: 'requested', note: '' } });
    expect(context.purges.at(-1)).toEqual(['/job-directory*', '/api/jobs*']);
  });
});

describe('removing an admin', { timeout: 60_000 }, () => {
  it("is done by another admin with a reason; the removed admin's earlier entries keep one pseudonym, and nothing names them", async () => {
    const context = admin();
    const boss = await account(context, 'admin');
    const deputy = await account(context, 'admin', { firstName: 'Dana', lastName: 'Deputy' });
    const provider = await listedProvider(context);
    const client = await account(context, 'client');
    await setUserVisible(context.deps, deputy.caller, provider.userId, { visible: false, reason: SPAM });
    context.advance(1);
    await updateUser(context.deps, deputy.caller, client.userId, { firstName: 'Carla', lastName: 'Client' });
    context.advance(1);
    const byDeputy = async () => (await listAudit(context.deps, boss.caller, {}, 10)).entries.filter((entry) => entry.actor.id === deputy.userId);
    expect((await byDeputy()).map((entry) => entry.actor.name)).toEqual(['Dana Deputy', 'Dana Deputy']);

    // Neither removes themselves, by the admin route or by the account's own deletion.
    await expect(deleteUser(context.deps, deputy.caller, deputy.userId, { reason: SPAM })).rejects.toThrow(MESSAGES.notOnYourself);
    await deleteUser(context.deps, boss.caller, deputy.userId, { reason: { code: 'other', note: 'Left the company' } });

    expect(await table.repositories.accounts.getProfile(deputy.userId)).toBeUndefined();
    expect(await pool.user(deputy.email)).toBeUndefined();
    expect(await table.itemsMentioning(deputy.email, 'Dana', 'Deputy')).toEqual([]);
    // The same pseudonym on each of the deputy's entries and on the entry of their removal.
    const pseudonym = erasedPersonName(pseudonymOf(deputy.userId));
    expect((await byDeputy()).map((entry) => [entry.action, entry.actor.name, entry.target.label])).toEqual([
      ['user.update', pseudonym, 'Carla Client'],
      ['user.hide', pseudonym, 'Priya Patel (Patel Electrical)'],
    ]);
    const [removal] = (await listAudit(context.deps, boss.caller, { targetId: deputy.userId }, 10)).entries;
    expect(removal).toMatchObject({
      action: 'user.delete',
      actor: { id: boss.userId, name: 'head.office' },
      target: { id: deputy.userId, label: pseudonym },
      state: 'completed',
      reason: { code: 'other', note: 'Left the company' },
    });
  });

  it('of two admins removing each other at once, one goes and the other is refused: an admin always remains', async () => {
    const context = admin();
    const [first, second] = [await account(context, 'admin'), await account(context, 'admin')];
    const outcomes = await Promise.allSettled([
      deleteUser(context.deps, first.caller, second.userId, { reason: SPAM }),
      deleteUser(context.deps, second.caller, first.userId, { reason: SPAM }),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected')!;
    expect(refused.reason).toBeInstanceOf(ConflictError);
    expect((refused.reason as Error).message).toBe(MESSAGES.actorChanged);
    const admins = await listUsers(context.deps, first.caller, { type: 'admin' });
    expect(admins.users).toHaveLength(1);
    expect(admins.users[0]!.isActive).toBe(true);
  });
});

describe('a deletion that fails half-way', { timeout: 60_000 }, () => {
  /** Fails the first time it is called, then does what `then` does. */
  function failingOnce<A extends unknown[], R>(message: string, then: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
    let failed = false;
    return async (...args) => {
      if (failed) return then(...args);
      failed = true;
      throw new Error(message);
    };
  }

  it('is on the audit trail from its first step, and asking again finishes it, before or after the profile went', async () => {
    const context = admin();
    const boss = await account(context, 'admin');
    const client = await account(context, 'client');
    // A store the erasure reaches half-way through is down for one call.
    const flaky: Eraser = { name: 'flaky store', erase: failingOnce('The store is unavailable', async () => undefined) };
    const { erasers } = context.deps.personalData;
    const half = Math.floor(erasers.length / 2);
    const deps = { ...context.deps, personalData: { ...context.deps.personalData, erasers: [...erasers.slice(0, half), flaky, ...erasers.slice(half)] } };
    const history = async (userId: string) => (await listAudit(deps, boss.caller, { targetId: userId }, 10)).entries;

    await expect(deleteUser(deps, boss.caller, client.userId, { reason: SPAM })).rejects.toThrow('The store is unavailable');
    const [started] = await history(client.userId);
    expect(started).toMatchObject({ action: 'user.delete', state: 'started', actor: { id: boss.userId }, reason: SPAM });
    // Refused from the first step on; nothing past the failure was erased.
    expect(await table.repositories.standing(client.userId)).toMatchObject({ isActive: false });
    expect(await pool.user(client.email)).toBeDefined();

    await expect(deleteUser(deps, boss.caller, client.userId, { reason: SPAM })).resolves.toEqual({ userId: client.userId, deleted: true });
    expect(await history(client.userId)).toEqual([
      { ...started, state: 'completed', target: { ...started!.target, label: erasedPersonName(pseudonymOf(client.userId)) } },
    ]);
    expect(await table.repositories.accounts.getProfile(client.userId)).toBeUndefined();
    expect(await pool.user(client.email)).toBeUndefined();
    expect((await context.sentMail()).at(-1)).toMatchObject({ destination: { to: [client.email] }, subject: 'Your Solutionz account was deleted' });

    // Cognito is down for one call, after the profile went: the retry finishes from the entry alone.
    const provider = await listedProvider(context);
    const identity = { ...context.deps.identity, deleteUser: failingOnce('Cognito is unavailable', context.deps.identity.deleteUser) };
    const later = { ...deps, identity };
    await expect(deleteUser(later, boss.caller, provider.userId, { reason: SPAM })).rejects.toThrow('Cognito is unavailable');
    expect(await table.repositories.accounts.getProfile(provider.userId)).toBeUndefined();
    expect((await history(provider.userId)).map((entry) => entry.state)).toEqual(['started']);
    expect(await pool.user(provider.email)).toBeDefined();
    await expect(deleteUser(later, boss.caller, provider.userId, { reason: SPAM })).resolves.toEqual({ userId: provider.userId, deleted: true });
    expect((await history(provider.userId)).map((entry) => entry.state)).toEqual(['completed']);
    expect(await pool.user(provider.email)).toBeUndefined();
    expect(context.purges.at(-1)).toEqual(['/directory*', '/api/providers*']);
    // Done: asking a third time finds nobody.
    await expect(deleteUser(later, boss.caller, provider.userId, { reason: SPAM })).rejects.toThrow(NotFoundError);
  });
});

describe('admin reads of private data', { timeout: 60_000 }, () => {
  it("are audited: a person's record, and a page of business claims with the claimants' addresses", async () => {
    const context = admin();
    const boss = await account(context, 'admin');
    const client = await account(context, 'client');
    await getUser(context.deps, boss.caller, client.userId);
    expect((await listAudit(context.deps, boss.caller, { targetId: client.userId }, 10)).entries).toEqual([
      expect.objectContaining({
        action: 'user.view',
        actor: { id: boss.userId, name: 'head.office' },
        target: { kind: 'user', id: client.userId, label: 'Cara Client' },
        state: 'completed',
      }),
    ]);

    const claims = { ...context.deps, claims: table.repositories.claims };
    // No claims shown, nothing recorded.
    await listClaims(claims, boss.caller, { state: 'pending' });
    expect((await listAudit(context.deps, boss.caller, { targetId: 'claims' }, 10)).entries).toEqual([]);
    await table.repositories.claims.open({
      businessId: 'b-1',
      claimId: 'claim-1',
      businessName: 'Hughes Roofing',
      claimantUserId: client.userId,
      claimantEmail: client.email,
      state: 'pending',
      createdAt: context.deps.clock().toISOString(),
    });
    const page = await listClaims(claims, boss.caller, { state: 'pending' });
    expect(page.claims.map((claim) => claim.claimantEmail)).toEqual([client.email]);
    expect((await listAudit(context.deps, boss.caller, { targetId: 'claims' }, 10)).entries).toEqual([
      expect.objectContaining({
        action: 'claims.view',
        actor: expect.objectContaining({ id: boss.userId }),
        target: { kind: 'list', id: 'claims', label: 'Business claims (pending)' },
        after: { claimantIds: [client.userId] },
      }),
    ]);
  });
});

describe('an admin-created provider', () => {
  it('is a business without a login, listed by the admin’s grant, with its logo checked and stripped', async () => {
    const context = admin();
    const boss = await account(context, 'admin');
    const grant = await createLogoUpload(context.deps, boss.caller, { contentType: 'image/png' });
    expect(grant.key.startsWith(`uploads/logos/${boss.userId}/`)).toBe(true);
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .withMetadata({ exif: { IFD0: { Copyright: 'Someone' } } })
      .png()
      .toBuffer();
    await media.storage.write(grant.key, png, 'image/png', 'no-store');

    const { provider } = await createProvider(context.deps, boss.caller, {
      accountType: 'provider',
      firstName: 'Owen',
      lastName: 'Jones',
      businessName: 'Jones Roofing',
      location: 'Leeds',
      phoneNumber: '0113 496 0000',
      categories: ['Construction/Trade > Roofer'],
      logoKey: grant.key,
    });
    expect(provider).toMatchObject({
      email: null,
      unclaimedBusiness: true,
      listing: 'adminGranted',
      businessName: 'Jones Roofing',
      location: expect.stringContaining('Leeds'),
    });
    expect(provider.avatarUrl).toMatch(new RegExp(`^/media/logos/${provider.userId}/.+\\.webp$`));
    const stored = await media.object(provider.avatarUrl!.slice(1));
    expect(stored.contentType).toBe('image/webp');
    expect((await sharp(stored.body).metadata()).exif).toBeUndefined();
    expect(await media.keys('uploads/logos/')).toEqual([]);
    expect((await table.repositories.directory.getListings([provider.userId])).size).toBe(1);
    expect(await table.repositories.businesses.searchBusinesses('jones', 5)).toEqual([{ businessId: expect.any(String), businessName: 'Jones Roofing' }]);
    expect(await table.repositories.admin.stats(context.deps.clock())).toMatchObject({ businesses: 1, businessesThisMonth: 1, listedProviders: 1 });
    expect((await listUsers(context.deps, boss.caller, { q: 'jones roof', type: 'provider' })).users).toEqual([
      expect.objectContaining({ userId: provider.userId, email: null }),
    ]);
    await expect(updateUser(context.deps, boss.caller, provider.userId, { firstName: 'Owen', lastName: 'Jones', accountType: 'client' })).rejects.toThrow(
      MESSAGES.typeChange.unclaimed,
    );
  });

  it('refuses a logo that is not an image, and one uploaded by someone else', async () => {
    const context = admin();
    const boss = await account(context, 'admin');
    const grant = await createLogoUpload(context.deps, boss.caller, { contentType: 'image/png' });
    await media.storage.write(grant.key, Buffer.from('%PDF-1.7 not a picture'), 'image/png', 'no-store');
    const input = { accountType: 'provider' as const, firstName: 'A', lastName: 'B', businessName: 'AB Ltd', logoKey: grant.key };
    await expect(createProvider(context.deps, boss.caller, input)).rejects.toThrow(ADMIN_CONSOLE_MESSAGES.createProvider.logoWrongType);
    await expect(createProvider(context.deps, boss.caller, { ...input, logoKey: 'uploads/logos/someone-else/x' })).rejects.toThrow(
      ADMIN_CONSOLE_MESSAGES.createProvider.logoMissing,
    );
    expect(await table.repositories.admin.stats(context.deps.clock())).toMatchObject({ businesses: 0 });
  });
});

describe('feedback moderation', () => {
  it('unpublishes, edits and deletes with the rating following, the author told why and each step audited', async () => {
    const context = admin();
    const boss = await account(context, 'admin');
    const provider = await listedProvider(context);
    const author = await account(context, 'client');
    const other = await account(context, 'client');
    const entry = await createFeedback(feedbackDeps(context), author.caller, provider.userId, { rating: 1, title: 'Never turned up' });
    context.advance(60);
    await createFeedback(feedbackDeps(context), other.caller, provider.userId, { rating: 5, title: 'Brilliant' });
    const params = { providerId: provider.userId, feedbackId: entry.id };

    const page = await listFeedback(context.deps, boss.caller, { status: 'all' });
    expect(page.feedback.map((item) => [item.title, item.providerName, item.businessName])).toEqual([
      ['Brilliant', 'Priya Patel', 'Patel Electrical'],
      ['Never turned up', 'Priya Patel', 'Patel Electrical'],
    ]);
    expect(page.counts).toEqual({ all: 2, approved: 2, pending: 0 });

    context.advance(1);
    await setFeedbackApproval(context.deps, boss.caller, params, { approved: false, reason: SPAM });
    expect((await table.repositories.directory.getListings([provider.userId])).get(provider.userId)).toMatchObject({ ratingCount: 1, ratingAverage: 5 });
    expect((await listFeedback(context.deps, boss.caller, { status: 'pending' })).feedback.map((item) => item.title)).toEqual(['Never turned up']);
    const unpublished = (await context.sentMail()).at(-1)!;
    expect(unpublished).toMatchObject({ destination: { to: [author.email] }, subject: 'Your feedback was unpublished' });
    expect(unpublished.body.text).toContain('Reason: Spam or advertising');

    context.advance(1);
    const edited = await updateFeedback(context.deps, boss.caller, params, { rating: 2, title: 'Late', reason: { code: 'abusive', note: '' } });
    expect(edited.feedback).toMatchObject({ rating: 2, title: 'Late', approved: false });
    context.advance(1);
    await setFeedbackApproval(context.deps, boss.caller, params, { approved: true });
    expect((await table.repositories.directory.getListings([provider.userId])).get(provider.userId)).toMatchObject({ ratingCount: 2, ratingAverage: 3.5 });

    context.advance(1);
    await deleteFeedback(context.deps, boss.caller, params, { reason: SPAM });
    expect((await listFeedback(context.deps, boss.caller, { status: 'all' })).counts).toEqual({ all: 1, approved: 1, pending: 0 });
    await expect(deleteFeedback(context.deps, boss.caller, params, { reason: SPAM })).rejects.toThrow(NotFoundError);
    expect((await listAudit(context.deps, boss.caller, { targetId: entry.id }, 10)).entries.map((item) => item.action)).toEqual([
      'feedback.delete',
      'feedback.approve',
      'feedback.update',
      'feedback.unapprove',
    ]);
    // Each of the four changes purged the provider's cached page (its rating is in the head).
    expect(context.purges).toEqual(Array.from({ length: 4 }, () => ['/directory*', '/api/providers*']));
  });
});

describe('a feedback deletion that fails half-way', () => {
  it('leaves its entry started, and asking again brings the rating up to date and completes it', async () => {
    const context = admin();
    const boss = await account(context, 'admin');
    const provider = await listedProvider(context);
    const author = await account(context, 'client');
    const entry = await createFeedback(feedbackDeps(context), author.caller, provider.userId, { rating: 1, title: 'Never turned up' });
    // The directory's store is down for one call, after the feedback went.
    let down = true;
    const directory = {
      syncListing: async (userId: string, now: Date) => {
        if (down) {
          down = false;
          throw new Error('The directory is unavailable');
        }
        return table.repositories.directory.syncListing(userId, now);
      },
    };
    const deps = { ...context.deps, directory };
    const params = { providerId: provider.userId, feedbackId: entry.id };
    const rating = async () => (await table.repositories.directory.getListings([provider.userId])).get(provider.userId)?.ratingCount;
    const history = async () => (await listAudit(deps, boss.caller, { targetId: entry.id }, 10)).entries.map((item) => [item.action, item.state]);

    await expect(deleteFeedback(deps, boss.caller, params, { reason: SPAM })).rejects.toThrow('The directory is unavailable');
    expect(await table.repositories.feedback.get(entry.id)).toBeUndefined();
    expect(await rating()).toBe(1);
    expect(await history()).toEqual([['feedback.delete', 'started']]);
    // The author was told as the feedback went.
    expect((await context.sentMail()).at(-1)).toMatchObject({ destination: { to: [author.email] }, subject: 'Your feedback was deleted' });

    // Asked about another provider, it is not found; asked again as before, it finishes.
    await expect(deleteFeedback(deps, boss.caller, { ...params, providerId: author.userId }, { reason: SPAM })).rejects.toThrow(NotFoundError);
    await expect(deleteFeedback(deps, boss.caller, params, { reason: SPAM })).resolves.toEqual({ feedbackId: entry.id, deleted: true });
    expect(await rating()).toBe(0);
    expect(await history()).toEqual([['feedback.delete', 'completed']]);
    await expect(deleteFeedback(deps, boss.caller, params, { reason: SPAM })).rejects.toThrow(NotFoundError);
  });
});

describe('the analytics', { timeout: 60_000 }, () => {
  it('counts providers, seekers and each UK day’s sign-ups and jobs as the writes happen, and lists sign-ups beside the audit trail', async () => {
    const context = admin();
    const boss = await account(context, 'admin');
    const before = await analytics({ ...context.deps, categories: table.repositories.categories, directory: table.repositories.directory }, boss.caller);
    const today = (result: typeof before) => result.daily.at(-1)!;

    const [carla, priya] = await Promise.all([
      account(context, 'client', { firstName: 'Carla', lastName: 'Analytics' }),
      account(context, 'provider', { firstName: 'Priya', lastName: 'Analytics' }),
      account(context, 'provider'),
      account(context, 'client'),
    ]);
    await Promise.all(
      [1, 2, 3].map((n) =>
        table.repositories.jobs.create(
          {
            jobId: `analytics-job-${n}`,
            ownerId: carla.userId,
            title: 'Rewire a kitchen',
            description: 'Old wiring.',
            categories: ['Construction/Trade > Electrician'],
            locationName: 'Birmingham',
            lat: 52.48,
            lng: -1.89,
            postedAt: context.deps.clock().toISOString(),
            revealCap: 5,
          },
          { contactName: 'Carla', contactEmail: carla.email },
        ),
      ),
    );
    const signedIn = { sessions: table.repositories.sessions, standing: table.repositories.standing, clock: context.deps.clock };
    await Promise.all([recordSignIn(signedIn, carla.userId), recordSignIn(signedIn, priya.userId)]);
    context.advance(60);
    await updateUser(context.deps, boss.caller, carla.userId, { firstName: 'Carla', lastName: 'Analytics', accountType: 'provider' });
    await deleteUser(context.deps, boss.caller, priya.userId, { reason: { code: 'requested', note: '' } });

    const after = await analytics({ ...context.deps, categories: table.repositories.categories, directory: table.repositories.directory }, boss.caller);
    const profiles = (await scanAll()).filter((item) => entityOf(item) === 'profile');
    expect(after.stats.totalProviders).toBe(profiles.filter((item) => item.accountType === 'provider').length);
    expect(after.stats.totalSeekers).toBe(profiles.filter((item) => item.accountType === 'client').length);
    expect(after.stats.totalProviders - before.stats.totalProviders).toBe(2);
    expect(after.stats.totalSeekers - before.stats.totalSeekers).toBe(1);
    expect(today(after).signups - today(before).signups).toBe(4);
    expect(today(after).jobs - today(before).jobs).toBe(3);
    expect(after.stats.newUsers - before.stats.newUsers).toBe(4);
    // Carla's sign-in is active; Priya's ended with her erasure.
    expect(after.stats.activeSessions - before.stats.activeSessions).toBe(1);
    expect(after.daily).toHaveLength(30);
    expect(after.daily.map((day) => day.day)).toEqual([...after.daily.map((day) => day.day)].sort());

    expect(after.recentActivity[0]).toMatchObject({ kind: 'audit', entry: { action: 'user.delete' } });
    expect(after.recentActivity[1]).toMatchObject({ kind: 'audit', entry: { action: 'user.typeChange' } });
    expect(after.recentActivity.filter((item) => item.kind === 'signup').map((item) => item.name)).toEqual(expect.arrayContaining(['Carla Analytics']));
    const times = after.recentActivity.map((item) => item.at);
    expect(times).toEqual([...times].sort().reverse());
  });
});
