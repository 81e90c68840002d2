import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_REASON_CODES,
  resolveTimeBucket,
  shownCount,
  TRANSPARENCY_FIGURES,
  TRANSPARENCY_FIGURES_BY_REASON,
  type AdminReason,
  type TransparencyFigure,
} from '@solutionz/shared';
import { ukDay, ukMonth } from '../../data/admin';
import { entityOf } from '../../data/raw-commands';
import { createTransparencyRepository } from '../../data/transparency-repository';
import { testAccountsDeps } from '../../testing/accounts-deps';
import { adminTestDeps } from '../../testing/admin-deps';
import { claimThroughLink } from '../../testing/claim-link';
import { TEST_CREDENTIALS, TEST_REGION, useTestTable } from '../../testing/dynamodb-table';
import { useTestMediaBucket } from '../../testing/media-bucket';
import { messagesTestDeps } from '../../testing/messages-deps';
import { profileOnlyPerson } from '../../testing/profile-only-person';
import { useTestStripe } from '../../testing/stripe';
import { createTestAccount } from '../../testing/test-account';
import { useTestUserPool } from '../../testing/user-pool';
import { createFeedback } from '../feedback/feedback';
import { startConversation } from '../messages/conversations';
import { reportConversation } from '../messages/report';
import { decideClaim } from './claims';
import { deleteFeedback, setFeedbackApproval } from './feedback';
import { resolveReport } from './reports';
import { transparencyFigures } from './transparency';
import { setUserActive, setUserVisible } from './users';

const table = useTestTable();
const pool = useTestUserPool();
const media = useTestMediaBucket();
const stripe = useTestStripe();

const documents = () => DynamoDBDocumentClient.from(new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS }));
const HOUR = 3_600;

async function scanAll(): Promise<Record<string, unknown>[]> {
  const client = documents();
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: table.tableName, ConsistentRead: true, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** One counted event as the brute count finds it: its figure, when, the reason, the time a report took. */
interface Event {
  readonly figure: TransparencyFigure;
  readonly at: string;
  readonly reason?: string;
  readonly seconds?: number;
}

/** The audited actions each figure counts, written out again here so a wrong mapping in the code fails. */
const AUDITED: Record<string, TransparencyFigure> = {
  'feedback.approve': 'feedback.published',
  'feedback.unapprove': 'feedback.removed',
  'feedback.delete': 'feedback.removed',
  'user.deactivate': 'account.deactivated',
  'user.hide': 'account.hidden',
  'claim.approve': 'claim.approved',
  'claim.refuse': 'claim.refused',
};

/** Every event counted the slow way: the audit trail, the report items, and the feedback the clients published. */
async function bruteEvents(published: readonly string[]): Promise<Event[]> {
  const items = await scanAll();
  const audited = items
    .filter((item) => entityOf(item) === 'auditEntry' && AUDITED[item.action as string])
    .map((item) => ({
      figure: AUDITED[item.action as string]!,
      at: item.at as string,
      ...(typeof item.reasonCode === 'string' ? { reason: item.reasonCode } : {}),
    }));
  const reports = items.filter((item) => entityOf(item) === 'messageReport');
  return [
    ...audited,
    ...published.map((at) => ({ figure: 'feedback.published' as const, at })),
    ...reports.map((item) => ({ figure: 'report.received' as const, at: item.createdAt as string })),
    ...reports
      .filter((item) => typeof item.resolvedAt === 'string')
      .map((item) => ({
        figure: 'report.resolved' as const,
        at: item.resolvedAt as string,
        seconds: (Date.parse(item.resolvedAt as string) - Date.parse(item.createdAt as string)) / 1000,
      })),
  ];
}

describe('the transparency figures', { timeout: 240_000 }, () => {
  it('equal a brute count of the audit trail and the reports after nearly two hundred actions over a year and more', async () => {
    const context = adminTestDeps(table, pool, media, stripe);
    const { deps } = context;
    const clock = () => deps.clock();
    const boss = await createTestAccount(deps, 'admin', { email: 'transparency.boss@admin.solutionz.test' }, clock());
    const later = (hours: number) => context.advance(hours * HOUR);
    const reason = (n: number): AdminReason => ({ code: ADMIN_REASON_CODES[n % ADMIN_REASON_CODES.length]!, note: 'Seen by the moderators' });

    const providers = await Promise.all(
      Array.from({ length: 5 }, () =>
        profileOnlyPerson(table, 'provider', { profile: { subscriptionTier: 'yearly', subscriptionEnd: '2031-01-01T00:00:00.000Z' } }),
      ),
    );
    for (const provider of providers) await table.repositories.directory.syncListing(provider.userId, clock());
    const clients = await Promise.all(Array.from({ length: 16 }, () => profileOnlyPerson(table, 'client')));
    const feedbackDeps = { ...deps, standing: table.repositories.standing, newId: deps.random.id };
    const published: string[] = [];
    const written: { providerId: string; feedbackId: string }[] = [];
    for (const [c, client] of clients.entries()) {
      for (const provider of providers) {
        const entry = await createFeedback(feedbackDeps, client.caller, provider.userId, { rating: 1 + (c % 5), title: `Job ${c}` });
        published.push(clock().toISOString());
        written.push({ providerId: provider.userId, feedbackId: entry.id });
        later(11);
      }
    }
    // Moderation: unpublish with every reason, publish some again, delete some (some after unpublishing).
    for (const [n, entry] of written.entries()) {
      if (n % 3 === 0) await setFeedbackApproval(deps, boss.caller, entry, { approved: false, reason: reason(n) });
      if (n % 6 === 0) await setFeedbackApproval(deps, boss.caller, entry, { approved: true });
      if (n % 5 === 0) await deleteFeedback(deps, boss.caller, entry, { reason: reason(n + 1) });
      later(7);
    }
    // Providers hidden and shown again, over and over.
    for (let n = 0; n < 20; n++) {
      const provider = providers[n % providers.length]!;
      await setUserVisible(deps, boss.caller, provider.userId, { visible: false, reason: reason(n) });
      later(30);
      await setUserVisible(deps, boss.caller, provider.userId, { visible: true });
      later(30);
    }
    // Accounts deactivated and reactivated (a sign-in each, which deactivation disables).
    const members = await Promise.all([0, 1].map((n) => createTestAccount(deps, 'client', { email: `member${n}-${randomUUID()}@example.co.uk` }, clock())));
    for (let n = 0; n < 8; n++) {
      await setUserActive(deps, boss.caller, members[n % 2]!.userId, { active: false, reason: reason(n + 2) });
      later(20);
      await setUserActive(deps, boss.caller, members[n % 2]!.userId, { active: true });
      later(20);
    }
    // Reports of conversations, resolved after anything from minutes to weeks.
    const messagesDeps = messagesTestDeps(table.repositories, clock);
    for (const [n, client] of clients.slice(0, 16).entries()) {
      const { conversationId } = await startConversation(messagesDeps, client.caller, {
        providerId: providers[n % providers.length]!.userId,
        messageId: randomUUID(),
        text: 'Can you pay me in cash?',
      });
      const { reportId } = await reportConversation(messagesDeps, client.caller, conversationId, { reason: 'spam', note: '' });
      later([0.2, 2, 6, 30, 100, 300, 500, 900][n % 8]!);
      if (n % 4 !== 3) {
        await resolveReport(deps, boss.caller, reportId, n % 2 ? { action: 'dismiss', note: '' } : { action: 'blockMessaging', note: '', reason: reason(n) });
      }
      later(40);
    }
    // Business claims approved and refused.
    // The claimant's side runs on a clock of its own: only the admin's decision is counted, at the admin's time.
    const claimant = testAccountsDeps(table, pool);
    const claimDeps = { ...claimant.deps, claims: table.repositories.claims, adminNotifyAddresses: [] };
    const claims = { ...deps, claims: table.repositories.claims };
    for (let n = 0; n < 4; n++) {
      const businessId = `transparency-${randomUUID()}`;
      await unclaimedBusiness(businessId, clock().toISOString());
      await claimThroughLink({ deps: claimDeps, sentMail: claimant.sentMail }, businessId, `claimant-${randomUUID()}@example.co.uk`);
      await decideClaim(claims, boss.caller, businessId, n % 2 ? { decision: 'refuse', reason: reason(n) } : { decision: 'approve' });
      later(24 * 9);
    }

    const now = clock();
    const answer = await transparencyFigures({ transparency: createTransparencyRepository(documents(), table.tableName), clock });
    const events = await bruteEvents(published);
    expect(events.length).toBeGreaterThan(190);

    const today = ukDay(now);
    const windows = {
      last30Days: (at: string) => ukDay(at) >= answer.periods[0]!.from! && ukDay(at) <= today,
      last12Months: (at: string) => ukMonth(at) >= answer.periods[1]!.from!.slice(0, 7) && ukDay(at) <= today,
      allTime: () => true,
    };
    for (const period of answer.periods) {
      const inPeriod = events.filter((event) => windows[period.period](event.at));
      for (const { figure, count, byReason } of period.figures) {
        const ofFigure = inPeriod.filter((event) => event.figure === figure);
        expect(count, `${figure}, ${period.period}`).toEqual(shownCount(ofFigure.length));
        if ((TRANSPARENCY_FIGURES_BY_REASON as readonly string[]).includes(figure)) {
          expect(byReason).toEqual(
            ADMIN_REASON_CODES.map((code) => ({ reason: code, count: shownCount(ofFigure.filter((event) => event.reason === code).length) })),
          );
        }
      }
      const times = inPeriod
        .filter((event) => event.figure === 'report.resolved')
        .map((event) => event.seconds!)
        .sort((a, b) => a - b);
      expect(period.medianResolveBucket, `median, ${period.period}`).toBe(times.length < 5 ? null : resolveTimeBucket(times[Math.ceil(times.length / 2) - 1]!));
    }
    // Month by month, the raw counts too: the counters hold exactly what happened.
    const repository = createTransparencyRepository(documents(), table.tableName);
    const stored = await repository.months(answer.months[0]!.month, answer.months.at(-1)!.month);
    for (const { month, figures } of answer.months) {
      for (const figure of TRANSPARENCY_FIGURES) {
        const brute = events.filter((event) => event.figure === figure && ukMonth(event.at) === month).length;
        const kept = stored.filter((item) => item.at === month && item.figure === figure).reduce((sum, item) => sum + item.count, 0);
        expect(kept, `${figure} in ${month}`).toBe(brute);
        expect(figures.find((each) => each.figure === figure)!.count).toEqual(shownCount(brute));
      }
    }
    const allTime = await repository.allTime();
    for (const figure of TRANSPARENCY_FIGURES) {
      expect(allTime.find((item) => item.figure === figure)?.count ?? 0, figure).toBe(events.filter((event) => event.figure === figure).length);
    }
    // No raw small number leaves: every count is 0, at least 5, or "fewer than 5" without a number.
    expect(JSON.stringify(answer)).not.toMatch(/"value":[1-4]\b/);
  });
});

/** An admin-created business, unclaimed, that a claim can move. */
async function unclaimedBusiness(businessId: string, at: string): Promise<void> {
  const ownerId = `owner-${businessId}`;
  await table.repositories.admin.createUnclaimedProvider({
    profile: {
      userId: ownerId,
      accountType: 'provider',
      firstName: 'Dale',
      lastName: 'Hughes',
      businessName: `Hughes Roofing ${businessId.slice(-6)}`,
      businessId,
      categories: [],
      unclaimed: true,
      listingGrantedBy: 'admin-1',
      listingGrantedAt: at,
      createdAt: at,
      updatedAt: at,
    },
    business: { businessId, businessName: `Hughes Roofing ${businessId.slice(-6)}`, createdAt: at },
    audit: {
      auditId: `audit-${businessId}`,
      at,
      actorId: 'admin-1',
      action: 'provider.create',
      targetKind: 'user',
      targetId: ownerId,
      before: null,
      after: null,
      reason: null,
    },
  });
}
