import { PROVIDER_UPDATE_LIMITS, PROVIDER_UPDATES_MESSAGES } from '@solutionz/shared';
import type { Mailer } from '../../adapters/ses-mailer';
import type { AccountRepository, ProfileRecord } from '../../data/account-repository';
import { isListed } from '../../data/listing-rule';
import type { ProviderNews } from '../../data/provider-updates';
import type { ProviderUpdatesRepository } from '../../data/provider-updates-repository';
import { providerUpdateMail } from '../accounts/mails';
import { inParallel } from '../../in-parallel';
import { sendClaimed } from '../mail-delivery';
import { turnOffByToken, type MailSetting, type UnsubscribeTokenField } from '../mail-unsubscribe';

/** Provider Updates are off until a client turns them on. */
const PROVIDER_UPDATES_SETTING: MailSetting = {
  invalidMessage: PROVIDER_UPDATES_MESSAGES.unsubscribeInvalid,
  isOn: (profile) => profile.providerUpdates?.enabled === true,
  off: () => ({ providerUpdates: { enabled: false } }),
};

/** Everything the Provider Updates worker uses, passed in so tests can swap any part. */
export interface ProviderUpdateDeps {
  readonly updates: ProviderUpdatesRepository;
  readonly accounts: Pick<AccountRepository, 'getProfiles' | 'getProfile' | 'setNotificationSettings'>;
  readonly mailer: Mailer;
  readonly clock: () => Date;
  /** Waits before the next try of a failed send (`attempt` counts from 1). */
  readonly pause: (attempt: number) => Promise<void>;
  readonly config: { readonly siteUrl: string };
}

export interface ProviderUpdateSummary {
  /** Clients who saved the provider and have Provider Updates on. */
  readonly matched: number;
  readonly sent: number;
  /** Mailed about this provider within the quiet days already (or a record delivered again). */
  readonly skipped: number;
  readonly failed: number;
}

/** Clients mailed at the same time for one piece of news. */
const PARALLEL_SENDS = 4;

type Outcome = 'sent' | 'skipped' | 'failed';

const wantsUpdates = (profile: ProfileRecord | undefined): profile is ProfileRecord =>
  profile?.accountType === 'client' && profile.isActive && profile.providerUpdates?.enabled === true;

async function mailOne(deps: ProviderUpdateDeps, news: ProviderNews, provider: { userId: string; name: string }, client: ProfileRecord): Promise<Outcome> {
  const outcome = await sendClaimed(deps, {
    claim: async () => (await deps.updates.claim(client.userId, news.providerId, deps.clock())) ?? undefined,
    compose: async () =>
      providerUpdateMail(client.email, deps.config.siteUrl, provider, news.kind, await deps.updates.unsubscribeToken(client.userId, deps.clock())),
    attempts: PROVIDER_UPDATE_LIMITS.sendAttempts,
    sent: (claimId) => deps.updates.markSent(client.userId, news.providerId, claimId),
    // Failed: the claim lets the provider's next news try again.
    failed: (claimId) => deps.updates.markFailed(client.userId, news.providerId, claimId),
  });
  return outcome === 'withheld' ? 'failed' : outcome;
}

/**
 * A professional's news (the table's stream: their first new portfolio item or change of services of a
 * day): mails each client who saved them and has Provider Updates on, at most once a week per client and
 * professional however often the record is delivered. News older than a day mails nobody (a replayed
 * stream, demo data). Throws only when the state itself cannot be read or written, so the record is
 * delivered again.
 */
export async function processProviderNews(deps: ProviderUpdateDeps, news: ProviderNews): Promise<ProviderUpdateSummary> {
  const summary = { matched: 0, sent: 0, skipped: 0, failed: 0 };
  const age = deps.clock().getTime() - Date.parse(news.at);
  if (!(age <= PROVIDER_UPDATE_LIMITS.maxNewsAgeHours * 3_600_000)) return summary;
  // Only news of a professional the directory lists: the mail's link must open their page, not "Profile Not Available".
  const profile = await deps.accounts.getProfile(news.providerId);
  if (!isListed(profile, deps.clock())) return summary;
  const provider = { userId: profile.userId, name: profile.businessName?.trim() || `${profile.firstName} ${profile.lastName}`.trim() };
  for await (const page of deps.updates.savers(news.providerId)) {
    const profiles = await deps.accounts.getProfiles(page);
    const clients = page.map((clientId) => profiles.get(clientId)).filter(wantsUpdates);
    const outcomes = await inParallel(clients, PARALLEL_SENDS, (client) => mailOne(deps, news, provider, client));
    summary.matched += clients.length;
    for (const outcome of outcomes) summary[outcome] += 1;
  }
  return summary;
}

/**
 * POST /api/provider-updates/unsubscribe (and its one-click twin): the mail's link turns the client's
 * Provider Updates off, signed out. Again is the same answer.
 */
export const unsubscribeProviderUpdates = (
  deps: Pick<ProviderUpdateDeps, 'updates' | 'accounts' | 'clock'>,
  token: string,
  tokenField: UnsubscribeTokenField = 'body.token',
) => turnOffByToken(deps, deps.updates.clientOfUnsubscribeToken(token), tokenField, PROVIDER_UPDATES_SETTING);
