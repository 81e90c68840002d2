import { Entity } from 'electrodb';
import { PROVIDER_NEWS_KINDS, type ProviderNewsKind } from '@solutionz/shared';
import { epochSeconds } from './epoch-seconds';
import { pk, sk } from './key-templates';
import { mailClaimEntity } from './mail-claims';
import { TABLE } from './table-definition';
import { unsubscribeTokenEntity } from './unsubscribe-tokens';

/**
 * Provider Updates: what a professional did that the clients who saved them hear about, and what stops a
 * client hearing of one professional more than once a week. Every key format of these items is here.
 *
 *   news:           PK = PROVIDER_NEWS#<providerId>, SK = <UK-independent UTC day>#<kind>. Put (no
 *                   condition) in the same transaction as the portfolio item or profile change it reports,
 *                   so a day's first change of a kind INSERTs it and the stream hands it to the worker
 *                   (PROVIDER_NEWS_STREAM_FILTER); later changes that day only MODIFY it. TTL two days.
 *   a weekly claim: PK = USER#<clientId>, SK = PROVIDER_UPDATE#<providerId>. The right to mail this client
 *                   about this provider: taken when there is none, when the last mail went more than
 *                   PROVIDER_UPDATE_LIMITS.quietDays ago, when it failed, or when a worker died sending it.
 *                   TTL a day after the quiet days.
 *   the unsubscribe PK = USER#<clientId>, SK = PROVIDER_UPDATES_TOKEN. Created once and put in every
 *   token:          update mail; the token is `<clientId>.<secret>`, so finding it is one GetItem.
 * Who saved a provider is the saved providers' `savers` index (saved-providers.ts).
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

export const providerNewsEntity = new Entity({
  model: { entity: 'providerNews', version: '1', service: 'solutionz' },
  attributes: {
    providerId: { type: 'string', required: true, readOnly: true },
    day: { type: 'string', required: true, readOnly: true },
    kind: { type: PROVIDER_NEWS_KINDS, required: true, readOnly: true },
    /** ISO time of the change that put it. */
    at: { type: 'string', required: true },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byProvider: { pk: pk('PROVIDER_NEWS#${providerId}', ['providerId']), sk: sk('${day}#${kind}', ['day', 'kind']) },
  },
});

export const providerUpdateClaimEntity = mailClaimEntity({
  entity: 'providerUpdateClaim',
  index: 'byClient',
  partition: { prefix: 'USER#', attribute: 'clientId' },
  sort: { prefix: 'PROVIDER_UPDATE#', attribute: 'providerId' },
  more: {},
});

export const providerUpdatesTokenEntity = unsubscribeTokenEntity({
  entity: 'providerUpdatesToken',
  index: 'byClient',
  owner: 'clientId',
  sortKey: 'PROVIDER_UPDATES_TOKEN',
});

/** What the worker is handed: a professional's first change of a kind on a day. */
export interface ProviderNews {
  readonly providerId: string;
  readonly kind: ProviderNewsKind;
  readonly at: string;
}

/** The news item for a change at `at`, for the change's own transaction (`providerNews.put(newsItem(...))`). */
export function newsItem(providerId: string, kind: ProviderNewsKind, at: string) {
  return { providerId, kind, day: at.slice(0, 10), at, expiresAt: epochSeconds(new Date(Date.parse(at) + 2 * DAY_MS)) };
}

/**
 * The table stream records the worker takes for Provider Updates: inserted news items only. A Lambda
 * event-filter pattern; the local stream poller applies the same one.
 */
export const PROVIDER_NEWS_STREAM_FILTER = {
  eventName: ['INSERT'],
  dynamodb: { Keys: { [TABLE.partitionKey]: { S: [{ prefix: 'PROVIDER_NEWS#' }] } } },
} as const;

/** The news a stream record's new image carries, or undefined for any other item. */
export function providerNewsFromStreamImage(image: Record<string, { S?: string }> | undefined): ProviderNews | undefined {
  const providerId = image?.providerId?.S;
  const kind = image?.kind?.S;
  const at = image?.at?.S;
  if (!providerId || !at || !PROVIDER_NEWS_KINDS.includes(kind as ProviderNewsKind)) return undefined;
  return { providerId, kind: kind as ProviderNewsKind, at };
}
