import { unsubscribeSchemas } from './unsubscribe';

/**
 * Provider Updates (docs/product/notifications.md#provider-updates): when a professional a client saved adds portfolio work
 * or changes their services, the client hears of it by e-mail, at most once a week per professional, with a
 * one-click unsubscribe that works signed out.
 */

export const PROVIDER_UPDATE_LIMITS = {
  /** One mail per client and professional in this long, whatever the professional changes meanwhile. */
  quietDays: 7,
  /** Only news this recent is mailed: a replayed stream or loaded demo data mails nobody. */
  maxNewsAgeHours: 24,
  /** Tries of one mail; one that fails them all goes with the professional's next news. */
  sendAttempts: 3,
} as const;

/** What a professional did that their savers hear about. */
export const PROVIDER_NEWS_KINDS = ['portfolio', 'services'] as const;
export type ProviderNewsKind = (typeof PROVIDER_NEWS_KINDS)[number];

export const PROVIDER_UPDATES_MESSAGES = {
  unsubscribeInvalid: 'This unsubscribe link is not valid. Sign in and turn Provider Updates off in your notification settings.',
  unsubscribed: 'You have unsubscribed from provider updates',
} as const;

const providerUpdatesUnsubscribe = unsubscribeSchemas(PROVIDER_UPDATES_MESSAGES.unsubscribeInvalid);
/** POST /api/provider-updates/unsubscribe: the token of the mail's link. */
export const providerUpdatesUnsubscribeSchema = providerUpdatesUnsubscribe.body;
/** POST /api/provider-updates/unsubscribe/one-click?token=…. */
export const providerUpdatesOneClickQuerySchema = providerUpdatesUnsubscribe.oneClickQuery;
