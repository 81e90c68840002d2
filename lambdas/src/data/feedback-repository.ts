import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { untilProcessed } from './batch';
import { STAT } from './admin';
import { auditWrites, type AuditRecord } from './admin-repository';
import { moderationIndex, publishedIndex, receivedIndex, type PagedIndex } from './feedback';
import { pageBelow, type Item } from './raw-commands';
import { createTableStore } from './table-store';
import { decodeTimeCursor, encodeTimeCursor } from './time-cursor';
import { transparencyWrites } from './transparency-repository';
import { CONFLICT, isConditionFailure, retryOnConflict } from './write-outcomes';

interface FeedbackReplyRecord {
  readonly text: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface FeedbackRecord {
  readonly id: string;
  readonly providerId: string;
  /** The client who wrote it; absent once their account was erased. */
  readonly authorId?: string;
  readonly authorName: string;
  readonly rating: number;
  readonly title: string;
  readonly description?: string;
  /** Published: shown publicly and counted in the provider's rating. */
  readonly approved: boolean;
  readonly createdAt: string;
  readonly updatedAt?: string;
  readonly reply?: FeedbackReplyRecord;
}

type NewFeedback = Omit<FeedbackRecord, 'updatedAt' | 'reply' | 'authorId'> & { readonly authorId: string };

/** What the author (or an admin) may change. */
interface FeedbackChange {
  readonly rating: number;
  readonly title: string;
  /** Absent: the description is removed. */
  readonly description?: string;
}

type CreateOutcome = 'created' | 'duplicate' | 'no-provider';

export interface FeedbackPageRecord {
  readonly feedback: FeedbackRecord[];
  readonly nextCursor?: string;
}

/** Only the author may change or delete through this; without it (an admin), anyone's. */
interface AuthorCheck {
  readonly authorId?: string;
}

export interface FeedbackRepository {
  /** Stores new feedback with its author link, counting it in the provider's rating when published: all or nothing. */
  create(feedback: NewFeedback): Promise<CreateOutcome>;
  get(feedbackId: string): Promise<FeedbackRecord | undefined>;
  /** The author's feedback for the provider, if they have left one. */
  findByAuthor(providerId: string, authorId: string): Promise<FeedbackRecord | undefined>;
  /** A page of the provider's published feedback, newest first; throws InvalidCursorError for a cursor it did not make. */
  listPublished(providerId: string, page: { cursor?: string; limit: number }): Promise<FeedbackPageRecord>;
  /** A page of all feedback the provider received, published or not, newest first. */
  listReceived(providerId: string, page: { cursor?: string; limit: number }): Promise<FeedbackPageRecord>;
  listAllReceived(providerId: string): Promise<FeedbackRecord[]>;
  /** Everything the author wrote that still carries their link, newest first. */
  listAllGiven(authorId: string): Promise<FeedbackRecord[]>;
  /**
   * Changes rating, title and description; the rating aggregate follows, and an admin's audit entry is
   * written in the same transaction. Undefined when there is no such feedback (of that author).
   */
  edit(feedbackId: string, change: FeedbackChange, now: Date, check?: AuthorCheck, audit?: AuditRecord): Promise<FeedbackRecord | undefined>;
  /** Deletes the feedback with its reply and author link; the aggregate and the counts follow. Answers what was deleted. */
  remove(feedbackId: string, check?: AuthorCheck, audit?: AuditRecord): Promise<FeedbackRecord | undefined>;
  /**
   * Publishes or unpublishes (the admin's moderation); the aggregate, the counts and the audit entry
   * follow in the same transaction. `changed` is false when it said so already (nothing written).
   */
  setApproved(feedbackId: string, approved: boolean, audit?: AuditRecord): Promise<{ feedback: FeedbackRecord; changed: boolean } | undefined>;
  /** Every feedback of one state or all, newest first, for moderation; throws InvalidCursorError for a cursor it did not make. */
  listForModeration(status: 'all' | 'approved' | 'pending', page: { cursor?: string; limit: number }): Promise<FeedbackPageRecord>;
  /**
   * Writes the one reply, or replaces its text, on feedback addressed to `providerId`; `created` tells
   * whether there was none before. Undefined when there is no such feedback for that provider.
   */
  putReply(feedbackId: string, providerId: string, text: string, now: Date): Promise<{ created: boolean; feedback: FeedbackRecord } | undefined>;
  /** Account erasure of an author: their feedback stays under `authorName`, with nothing left that leads to them. */
  detachAuthor(authorId: string, authorName: string): Promise<void>;
  /** Account erasure of a provider: every feedback they received goes, with the authors' links, and their aggregate is cleared. */
  removeAllReceived(providerId: string): Promise<void>;
}

const encodeCursor = (record: FeedbackRecord) => encodeTimeCursor(record.createdAt, record.id);

function decodeCursor(cursor: string): { createdAt: string; feedbackId: string } {
  const { at, id } = decodeTimeCursor(cursor);
  return { createdAt: at, feedbackId: id };
}

function toRecord(item: Item): FeedbackRecord {
  const reply =
    typeof item.replyText === 'string'
      ? { text: item.replyText, createdAt: item.replyCreatedAt as string, updatedAt: item.replyUpdatedAt as string }
      : undefined;
  return {
    id: item.feedbackId as string,
    providerId: item.providerId as string,
    ...(typeof item.authorId === 'string' ? { authorId: item.authorId } : {}),
    authorName: item.authorName as string,
    rating: item.rating as number,
    title: item.title as string,
    ...(typeof item.description === 'string' ? { description: item.description } : {}),
    approved: item.approved === true,
    createdAt: item.createdAt as string,
    ...(typeof item.updatedAt === 'string' ? { updatedAt: item.updatedAt } : {}),
    ...(reply ? { reply } : {}),
  };
}

type WriteCallback = Parameters<ReturnType<typeof createTableStore>['transaction']['write']>[0];
/** The entities as a transaction's writes see them. */
type Entities = Parameters<WriteCallback>[0];
/** One write of a transaction, as the entities' `commit()` give it. */
type TransactionWrite = ReturnType<WriteCallback>[number];

/** A change of one feedback: its own writes, what it does to the provider's aggregate, and the record it leaves. */
interface Plan {
  readonly items: (entities: Entities) => TransactionWrite[];
  /** The moderation counts it moves. */
  readonly counts?: readonly { readonly approved: boolean; readonly delta: number }[];
  readonly rating?: { readonly count: number; readonly total: number };
  readonly result: FeedbackRecord;
}

type Cancelled = { readonly canceled: true; readonly codes: string[] } | { readonly canceled: false };

export function createFeedbackRepository(client: DynamoDBDocumentClient, tableName: string): FeedbackRepository {
  const store = createTableStore(client, tableName);
  const { feedback: feedbackItems, feedbackAuthor: authorLinks, profile: profiles } = store.entities;

  /** Runs a transaction; a cancelled one answers each item's reason code, in order. */
  async function transact(writes: (entities: Entities) => TransactionWrite[]): Promise<Cancelled> {
    const result = await store.transaction.write((entities) => writes(entities)).go();
    return result.canceled ? { canceled: true, codes: (result.data as { code: string }[]).map((item) => item.code) } : { canceled: false };
  }

  /**
   * The change of a provider's rating aggregate, as one write of a transaction: it fails when the profile
   * is gone (an erased provider).
   */
  const ratingChange = (entities: Entities, providerId: string, count: number, total: number) =>
    entities.profile.patch({ userId: providerId }).add({ ratingCount: count, ratingTotal: total }).commit();

  async function get(feedbackId: string): Promise<FeedbackRecord | undefined> {
    const { data } = await feedbackItems.get({ feedbackId }).go({ consistent: true });
    return data ? toRecord(data) : undefined;
  }

  /**
   * The cursor names the last entry shown, (createdAt, id), never a raw key: the partition always comes
   * from the caller. A page resumes strictly below it, whatever was added meanwhile.
   */
  async function page(index: PagedIndex, cursor: string | undefined, limit: number): Promise<FeedbackPageRecord> {
    const after = cursor === undefined ? undefined : decodeCursor(cursor);
    const below = after ? index.position(after.createdAt, after.feedbackId) : undefined;
    const records = (await pageBelow(client, tableName, index, below, limit)).map(toRecord);
    const feedback = records.slice(0, limit);
    return records.length > limit ? { feedback, nextCursor: encodeCursor(feedback.at(-1)!) } : { feedback };
  }

  async function linksOf(authorId: string) {
    const { data } = await authorLinks.query.byAuthor({ authorId }).go({ pages: 'all', consistent: true });
    return data;
  }

  async function batchGet(feedbackIds: readonly string[]): Promise<FeedbackRecord[]> {
    const found: FeedbackRecord[] = [];
    await untilProcessed(
      'Feedback reads',
      feedbackIds.map((feedbackId) => ({ feedbackId })),
      async (keys) => {
        const { data, unprocessed } = await feedbackItems.get([...keys]).go({ consistent: true });
        found.push(...data.map(toRecord));
        return unprocessed;
      },
    );
    return found;
  }

  /** The feedback as it stands now must still be as read: same rating, same publication, same author. */
  const unchanged =
    (current: FeedbackRecord, check: AuthorCheck) =>
    (attr: { rating: unknown; approved: unknown; authorId: unknown }, op: { eq: (attribute: never, value: unknown) => string }) =>
      [
        op.eq(attr.rating as never, current.rating),
        op.eq(attr.approved as never, current.approved),
        ...(check.authorId ? [op.eq(attr.authorId as never, check.authorId)] : []),
      ].join(' AND ');

  /**
   * Reads the feedback, plans the change and runs it in one transaction with the rating aggregate; reads
   * and plans again when the feedback changed in between or another write met it. A plan names the
   * feedback's own write, the change of the aggregate (if any) and the record it leaves.
   */
  async function change(
    feedbackId: string,
    check: AuthorCheck,
    plan: (current: FeedbackRecord) => Plan | 'unchanged',
    audit?: AuditRecord,
  ): Promise<FeedbackRecord | undefined> {
    let withRating = true;
    return retryOnConflict(`The change of feedback ${feedbackId}`, async () => {
      const current = await get(feedbackId);
      if (!current || (check.authorId && current.authorId !== check.authorId)) return undefined;
      const planned = plan(current);
      if (planned === 'unchanged') return current;
      const rating = withRating ? planned.rating : undefined;
      const outcome = await transact((entities) => [
        ...planned.items(entities),
        ...(planned.counts ?? []).map(({ approved, delta }) =>
          entities.adminStat
            .update({ name: STAT.feedback(approved) })
            .add({ count: delta })
            .commit(),
        ),
        ...(audit ? auditWrites(entities, audit) : []),
        // Last: a cancellation reason at the end is the aggregate's (see below).
        ...(rating ? [ratingChange(entities, current.providerId, rating.count, rating.total)] : []),
      ]);
      if (!outcome.canceled) return planned.result;
      if (outcome.codes.includes('TransactionConflict')) return CONFLICT;
      if (rating && outcome.codes.at(-1) === 'ConditionalCheckFailed' && outcome.codes[0] !== 'ConditionalCheckFailed') {
        // The provider's profile is gone (an erasure under way): there is no aggregate left to keep.
        withRating = false;
        return CONFLICT;
      }
      // The feedback changed since it was read: read and plan again.
      if (outcome.codes[0] === 'ConditionalCheckFailed') return CONFLICT;
      throw new Error(`The feedback transaction was cancelled: ${outcome.codes.join(', ')}`);
    });
  }

  return {
    async create(feedback) {
      const { id, authorId, providerId, ...attributes } = feedback;
      return retryOnConflict<CreateOutcome>(`The feedback ${id}`, async () => {
        const outcome = await transact((entities) => [
          entities.feedback.create({ ...attributes, feedbackId: id, authorId, providerId }).commit(),
          entities.feedbackAuthor.create({ authorId, providerId, feedbackId: id }).commit(),
          ...(feedback.approved ? [ratingChange(entities, providerId, 1, feedback.rating)] : []),
          entities.adminStat
            .update({ name: STAT.feedback(feedback.approved) })
            .add({ count: 1 })
            .commit(),
          // Published at once: counted on the transparency page as it happens.
          ...(feedback.approved ? transparencyWrites(entities, [{ figure: 'feedback.published' }], feedback.createdAt) : []),
        ]);
        if (!outcome.canceled) return 'created';
        const [feedbackCode, linkCode, ratingCode] = outcome.codes;
        if (linkCode === 'ConditionalCheckFailed') return 'duplicate';
        if (feedback.approved && ratingCode === 'ConditionalCheckFailed') return 'no-provider';
        if (feedbackCode === 'ConditionalCheckFailed') throw new Error(`Feedback ${id} exists already`);
        // Another write touched the author link or the provider's profile at the same moment: DynamoDB cancels rather than waits.
        if (outcome.codes.includes('TransactionConflict')) return CONFLICT;
        throw new Error(`The feedback transaction was cancelled: ${outcome.codes.join(', ')}`);
      });
    },

    get,

    async findByAuthor(providerId, authorId) {
      const { data } = await authorLinks.get({ authorId, providerId }).go({ consistent: true });
      if (!data) return undefined;
      const feedback = await get(data.feedbackId);
      return feedback?.authorId === authorId ? feedback : undefined;
    },

    listPublished: (providerId, { cursor, limit }) => page(publishedIndex(providerId), cursor, limit),
    listReceived: (providerId, { cursor, limit }) => page(receivedIndex(providerId), cursor, limit),

    async listAllReceived(providerId) {
      const { data } = await feedbackItems.query.received({ providerId }).go({ pages: 'all', order: 'desc' });
      return data.map(toRecord);
    },

    async listAllGiven(authorId) {
      const links = await linksOf(authorId);
      const given = await batchGet(links.map((link) => link.feedbackId));
      return given.filter((feedback) => feedback.authorId === authorId).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },

    edit(feedbackId, { rating, title, description }, now, check = {}, audit) {
      return change(
        feedbackId,
        check,
        (current) => {
          const updatedAt = now.toISOString();
          const { description: _previous, ...kept } = current;
          const delta = rating - current.rating;
          return {
            items: (entities) => {
              const write = entities.feedback.patch({ feedbackId }).set({ rating, title, updatedAt, ...(description ? { description } : {}) });
              return [(description ? write : write.remove(['description'])).where(unchanged(current, check)).commit()];
            },
            ...(current.approved && delta !== 0 ? { rating: { count: 0, total: delta } } : {}),
            result: { ...kept, rating, title, ...(description ? { description } : {}), updatedAt },
          };
        },
        audit,
      );
    },

    remove(feedbackId, check = {}, audit) {
      return change(
        feedbackId,
        check,
        (current) => ({
          items: (entities) => [
            entities.feedback.delete({ feedbackId }).where(unchanged(current, check)).commit(),
            ...(current.authorId ? [entities.feedbackAuthor.delete({ authorId: current.authorId, providerId: current.providerId }).commit()] : []),
          ],
          counts: [{ approved: current.approved, delta: -1 }],
          ...(current.approved ? { rating: { count: -1, total: -current.rating } } : {}),
          result: current,
        }),
        audit,
      );
    },

    async setApproved(feedbackId, approved, audit) {
      let changed = true;
      const feedback = await change(
        feedbackId,
        {},
        (current) => {
          if (current.approved === approved) {
            changed = false;
            return 'unchanged';
          }
          changed = true;
          return {
            // The index keys are the published list's (sparse) keys: the entity writes or removes them with `approved`.
            items: (entities) => [
              entities.feedback
                .patch({ feedbackId })
                .set({ approved })
                .composite({ providerId: current.providerId, createdAt: current.createdAt })
                .where(unchanged(current, {}))
                .commit(),
            ],
            counts: [
              { approved, delta: 1 },
              { approved: !approved, delta: -1 },
            ],
            rating: approved ? { count: 1, total: current.rating } : { count: -1, total: -current.rating },
            result: { ...current, approved },
          };
        },
        audit,
      );
      return feedback ? { feedback, changed } : undefined;
    },

    async listForModeration(status, { cursor, limit }) {
      if (status !== 'all') return page(moderationIndex(status === 'approved'), cursor, limit);
      // Both states' lists below the same position, merged newest first.
      const [approved, pending] = await Promise.all([page(moderationIndex(true), cursor, limit), page(moderationIndex(false), cursor, limit)]);
      const merged = [...approved.feedback, ...pending.feedback].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
      const feedback = merged.slice(0, limit);
      const more = merged.length > limit || approved.nextCursor !== undefined || pending.nextCursor !== undefined;
      return more && feedback.length > 0 ? { feedback, nextCursor: encodeCursor(feedback.at(-1)!) } : { feedback };
    },

    async putReply(feedbackId, providerId, text, now) {
      const at = now.toISOString();
      try {
        const { data } = await feedbackItems
          .patch({ feedbackId })
          .ifNotExists({ replyCreatedAt: at })
          .set({ replyText: text, replyUpdatedAt: at })
          .where((attr, op) => op.eq(attr.providerId, providerId))
          // The item before this write: whether it had a reply decides 'submitted' or 'updated', also when two replies race.
          .go({ response: 'all_old' });
        const before = toRecord(data);
        return { created: !before.reply, feedback: { ...before, reply: { text, createdAt: before.reply?.createdAt ?? at, updatedAt: at } } };
      } catch (error) {
        if (isConditionFailure(error)) return undefined;
        throw error;
      }
    },

    async detachAuthor(authorId, authorName) {
      for (const link of await linksOf(authorId)) {
        try {
          await feedbackItems
            .patch({ feedbackId: link.feedbackId })
            .set({ authorName })
            .remove(['authorId'])
            .where((attr, op) => op.eq(attr.authorId, authorId))
            .go({ response: 'none' });
        } catch (error) {
          // Deleted meanwhile, or detached by an earlier run of the same erasure.
          if (!isConditionFailure(error)) throw error;
        }
        await authorLinks.delete({ authorId, providerId: link.providerId }).go({ response: 'none' });
      }
    },

    async removeAllReceived(providerId) {
      const received = await this.listAllReceived(providerId);
      // One transaction each, so the moderation counts move with the feedback that goes: a second run finds
      // nothing left to count.
      for (const { id } of received) {
        await retryOnConflict(`The deletion of feedback ${id}`, async () => {
          const current = await get(id);
          if (!current) return undefined;
          const outcome = await transact((entities) => [
            entities.feedback.delete({ feedbackId: id }).where(unchanged(current, {})).commit(),
            ...(current.authorId ? [entities.feedbackAuthor.delete({ authorId: current.authorId, providerId }).commit()] : []),
            entities.adminStat
              .update({ name: STAT.feedback(current.approved) })
              .add({ count: -1 })
              .commit(),
          ]);
          if (!outcome.canceled) return undefined;
          // Moderated or deleted meanwhile: read again, so the count that moves is the state it had.
          if (outcome.codes[0] === 'ConditionalCheckFailed' || outcome.codes.includes('TransactionConflict')) return CONFLICT;
          throw new Error(`The feedback ${id} was not deleted: ${outcome.codes.join(', ')}`);
        });
      }
      try {
        await profiles.patch({ userId: providerId }).remove(['ratingCount', 'ratingTotal']).go({ response: 'none' });
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },
  };
}
