import { createHash } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MAIL_RATE_LIMIT } from '@solutionz/shared';
import { untilProcessed } from './batch';
import { epochSeconds } from './epoch-seconds';
import { expiryHour, keptUntil } from './sessions';
import { createTableStore } from './table-store';
import { conflictPause, isConditionFailure, MAX_CONFLICT_RETRIES } from './write-outcomes';

/** One sign-in of a person (see sessions.ts). */
export interface SessionRecord {
  readonly sessionId: string;
  /** Epoch seconds. */
  readonly signedInAt: number;
  /** Epoch seconds: when the sign-in's refresh token runs out. */
  readonly expiresAt: number;
}

/** The sessions a change added and removed. */
interface SessionChange {
  readonly added: readonly SessionRecord[];
  readonly removed: readonly SessionRecord[];
}

export interface SessionRepository {
  /**
   * Replaces the person's sessions with what `plan` makes of the stored ones, moving the expiry buckets
   * of the sessions it added (+1) and removed (-1) in the same transaction, conditional on the version
   * read: when another change of the same person went first, `plan` runs again on what is stored now, so
   * a session is ended (and subtracted) once however many ask at the same moment.
   */
  change(userId: string, plan: (current: readonly SessionRecord[]) => readonly SessionRecord[]): Promise<SessionChange>;
  /** The person's stored sessions, oldest first (expired ones included until a change drops them). */
  list(userId: string): Promise<SessionRecord[]>;
  /** Sessions whose expiry hour has not passed at `now`: one Query of the expiry buckets. */
  activeCount(now: Date): Promise<number>;
  /** Notes that the person used the account from the client address `sourceIp` (a write at most once a day per address). */
  noteUsedFrom(userId: string, sourceIp: string, now: Date): Promise<void>;
  /** Whether the person used the account from `sourceIp` within MAIL_RATE_LIMIT.knownSourceDays before `now`. */
  usedFrom(userId: string, sourceIp: string, now: Date): Promise<boolean>;
  /** Forgets every place the person used the account from (erasure). */
  forgetPlaces(userId: string): Promise<void>;
}

const DAY_S = 86_400;

/** A client address is kept as a digest with the person's id: the item names neither the address nor, alone, anyone's. */
const placeOf = (userId: string, sourceIp: string) => createHash('sha256').update(`${userId} ${sourceIp}`, 'utf8').digest('hex');

export function createSessionRepository(client: DynamoDBDocumentClient, tableName: string): SessionRepository {
  const store = createTableStore(client, tableName);
  const { sessionsHead, sessionExpiryBucket, signInPlace } = store.entities;

  async function read(userId: string) {
    const { data } = await sessionsHead.get({ userId }).go({ consistent: true });
    return data ? { version: data.version, sessions: data.sessions as SessionRecord[] } : undefined;
  }

  return {
    async change(userId, plan) {
      for (let attempt = 1; ; attempt++) {
        const head = await read(userId);
        const current = head?.sessions ?? [];
        const next = [...plan(current)].sort((a, b) => a.signedInAt - b.signedInAt);
        const kept = new Set(next.map((session) => session.sessionId));
        const had = new Set(current.map((session) => session.sessionId));
        const removed = current.filter((session) => !kept.has(session.sessionId));
        const added = next.filter((session) => !had.has(session.sessionId));
        if (removed.length === 0 && added.length === 0) return { added, removed };

        const deltas = new Map<string, { delta: number; keptUntil: number }>();
        for (const [sessions, sign] of [
          [added, 1],
          [removed, -1],
        ] as const) {
          for (const session of sessions) {
            const hour = expiryHour(session.expiresAt);
            const bucket = deltas.get(hour) ?? { delta: 0, keptUntil: keptUntil(session.expiresAt) };
            deltas.set(hour, { ...bucket, delta: bucket.delta + sign });
          }
        }
        const result = await store.transaction
          .write(({ sessionsHead: heads, sessionExpiryBucket: buckets }) => [
            next.length
              ? heads
                  .put({
                    userId,
                    version: (head?.version ?? 0) + 1,
                    sessions: next.map((s) => ({ ...s })),
                    expiresAt: keptUntil(Math.max(...next.map((s) => s.expiresAt))),
                  })
                  .where((attr, op) => (head ? op.eq(attr.version, head.version) : op.notExists(attr.version)))
                  .commit()
              : heads
                  .delete({ userId })
                  .where((attr, op) => op.eq(attr.version, head!.version))
                  .commit(),
            ...[...deltas]
              .filter(([, bucket]) => bucket.delta !== 0)
              .map(([hour, bucket]) => buckets.update({ hour }).add({ count: bucket.delta }).set({ expiresAt: bucket.keptUntil }).commit()),
          ])
          .go();
        if (!result.canceled) return { added, removed };
        const codes = (result.data as { code: string }[]).map((item) => item.code);
        // Another change of the same person went first: plan again from what is stored now.
        if (!codes.some((code) => code === 'ConditionalCheckFailed' || code === 'TransactionConflict') || attempt >= MAX_CONFLICT_RETRIES) {
          throw new Error(`The sessions of ${userId} were not written: ${codes.join(', ')}`);
        }
        await conflictPause(attempt);
      }
    },

    async list(userId) {
      return [...((await read(userId))?.sessions ?? [])];
    },

    async activeCount(now) {
      const { data } = await sessionExpiryBucket.query
        .byHour({})
        .gte({ hour: expiryHour(Math.floor(now.getTime() / 1000)) })
        .go({ pages: 'all' });
      return Math.max(
        0,
        data.reduce((sum, bucket) => sum + (bucket.count ?? 0), 0),
      );
    },

    async noteUsedFrom(userId, sourceIp, now) {
      const seenAt = epochSeconds(now);
      try {
        await signInPlace
          .update({ userId, place: placeOf(userId, sourceIp) })
          .set({ seenAt, expiresAt: seenAt + MAIL_RATE_LIMIT.knownSourceDays * DAY_S })
          // Seen today already: nothing to move.
          .where((attr, op) => `${op.notExists(attr.seenAt)} OR ${op.lt(attr.seenAt, seenAt - DAY_S)}`)
          .go({ response: 'none' });
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },

    async usedFrom(userId, sourceIp, now) {
      const { data } = await signInPlace.get({ userId, place: placeOf(userId, sourceIp) }).go();
      // TTL deletes late: an item past its days is read as gone.
      return !!data && data.seenAt >= epochSeconds(now) - MAIL_RATE_LIMIT.knownSourceDays * DAY_S;
    },

    async forgetPlaces(userId) {
      const { data } = await signInPlace.query.byUser({ userId }).go({ pages: 'all', attributes: ['userId', 'place'] });
      if (data.length === 0) return;
      const keys = data.map(({ place }) => ({ userId, place }));
      await untilProcessed(`The places of ${userId}`, keys, async (pending) => (await signInPlace.delete([...pending]).go()).unprocessed);
    },
  };
}
