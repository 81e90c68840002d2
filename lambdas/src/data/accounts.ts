import { Entity } from 'electrodb';
import { ACCOUNT_TYPES, PLACE_PRECISIONS, SOCIAL_LINK_KEYS, type SocialLinkKey } from '@solutionz/shared';
import { gsi1, pk, sk } from './key-templates';

/**
 * Accounts: profiles, e-mail uniqueness, single-use tokens, rate limits, the one admin setup and the
 * businesses that sign-up searches. Every key format of these items is here and nowhere else.
 */

/**
 * The profile, keyed by the Cognito `sub`; the source of truth for account type, e-mail
 * confirmation and the active and visible flags (docs/architecture.md#identity).
 *   "profile of a user": GetItem PK = USER#<userId>, SK = PROFILE.
 * The subscription summary lives on the profile so /api/me, the banners, the access check and the
 * directory need one read; only the membership services write it, from what Stripe says.
 */
export const profileEntity = new Entity({
  model: { entity: 'profile', version: '1', service: 'solutionz' },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    email: { type: 'string', required: true },
    accountType: { type: ACCOUNT_TYPES, required: true },
    firstName: { type: 'string', required: true },
    lastName: { type: 'string', required: true },
    /** The location as the person typed it. */
    location: { type: 'string' },
    /** Where that is: the geocoder's display name, coordinates, geohash and precision. */
    placeName: { type: 'string' },
    lat: { type: 'number' },
    lng: { type: 'number' },
    geohash: { type: 'string' },
    placePrecision: { type: PLACE_PRECISIONS },
    phoneNumber: { type: 'string' },
    businessName: { type: 'string' },
    businessId: { type: 'string' },
    bio: { type: 'string' },
    skills: { type: 'list', items: { type: 'string' } },
    socialLinks: {
      type: 'map',
      properties: Object.fromEntries(SOCIAL_LINK_KEYS.map((key) => [key, { type: 'string' } as const])) as Record<SocialLinkKey, { type: 'string' }>,
    },
    categories: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    /** The avatars bucket key of the current picture (served at /media/<key>). */
    avatarKey: { type: 'string' },
    jobAlerts: {
      type: 'map',
      properties: {
        enabled: { type: 'boolean', required: true },
        radiusMiles: { type: 'number', required: true },
        categories: { type: 'list', items: { type: 'string' }, required: true },
      },
    },
    providerUpdates: { type: 'map', properties: { enabled: { type: 'boolean', required: true } } },
    /** E-mail about unread messages (docs/product/notifications.md#message-e-mails); absent means on. */
    messageMails: { type: 'map', properties: { enabled: { type: 'boolean', required: true } } },
    /** E-mail before a checked credential expires (docs/product/credentials.md#expiry); absent means on. */
    credentialReminders: { type: 'map', properties: { enabled: { type: 'boolean', required: true } } },
    /** Cognito software-token MFA is on (kept here so /api/me needs no Cognito call). */
    mfaEnabled: { type: 'boolean', required: true, default: false },
    /** Epoch seconds: access tokens issued before this are refused on every signed-in route (sign out everywhere). */
    sessionsValidAfter: { type: 'number' },
    emailConfirmedAt: { type: 'string' },
    isActive: { type: 'boolean', required: true, default: true },
    isVisible: { type: 'boolean', required: true, default: true },
    subscriptionTier: { type: ['none', 'monthly', 'yearly'] as const, required: true, default: 'none' },
    subscriptionEnd: { type: 'string' },
    cancelAtPeriodEnd: { type: 'boolean', required: true, default: false },
    /** Feedback on a provider, kept with every feedback change: how many ratings, and their sum. */
    ratingCount: { type: 'number' },
    ratingTotal: { type: 'number' },
    /** How fast the provider answers clients: the facts of the last 90 days (response-times.ts), and which change of them it is. */
    responseLog: { type: 'list', items: { type: 'string' } },
    responseLogVersion: { type: 'number' },
    /** The last day a checked insurance and a checked registration hold (credentials), copied to the listing. */
    insuredUntil: { type: 'string' },
    registeredUntil: { type: 'string' },
    /** A renewal failed and Stripe is retrying (status past_due). */
    paymentFailed: { type: 'boolean' },
    /** The provider's one Stripe customer, created at the first checkout. */
    stripeCustomerId: { type: 'string' },
    /** The subscription the summary above was read from, and its Stripe status. */
    stripeSubscriptionId: { type: 'string' },
    subscriptionStatus: { type: 'string' },
    /**
     * A business an admin created: no sign-in and no e-mail address (`email` is empty) until someone claims
     * it; it is listed by the admin's grant instead of a membership.
     */
    unclaimed: { type: 'boolean' },
    listingGrantedBy: { type: 'string' },
    listingGrantedAt: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byUser: { pk: pk('USER#${userId}', ['userId']), sk: sk('PROFILE', []) },
  },
});

/**
 * One item per lower-cased e-mail address: created with a condition, so two sign-ups of one address
 * can never both succeed.
 *   "who owns this address": GetItem PK = EMAIL#<email>, SK = EMAIL.
 * A sign-up first reserves the address (no userId, `reservedUntil` a few minutes ahead), then its
 * transaction fills in userId. A reservation whose sign-up died half-way lapses at reservedUntil
 * (and TTL removes it), so the address is never blocked for good.
 */
export const accountEmailEntity = new Entity({
  model: { entity: 'accountEmail', version: '1', service: 'solutionz' },
  attributes: {
    email: { type: 'string', required: true, readOnly: true },
    reservationId: { type: 'string', required: true },
    reservedUntil: { type: 'number', required: true },
    userId: { type: 'string' },
    expiresAt: { type: 'number' },
  },
  indexes: {
    byEmail: { pk: pk('EMAIL#${email}', ['email']), sk: sk('EMAIL', []) },
  },
});

const TOKEN_PURPOSES = ['confirm-email', 'reset-password', 'change-email', 'claim-business'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/**
 * Single-use link tokens, stored only as the SHA-256 of the random token the mail carries.
 *   "redeem a token": UpdateItem PK = TOKEN#<sha256>, SK = TOKEN, conditional on purpose, not used,
 *   not expired; a token therefore works exactly once, also under concurrent clicks.
 * `expiresAt` (epoch seconds) is also the table's TTL attribute; TTL deletes late, so the redeem
 * condition checks expiry itself. For an e-mail change, `email` is the new address the link was sent to.
 * A business claim's link is about the business, not about an account (none exists yet): `userId` is the
 * business's own profile, `email` the address the claimant typed, with `businessId` and the `fullName`
 * the new account will carry.
 *   "tokens of a user" (account erasure): Query GSI1 PK = USER#<userId>, SK begins_with TOKEN#.
 */
export const accountTokenEntity = new Entity({
  model: { entity: 'accountToken', version: '1', service: 'solutionz' },
  attributes: {
    tokenHash: { type: 'string', required: true, readOnly: true },
    purpose: { type: TOKEN_PURPOSES, required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    email: { type: 'string', required: true, readOnly: true },
    expiresAt: { type: 'number', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    usedAt: { type: 'string' },
    businessId: { type: 'string', readOnly: true },
    fullName: { type: 'string', readOnly: true },
  },
  indexes: {
    byHash: { pk: pk('TOKEN#${tokenHash}', ['tokenHash']), sk: sk('TOKEN', []) },
    byUser: gsi1('USER#${userId}', ['userId'], 'TOKEN#${tokenHash}', ['tokenHash']),
  },
});

/**
 * Fixed-window counters: "count this attempt": UpdateItem ADD count on
 * PK = RATE#<scope>#<subject>, SK = WINDOW#<window start>; old windows leave by TTL.
 */
export const rateCounterEntity = new Entity({
  model: { entity: 'rateCounter', version: '1', service: 'solutionz' },
  attributes: {
    scope: { type: 'string', required: true, readOnly: true },
    subject: { type: 'string', required: true, readOnly: true },
    windowStart: { type: 'number', required: true, readOnly: true },
    count: { type: 'number', required: true, default: 0 },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byWindow: { pk: pk('RATE#${scope}#${subject}', ['scope', 'subject']), sk: sk('WINDOW#${windowStart}', ['windowStart']) },
  },
});

/**
 * "At most one per period" (the 60 s resend countdown): PutItem on PK = COOLDOWN#<scope>#<subject>,
 * SK = COOLDOWN, conditional on no item or an item whose `until` has passed. Unlike a fixed window it
 * never lets two sends through a window boundary.
 */
export const cooldownEntity = new Entity({
  model: { entity: 'cooldown', version: '1', service: 'solutionz' },
  attributes: {
    scope: { type: 'string', required: true, readOnly: true },
    subject: { type: 'string', required: true, readOnly: true },
    until: { type: 'number', required: true },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    bySubject: { pk: pk('COOLDOWN#${scope}#${subject}', ['scope', 'subject']), sk: sk('COOLDOWN', []) },
  },
});

/**
 * The first-admin setup marker, one item for the whole table: "claim the setup" is a PutItem with
 * attribute_not_exists, so of any number of concurrent setups exactly one proceeds.
 */
export const adminSetupEntity = new Entity({
  model: { entity: 'adminSetup', version: '1', service: 'solutionz' },
  attributes: {
    username: { type: 'string', required: true },
    startedAt: { type: 'string', required: true },
    userId: { type: 'string' },
    completedAt: { type: 'string' },
  },
  indexes: {
    single: { pk: pk('ADMIN_SETUP', []), sk: sk('ADMIN_SETUP', []) },
  },
});

/** A provider's business (docs/product/claims.md). "a business": GetItem PK = BUSINESS#<id>, SK = BUSINESS. */
export const businessEntity = new Entity({
  model: { entity: 'business', version: '1', service: 'solutionz' },
  attributes: {
    businessId: { type: 'string', required: true, readOnly: true },
    businessName: { type: 'string', required: true },
    businessEmail: { type: 'string' },
    ownerUserId: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byId: { pk: pk('BUSINESS#${businessId}', ['businessId']), sk: sk('BUSINESS', []) },
  },
});

/**
 * The business-name search without a Scan: one small index item per word of each business name,
 * written in the business's own transaction.
 *   "businesses with a word starting with <text>": Query PK = BUSINESS_WORD#<first 2 letters>,
 *   SK begins_with <word text>; then the whole typed text must occur in the normalised name.
 * Typing starts at 2 characters (BUSINESS_SEARCH.minChars), so the partition is always known, and
 * a partition holds only the words sharing two first letters. The name is copied onto the word
 * items so a search is one Query; the business's e-mail is not (the search is public).
 */
export const businessWordEntity = new Entity({
  model: { entity: 'businessWord', version: '1', service: 'solutionz' },
  attributes: {
    prefix: { type: 'string', required: true, readOnly: true },
    word: { type: 'string', required: true, readOnly: true },
    businessId: { type: 'string', required: true, readOnly: true },
    businessName: { type: 'string', required: true },
  },
  indexes: {
    byWord: { pk: pk('BUSINESS_WORD#${prefix}', ['prefix']), sk: sk('${word}#${businessId}', ['word', 'businessId']) },
  },
});

/**
 * Where a profile went: an admin-listed business claimed by a person moves to their account, and its old
 * id keeps this one item so links to the old page find the new one.
 *   "where did this provider go": GetItem PK = USER#<userId>, SK = MOVED_TO.
 */
export const profileMoveEntity = new Entity({
  model: { entity: 'profileMove', version: '1', service: 'solutionz' },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    movedTo: { type: 'string', required: true },
    movedAt: { type: 'string', required: true },
  },
  indexes: {
    byUser: { pk: pk('USER#${userId}', ['userId']), sk: sk('MOVED_TO', []) },
  },
});
