import { Entity } from 'electrodb';
import { pk, sk } from './key-templates';

/**
 * Who is signed in, for the admin analytics' active sessions. Every key format of these items is here
 * and nowhere else.
 *
 *   a person's sessions   PK = USER#<userId>        SK = SESSIONS    version, sessions (at most SESSIONS_PER_PERSON)
 *   an expiry bucket      PK = SESSIONS_BY_EXPIRY   SK = <yyyy-mm-ddThh> (UTC hour)   count
 *
 * A session is one sign-in (Cognito's post-authentication trigger): its id, when it signed in and when
 * its refresh token runs out. The person's sessions are one item with a version, so a sign-in, a sign-out
 * and a sign-out everywhere of the same person take turns and none is lost or ended twice. Every change of
 * that item moves, in the same transaction, the bucket of the hour each added or removed session expires
 * in (+1, -1): the buckets always add up to the sessions stored. "Active sessions" is the sum of the
 * buckets from the current hour on, one Query over at most the refresh token's lifetime in hours; a
 * session that expired is no longer counted once its hour has passed, with no scan and no clean-up.
 * Both items leave by TTL a day after the last hour they count in, when they no longer count.
 */
export const sessionsHeadEntity = new Entity({
  model: { entity: 'sessionsHead', version: '1', service: 'solutionz' },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    version: { type: 'number', required: true },
    sessions: {
      type: 'list',
      required: true,
      items: {
        type: 'map',
        properties: {
          sessionId: { type: 'string', required: true },
          /** Epoch seconds. */
          signedInAt: { type: 'number', required: true },
          /** Epoch seconds: the sign-in's refresh token runs out. */
          expiresAt: { type: 'number', required: true },
        },
      },
    },
    /** TTL, epoch seconds. */
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byUser: { pk: pk('USER#${userId}', ['userId']), sk: sk('SESSIONS', []) },
  },
});

export const sessionExpiryBucketEntity = new Entity({
  model: { entity: 'sessionExpiryBucket', version: '1', service: 'solutionz' },
  attributes: {
    hour: { type: 'string', required: true, readOnly: true },
    count: { type: 'number', required: true, default: 0 },
    /** TTL, epoch seconds. */
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byHour: { pk: pk('SESSIONS_BY_EXPIRY', []), sk: sk('${hour}', ['hour']) },
  },
});

/**
 * Where a person used their account from, for the link mail caps (services/accounts/mail-limits.ts): one item
 * per client address the account was used from signed in (or signed up from), keyed by a digest of the
 * address, never the address itself.
 *
 *   "was the account used from this address"   GetItem PK = USER#<userId>  SK = PLACE#<digest>
 *   "every place of a person" (erasure)         Query PK = USER#<userId>, SK begins_with PLACE#
 *
 * `seenAt` (epoch seconds) moves at most once a day; the item leaves by TTL (`expiresAt`) once the address
 * has not been seen for MAIL_RATE_LIMIT.knownSourceDays.
 */
export const signInPlaceEntity = new Entity({
  model: { entity: 'signInPlace', version: '1', service: 'solutionz' },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    place: { type: 'string', required: true, readOnly: true },
    seenAt: { type: 'number', required: true },
    /** TTL, epoch seconds. */
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byUser: { pk: pk('USER#${userId}', ['userId']), sk: sk('PLACE#${place}', ['place']) },
  },
});

const HOUR_S = 3600;
/** Items stay a day after the last hour they count in (TTL deletes late; a Query reads them no more anyway). */
const KEPT_AFTER_S = 24 * HOUR_S;

/** The bucket of a moment (epoch seconds): its UTC hour, yyyy-mm-ddThh, which sorts as time does. */
export function expiryHour(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString().slice(0, 13);
}

/** The TTL of items that count sessions expiring at or before `epochSeconds`. */
export function keptUntil(epochSeconds: number): number {
  return epochSeconds - (epochSeconds % HOUR_S) + HOUR_S + KEPT_AFTER_S;
}
