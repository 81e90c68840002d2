import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { categoriesOverlap, JOB_ALERT_MESSAGES, JOB_ALERT_ONE_CLICK_PATH, JOB_ALERT_UNSUBSCRIBE_PATH } from '@solutionz/shared';
import { describe, expect, it } from 'vitest';
import { createLocalAccount } from '../../testing/local-account';
import { documentClient } from '../../adapters/dynamodb';
import type { Mailer } from '../../adapters/ses-mailer';
import type { ProfileRecord } from '../../data/account-repository';
import { createTableStore } from '../../data/table-store';
import { bulkLoadProviders } from '../../data/directory-bulk';
import { createJobAlertsRepository } from '../../data/job-alerts-repository';
import type { AlertedJob } from '../../data/jobs';
import { ValidationError } from '../../errors';
import { TEST_CREDENTIALS, TEST_REGION, useTestTable } from '../../testing/dynamodb-table';
import { listedProviderRecord } from '../../testing/listed-provider-record';
import { testMailer, type SentMail } from '../../testing/ses-inbox';
import { processJobInserted, retryDeadLetters, unsubscribeJobAlerts, type JobAlertDeps } from './alerts';

const table = useTestTable();
const documents = documentClient(new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS }));
const profiles = createTableStore(documents, table.tableName).entities.profile;
const alerts = createJobAlertsRepository(documents, table.tableName);
const inbox = testMailer();

const NOW = new Date('2026-11-23T12:00:00Z');
const SITE = 'https://solutionz.test';
const YORK = { lat: 53.959, lng: -1.0815 };
/** About 2 miles from the job. */
const NEAR_YORK = { lat: 53.98, lng: -1.04 };
/** About 20 miles from the job. */
const LEEDS = { lat: 53.7997, lng: -1.5492 };
/** About 175 miles from the job. */
const LONDON = { lat: 51.5074, lng: -0.1278 };

function deps(overrides: Partial<JobAlertDeps> = {}): JobAlertDeps & { pauses: number[] } {
  const pauses: number[] = [];
  return {
    alerts,
    accounts: table.repositories.accounts,
    directory: table.repositories.directory,
    mailer: inbox.mailer,
    clock: () => NOW,
    pause: async (attempt) => {
      pauses.push(attempt);
    },
    config: { siteUrl: SITE },
    pauses,
    ...overrides,
  };
}

interface ProviderOptions {
  readonly at?: { lat: number; lng: number };
  readonly categories?: string[];
  readonly alerts?: { enabled: boolean; radiusMiles: number; categories: string[] };
  readonly member?: boolean;
}

/** A provider as sign-up, the notifications tab and a membership leave them, listed through the data layer's sync. */
async function provider(options: ProviderOptions = {}): Promise<{ userId: string; email: string }> {
  const userId = randomUUID();
  const email = `${userId}@example.co.uk`;
  await createLocalAccount(
    { identity: undefined as never, accounts: table.repositories.accounts },
    {
      accountType: 'provider',
      email,
      password: 'unused',
      firstName: 'Pat',
      lastName: 'Trader',
      businessName: `Trade ${userId.slice(0, 6)}`,
      categories: options.categories ?? ['Construction/Trade > Plumber'],
      emailConfirmed: false,
    },
    { existingUserId: userId, now: NOW },
  );
  const at = options.at ?? NEAR_YORK;
  await profiles
    .patch({ userId })
    .set({ lat: at.lat, lng: at.lng, placeName: 'Somewhere', jobAlerts: options.alerts ?? { enabled: true, radiusMiles: 25, categories: [] } })
    .go();
  if (options.member ?? true) {
    await table.repositories.membership.writeSubscription(
      userId,
      `cus_${userId}`,
      { tier: 'monthly', end: '2026-12-23T12:00:00.000Z', cancelAtPeriodEnd: false, paymentFailed: false, subscriptionId: `sub_${userId}`, status: 'active' },
      NOW,
    );
  }
  await table.repositories.directory.syncListing(userId, NOW);
  return { userId, email };
}

/** One of many listed providers loaded at once, on a grid just north-east of the job. */
function crowdMember(name: string, index: number, categories: string[], jobAlerts: ProfileRecord['jobAlerts']): ProfileRecord {
  return listedProviderRecord(NOW, {
    userId: `${name}-${index}-${randomUUID().slice(0, 8)}`,
    lastName: `Trader ${index}`,
    categories,
    lat: YORK.lat + (index % 13) * 0.002,
    lng: YORK.lng + Math.floor(index / 13) * 0.002,
    ...(jobAlerts ? { jobAlerts } : {}),
  });
}

const job = (overrides: Partial<AlertedJob> = {}): AlertedJob => ({
  jobId: randomUUID(),
  ownerId: randomUUID(),
  title: 'Fix a <leaking> tap',
  categories: ['Construction/Trade > Plumber'],
  budget: '£120',
  budgetType: 'fixed',
  locationName: 'York, North Yorkshire',
  ...YORK,
  postedAt: new Date(NOW.getTime() - 60 * 60 * 1000).toISOString(),
  ...overrides,
});

async function mailsTo(email: string): Promise<SentMail[]> {
  return (await inbox.sent()).filter((mail) => mail.destination.to.includes(email));
}

function unsubscribeToken(mail: SentMail | undefined): string {
  const link = (mail?.body.text ?? '')
    .match(/https?:\/\/\S+/g)
    ?.map((text) => new URL(text))
    .find((url) => url.pathname === JOB_ALERT_UNSUBSCRIBE_PATH);
  const token = link?.searchParams.get('token');
  if (!token) throw new Error('The mail has no unsubscribe link');
  return token;
}

describe('who gets a job alert', () => {
  it('mails a member within their radius in the job category once, with the job, its place, budget and both links', async () => {
    const member = await provider();
    const posted = job();
    const summary = await processJobInserted(deps(), posted);

    expect(summary).toMatchObject({ matched: 1, sent: 1, parked: 0 });
    const [mail, ...more] = await mailsTo(member.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('New job near you: Fix a <leaking> tap');
    expect(mail?.body.text).toContain('York, North Yorkshire');
    expect(mail?.body.text).toContain('£120 (fixed price)');
    expect(mail?.body.text).toContain(`View the job: ${SITE}/job-directory?job=${posted.jobId}`);
    expect(mail?.body.text).toContain(`Unsubscribe from job alerts: ${SITE}${JOB_ALERT_UNSUBSCRIBE_PATH}?token=`);
    expect(mail?.body.html).toContain('Fix a &lt;leaking&gt; tap');
    expect(mail?.body.html).not.toContain('<leaking>');
    // RFC 8058: the mail program's own unsubscribe button POSTs to the API with the same token.
    const token = new URL(mail!.body.text!.match(/Unsubscribe from job alerts: (\S+)/)![1]!).searchParams.get('token')!;
    expect(mail?.headers).toEqual([
      { name: 'List-Unsubscribe', value: `<${SITE}${JOB_ALERT_ONE_CLICK_PATH}?token=${encodeURIComponent(token)}>` },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ]);
  });

  it('mails nobody outside their own radius, in other categories, with alerts off, or not listed', async () => {
    const far = await provider({ at: LONDON, alerts: { enabled: true, radiusMiles: 100, categories: [] } });
    const beyondOwnRadius = await provider({ at: LEEDS, alerts: { enabled: true, radiusMiles: 10, categories: [] } });
    const otherCategory = await provider({ alerts: { enabled: true, radiusMiles: 25, categories: ['Pets/Animals'] } });
    const off = await provider({ alerts: { enabled: false, radiusMiles: 25, categories: [] } });
    const notMember = await provider({ member: false });
    const inRange = await provider({ at: LEEDS, alerts: { enabled: true, radiusMiles: 25, categories: [] } });

    const summary = await processJobInserted(deps(), job());

    expect(summary).toMatchObject({ matched: 1, sent: 1 });
    for (const nobody of [far, beyondOwnRadius, otherCategory, off, notMember]) expect(await mailsTo(nobody.email)).toHaveLength(0);
    expect(await mailsTo(inRange.email)).toHaveLength(1);
  });

  it('matches a chosen group to its subcategories either way, and uses the profile categories when none are chosen', async () => {
    const wholeGroup = await provider({ categories: ['IT'], alerts: { enabled: true, radiusMiles: 25, categories: ['Construction/Trade'] } });
    const fromProfile = await provider({ categories: ['Construction/Trade > Plumber'] });
    const sub = await provider({ alerts: { enabled: true, radiusMiles: 25, categories: ['Construction/Trade > Roofer'] } });

    await processJobInserted(deps(), job({ categories: ['Construction/Trade > Plumber'] }));
    expect(await mailsTo(wholeGroup.email)).toHaveLength(1);
    expect(await mailsTo(fromProfile.email)).toHaveLength(1);
    expect(await mailsTo(sub.email)).toHaveLength(0);

    await processJobInserted(deps(), job({ categories: ['Construction/Trade'] }));
    expect(await mailsTo(sub.email)).toHaveLength(1);
    expect(categoriesOverlap(['Other: Piano tuning'], ['Other: piano tuning'])).toBe(true);
    expect(categoriesOverlap(['Construction/Trade > Plumber'], ['Construction/Trade > Roofer'])).toBe(false);
  });

  it('reads past the first pages of the geo search: 130 listed providers nearer than the one who wants the job', async () => {
    const crowd = Array.from({ length: 130 }, (_, index) =>
      crowdMember(`crowd-${String(index).padStart(3, '0')}`, index, ['Pets/Animals'], { enabled: true, radiusMiles: 25, categories: [] }),
    );
    await bulkLoadProviders(documents, table.tableName, crowd, NOW);
    const farthest = await provider({ at: LEEDS });

    expect(await processJobInserted(deps(), job())).toMatchObject({ matched: 1, sent: 1 });
    expect(await mailsTo(farthest.email)).toHaveLength(1);
  });

  it('finds whom to tell through the alerts index: neighbours in other groups or with alerts off are never read', async () => {
    const trade = `Other: Trade ${randomUUID().slice(0, 8)}`;
    const neighbour = (index: number, alerts: ProfileRecord['jobAlerts']) => crowdMember('neighbour', index, [trade], alerts);
    await bulkLoadProviders(
      documents,
      table.tableName,
      Array.from({ length: 80 }, (_, index) =>
        neighbour(
          index,
          index % 2 === 0 ? { enabled: false, radiusMiles: 25, categories: [] } : { enabled: true, radiusMiles: 25, categories: ['Other: Something else'] },
        ),
      ),
      NOW,
    );
    const wanted = await provider({ categories: [trade], alerts: { enabled: true, radiusMiles: 50, categories: [] } });
    const read: string[] = [];
    const accounts = {
      ...table.repositories.accounts,
      getProfiles: (ids: readonly string[]) => (read.push(...ids), table.repositories.accounts.getProfiles(ids)),
    };

    expect(await processJobInserted(deps({ accounts }), job({ categories: [trade] }))).toMatchObject({ matched: 1, sent: 1 });
    expect(read).toEqual([wanted.userId]);
    expect(await mailsTo(wanted.email)).toHaveLength(1);
  });

  it('mails nobody about a job posted more than 24 hours ago', async () => {
    const member = await provider();
    const summary = await processJobInserted(deps(), job({ postedAt: new Date(NOW.getTime() - 25 * 60 * 60 * 1000).toISOString() }));
    expect(summary).toMatchObject({ matched: 0, sent: 0 });
    expect(await mailsTo(member.email)).toHaveLength(0);
  });
});

describe('one mail per job and provider', () => {
  it('sends nothing more when the same job is processed again, one after the other or at the same time', async () => {
    const members = await Promise.all([provider(), provider({ at: LEEDS })]);
    const once = job();
    const first = await processJobInserted(deps(), once);
    const again = await processJobInserted(deps(), once);
    expect(first.sent).toBe(2);
    expect(again).toMatchObject({ matched: 2, sent: 0, skipped: 2 });

    const together = job();
    const outcomes = await Promise.all([processJobInserted(deps(), together), processJobInserted(deps(), together), processJobInserted(deps(), together)]);
    expect(outcomes.reduce((sum, outcome) => sum + outcome.sent, 0)).toBe(2);
    for (const member of members) expect(await mailsTo(member.email)).toHaveLength(2);
  });

  it('retries a failing send, parks it as a dead letter, still mails the others, and sends it once on a retry', async () => {
    const unlucky = await provider();
    const others = await Promise.all([provider(), provider({ at: LEEDS })]);
    let tries = 0;
    const failing: Mailer = {
      async send(mail) {
        if (mail.to === unlucky.email) {
          tries++;
          throw new Error('SES said no');
        }
        await inbox.mailer.send(mail);
      },
    };
    const d = deps({ mailer: failing });
    const posted = job();

    expect(await processJobInserted(d, posted)).toMatchObject({ matched: 3, sent: 2, parked: 1 });
    expect(tries).toBe(3);
    expect(d.pauses).toEqual([1, 2]);
    for (const other of others) expect(await mailsTo(other.email)).toHaveLength(1);
    expect(await mailsTo(unlucky.email)).toHaveLength(0);
    expect(await alerts.deadLetters()).toEqual([
      expect.objectContaining({ providerId: unlucky.userId, attempts: 3, error: 'SES said no', job: expect.objectContaining({ jobId: posted.jobId }) }),
    ]);

    const retried = await retryDeadLetters(deps());
    expect(retried.map((each) => each.outcome)).toEqual(['sent']);
    expect(await mailsTo(unlucky.email)).toHaveLength(1);
    expect(await alerts.deadLetters()).toEqual([]);
    expect((await processJobInserted(deps(), posted)).sent).toBe(0);
  });
});

describe('unsubscribing from the mail', () => {
  it('turns Job Alerts off with the link token (keeping radius and categories), again gives the same answer, and stops the mails', async () => {
    const member = await provider({ alerts: { enabled: true, radiusMiles: 50, categories: ['Construction/Trade'] } });
    await processJobInserted(deps(), job());
    const token = unsubscribeToken((await mailsTo(member.email))[0]);

    expect(await unsubscribeJobAlerts(deps(), token)).toEqual({ unsubscribed: true });
    expect(await unsubscribeJobAlerts(deps(), token)).toEqual({ unsubscribed: true });
    const profile = await table.repositories.accounts.getProfile(member.userId, { consistent: true });
    expect(profile?.jobAlerts).toEqual({ enabled: false, radiusMiles: 50, categories: ['Construction/Trade'] });

    await processJobInserted(deps(), job());
    expect(await mailsTo(member.email)).toHaveLength(1);
  });

  it('puts the same token in every mail to a provider', async () => {
    const member = await provider();
    await processJobInserted(deps(), job());
    await processJobInserted(deps(), job());
    const tokens = (await mailsTo(member.email)).map(unsubscribeToken);
    expect(tokens).toHaveLength(2);
    expect(tokens[0]).toBe(tokens[1]);
  });

  it('refuses a token that is not one with the message that says what to do instead', async () => {
    const member = await provider();
    await processJobInserted(deps(), job());
    const token = unsubscribeToken((await mailsTo(member.email))[0]);
    const forged = `${member.userId}.${'x'.repeat(token.length - member.userId.length - 1)}`;
    for (const bad of ['not-a-real-token', forged, `${randomUUID()}.abc`]) {
      const refusal = unsubscribeJobAlerts(deps(), bad);
      await expect(refusal).rejects.toBeInstanceOf(ValidationError);
      await expect(refusal).rejects.toMatchObject({
        message: JOB_ALERT_MESSAGES.unsubscribeInvalid,
        fields: { 'body.token': JOB_ALERT_MESSAGES.unsubscribeInvalid },
      });
    }
    expect((await table.repositories.accounts.getProfile(member.userId, { consistent: true }))?.jobAlerts?.enabled).toBe(true);
  });
});
