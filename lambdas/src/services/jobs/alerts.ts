import { categoriesOverlap, JOB_ALERT_LIMITS, JOB_ALERT_MESSAGES, RADIUS_OPTIONS_MILES } from '@solutionz/shared';
import type { Mailer } from '../../adapters/ses-mailer';
import type { AccountRepository, ProfileRecord } from '../../data/account-repository';
import { alertScope } from '../../data/directory';
import type { DirectoryRepository } from '../../data/directory-repository';
import type { DeadLetter, JobAlertsRepository } from '../../data/job-alerts-repository';
import type { AlertedJob } from '../../data/jobs';
import { jobAlertMail } from '../accounts/mails';
import { listedProvidersNear } from '../directory/search';
import { inParallel } from '../../in-parallel';
import { sendClaimed } from '../mail-delivery';
import { turnOffByToken, type MailSetting, type UnsubscribeTokenField } from '../mail-unsubscribe';
import { milesBetween } from '../geo-search';

/** Everything the job alerts worker uses, passed in so tests can swap any part. */
export interface JobAlertDeps {
  readonly alerts: JobAlertsRepository;
  readonly accounts: Pick<AccountRepository, 'getProfiles' | 'getProfile' | 'setNotificationSettings'>;
  readonly directory: DirectoryRepository;
  readonly mailer: Mailer;
  readonly clock: () => Date;
  /** Waits before the next try of a failed send (`attempt` counts from 1): short and growing in the cloud, nothing in tests. */
  readonly pause: (attempt: number) => Promise<void>;
  readonly config: { readonly siteUrl: string };
}

export interface AlertSummary {
  /** Providers whose settings matched the job. */
  readonly matched: number;
  readonly sent: number;
  /** Matched, but the alert went (or is going) already: a record delivered again. */
  readonly skipped: number;
  /** Every try failed: parked as dead letters. */
  readonly parked: number;
}

/** Providers mailed at the same time for one job. */
const PARALLEL_SENDS = 4;

interface Recipient {
  readonly profile: ProfileRecord;
  readonly distance: number;
}

/**
 * Whether this provider wants this job: alerts on, the job within their own radius of their base
 * location, and a category in common (their alert categories, or their profile's when they chose none).
 */
function wants(profile: ProfileRecord | undefined, job: AlertedJob, distance: number): profile is ProfileRecord {
  const settings = profile?.jobAlerts;
  if (!profile || profile.accountType !== 'provider' || !settings?.enabled || distance > settings.radiusMiles) return false;
  const categories = settings.categories.length > 0 ? settings.categories : profile.categories;
  return categoriesOverlap(job.categories, categories);
}

/**
 * Listed providers who want the job, through the job alerts index (directory.ts): for each radius a provider
 * can choose, those with alerts on at that radius in the job's groups within it, so what is read follows
 * whom the job concerns, not how many providers are near. Their profiles say the rest (`wants`).
 */
async function recipientsOf(deps: JobAlertDeps, job: AlertedJob): Promise<Recipient[]> {
  const recipients = new Map<string, Recipient>();
  for (const radius of RADIUS_OPTIONS_MILES) {
    const scopes = [...new Set(job.categories.map((category) => alertScope(radius, category)))];
    for await (const page of listedProvidersNear({ directory: deps.directory, clock: deps.clock }, job, radius, scopes)) {
      const profiles = await deps.accounts.getProfiles(page.map(({ listing }) => listing.userId));
      for (const { listing, distance } of page) {
        const profile = profiles.get(listing.userId);
        // The job's own poster is a client, so never a provider here; checked all the same for a changed account type.
        if (listing.userId !== job.ownerId && !recipients.has(listing.userId) && wants(profile, job, distance))
          recipients.set(listing.userId, { profile, distance });
      }
    }
  }
  return [...recipients.values()];
}

type Outcome = 'sent' | 'skipped' | 'parked';

/** Claims, mails (with retries) and records one provider's alert; a mail that never goes is parked. */
async function alertOne(deps: JobAlertDeps, job: AlertedJob, recipient: Recipient): Promise<Outcome> {
  const { profile, distance } = recipient;
  const outcome = await sendClaimed(deps, {
    claim: async () => (await deps.alerts.claim(job, profile.userId, deps.clock())) ?? undefined,
    compose: async () => jobAlertMail(profile.email, deps.config.siteUrl, job, distance, await deps.alerts.unsubscribeToken(profile.userId, deps.clock())),
    attempts: JOB_ALERT_LIMITS.sendAttempts,
    sent: (claimId) => deps.alerts.markSent(job.jobId, profile.userId, claimId, deps.clock()),
    failed: async (claimId, error) => {
      const now = deps.clock();
      await deps.alerts.park({
        job,
        providerId: profile.userId,
        error: error ?? 'not sent',
        attempts: JOB_ALERT_LIMITS.sendAttempts,
        parkedAt: now.toISOString(),
      });
      await deps.alerts.markFailed(job.jobId, profile.userId, claimId, now);
    },
  });
  return outcome === 'sent' || outcome === 'skipped' ? outcome : 'parked';
}

/**
 * A job was inserted (the table's stream): mails each provider who wants it, at most once per job and
 * provider however often the record is delivered. Jobs posted more than a day ago mail nobody (a
 * replayed stream, demo data). Throws only when the alert state itself cannot be read or written, so
 * the record is delivered again; a mail that fails every try is parked instead.
 */
export async function processJobInserted(deps: JobAlertDeps, job: AlertedJob): Promise<AlertSummary> {
  const age = deps.clock().getTime() - Date.parse(job.postedAt);
  if (!(age <= JOB_ALERT_LIMITS.maxJobAgeHours * 3_600_000)) return { matched: 0, sent: 0, skipped: 0, parked: 0 };
  const recipients = await recipientsOf(deps, job);
  const outcomes = await inParallel(recipients, PARALLEL_SENDS, (recipient) => alertOne(deps, job, recipient));
  const count = (outcome: Outcome) => outcomes.filter((each) => each === outcome).length;
  return { matched: recipients.length, sent: count('sent'), skipped: count('skipped'), parked: count('parked') };
}

export interface DeadLetterRetry {
  readonly letter: DeadLetter;
  /** sent: the mail went (the letter is removed); dropped: the provider no longer wants alerts or is gone (removed too); failed: kept. */
  readonly outcome: 'sent' | 'dropped' | 'failed' | 'skipped';
}

/**
 * Sends the parked alerts again (the operator's `alerts:dead-letters --retry`): to providers whose alerts
 * are still on, through the same claim, so a mail that went meanwhile is not sent twice.
 */
export async function retryDeadLetters(deps: JobAlertDeps): Promise<DeadLetterRetry[]> {
  const letters = await deps.alerts.deadLetters();
  const profiles = await deps.accounts.getProfiles(letters.map((letter) => letter.providerId));
  const results: DeadLetterRetry[] = [];
  for (const letter of letters) {
    const profile = profiles.get(letter.providerId);
    if (!profile?.jobAlerts?.enabled) {
      await deps.alerts.removeDeadLetter(letter.job.jobId, letter.providerId);
      results.push({ letter, outcome: 'dropped' });
      continue;
    }
    const distance = milesOf(profile, letter.job);
    const outcome = await alertOne(deps, letter.job, { profile, distance });
    if (outcome !== 'parked') await deps.alerts.removeDeadLetter(letter.job.jobId, letter.providerId);
    results.push({ letter, outcome: outcome === 'parked' ? 'failed' : outcome });
  }
  return results;
}

/** From the provider's base location as the profile has it now (placed: they were found through the geo index). */
function milesOf(profile: ProfileRecord, job: AlertedJob): number {
  return profile.lat === undefined || profile.lng === undefined ? 0 : milesBetween({ lat: profile.lat, lng: profile.lng }, job);
}

/** What the Job Alerts link turns off (the radius and categories stay). */
const JOB_ALERTS_SETTING: MailSetting = {
  invalidMessage: JOB_ALERT_MESSAGES.unsubscribeInvalid,
  isOn: (profile) => profile.jobAlerts?.enabled === true,
  off: (profile) => ({ jobAlerts: { ...profile.jobAlerts!, enabled: false } }),
};

/**
 * POST /api/job-alerts/unsubscribe: the mail's link turns the provider's Job Alerts off, signed out;
 * their radius and categories stay for when they turn them on again. Again is the same answer.
 */
export const unsubscribeJobAlerts = (
  deps: Pick<JobAlertDeps, 'alerts' | 'accounts' | 'directory' | 'clock'>,
  token: string,
  tokenField: UnsubscribeTokenField = 'body.token',
) =>
  turnOffByToken(deps, deps.alerts.providerOfUnsubscribeToken(token), tokenField, JOB_ALERTS_SETTING, (providerId) =>
    deps.directory.syncListing(providerId, deps.clock()),
  );
