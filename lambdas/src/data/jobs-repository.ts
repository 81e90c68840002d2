import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { JobBudgetType, JobContact } from '@solutionz/shared';
import { dayUpdateItem } from './admin';
import { untilProcessed } from './batch';
import { cellQuery, cellRunQuery, cellsOf, childCellsOfMany, countsKey, entryGeohash, type CellCount } from './geo-cells';
import { boardEntryOf, countsOf, JOB_GEO_KEYS, jobCountKey, jobIndexWrites, newestList, newestPartition, type BoardEntry } from './job-board';
import { directoryIndexCommands, pageBelow, pageFrom, type TransactItems } from './raw-commands';
import { createTableStore } from './table-store';
import { TABLE } from './table-definition';
import { CONFLICT, isConditionFailure, retryOnConflict } from './write-outcomes';

export interface JobRecord {
  readonly jobId: string;
  readonly ownerId: string;
  readonly title: string;
  readonly description: string;
  readonly categories: string[];
  readonly budget?: string;
  readonly budgetType?: JobBudgetType;
  /** The first amount in the budget text: what the budget filter compares. */
  readonly budgetAmount?: number;
  readonly locationName: string;
  readonly lat: number;
  readonly lng: number;
  readonly postedAt: string;
  readonly revealCount: number;
  readonly revealCap: number;
}

type NewJob = Omit<JobRecord, 'revealCount'>;

/** What a reveal did: counted a new one, found the provider's earlier one, or found the job full or gone. */
type RevealOutcome = 'revealed' | 'alreadyRevealed' | 'enoughInterest' | 'notFound';
type CapOutcome = { readonly job: JobRecord } | 'notFound' | 'belowCount';

interface SavedJobRecord {
  readonly providerId: string;
  readonly jobId: string;
  readonly savedAt: string;
}

/** A provider revealed a job of this client: the client's feedback on them is a verified job. */
interface VerifiedClientRecord {
  readonly clientId: string;
  /** The first job of the client the provider revealed, and when. */
  readonly jobId: string;
  readonly revealedAt: string;
}

export interface JobsRepository {
  create(job: NewJob, contact: JobContact): Promise<JobRecord>;
  get(jobId: string): Promise<JobRecord | undefined>;
  /** Only for the poster and for a provider who revealed the job: the service decides. */
  getContact(jobId: string): Promise<JobContact | undefined>;
  /** These jobs, those still there (one batch read). */
  getMany(jobIds: readonly string[]): Promise<Map<string, JobRecord>>;
  /** The board's index (job-board.ts): the non-empty geohash-3 cells of a scope, or the children of a cell. */
  boardCells(scope: string, cell?: string): Promise<CellCount[]>;
  /** `boardCells` of each of these cells, in their order, in one batch read. */
  boardManyCells(cells: readonly { readonly scope: string; readonly cell: string }[]): Promise<CellCount[][]>;
  /** The board's geo entries of a scope in a cell (any precision from 3); with `atMost`, no more than that many (the first in key order). */
  boardCellEntries(scope: string, cell: string, atMost?: number): Promise<(BoardEntry & { lat: number; lng: number; geohash: string })[]>;
  /** The board's geo entries of a scope from the cell `first` to the cell `last` of one geohash-3 partition, those between included (one Query). */
  boardRunEntries(scope: string, first: string, last: string): Promise<(BoardEntry & { lat: number; lng: number; geohash: string })[]>;
  /** Up to `limit` + 1 entries of a scope, newest first, strictly below the position `below`. */
  boardNewest(scope: string, below: string | undefined, limit: number): Promise<(BoardEntry & { position: string })[]>;
  /**
   * Up to `limit` entries of a scope's newest-first list strictly beyond the position `from` (from that end without
   * one): `older` newest first, `newer` oldest first.
   */
  boardList(scope: string, direction: 'older' | 'newer', from: string | undefined, limit: number): Promise<(BoardEntry & { position: string })[]>;
  /** Open jobs of a scope, or of one budget type in it: kept counts (by type, undefined while not known: job-board.ts `countsOf`). */
  boardCount(scope: string, budgetType?: JobBudgetType): Promise<number | undefined>;
  /** A client's jobs, newest first. */
  listByOwner(ownerId: string): Promise<JobRecord[]>;
  /** Deletes the job when `ownerId` posted it, with its contact, board entries, reveals and saves; false when not theirs or gone. */
  delete(jobId: string, ownerId: string): Promise<boolean>;
  /**
   * The count and the cap in one conditional update, with the reveal item and the provider's verified-job
   * marker for the job's client, in one transaction.
   */
  reveal(jobId: string, providerId: string, now: Date): Promise<RevealOutcome>;
  hasRevealed(jobId: string, providerId: string): Promise<boolean>;
  /** Job ids the provider revealed (export, erasure, flags). */
  listRevealedJobIds(providerId: string): Promise<{ jobId: string; revealedAt: string }[]>;
  setRevealCap(jobId: string, ownerId: string, revealCap: number): Promise<CapOutcome>;
  save(providerId: string, jobId: string, now: Date): Promise<void>;
  unsave(providerId: string, jobId: string): Promise<void>;
  isSaved(providerId: string, jobId: string): Promise<boolean>;
  /** The provider's saved jobs, newest saved first. */
  listSaved(providerId: string): Promise<SavedJobRecord[]>;
  /** Removes a provider's reveals (the counts stay: they were real interest) and saves (erasure). */
  removeProviderActivity(providerId: string): Promise<void>;
  /** Which of these clients had a job revealed by the provider: one batch read, however many feedback entries ask. */
  verifiedClients(providerId: string, clientIds: readonly string[]): Promise<Set<string>>;
  /** The clients whose jobs the provider revealed (the provider's export). */
  listVerifiedClients(providerId: string): Promise<VerifiedClientRecord[]>;
  /** Every verified-job marker naming the person, as the provider or as the client (erasure). */
  removeVerifiedClients(userId: string): Promise<void>;
}

type StoredJob = { readonly budgetType?: JobBudgetType; readonly budgetAmount?: number; readonly budget?: string } & Omit<
  JobRecord,
  'budget' | 'budgetType' | 'budgetAmount'
>;

const toJob = (item: StoredJob): JobRecord => ({
  jobId: item.jobId,
  ownerId: item.ownerId,
  title: item.title,
  description: item.description,
  categories: item.categories,
  ...(item.budget !== undefined ? { budget: item.budget } : {}),
  ...(item.budgetType !== undefined ? { budgetType: item.budgetType } : {}),
  ...(item.budgetAmount !== undefined ? { budgetAmount: item.budgetAmount } : {}),
  locationName: item.locationName,
  lat: item.lat,
  lng: item.lng,
  postedAt: item.postedAt,
  revealCount: item.revealCount,
  revealCap: item.revealCap,
});

const { partitionKey: PK, sortKey: SK } = TABLE;

export function createJobsRepository(client: DynamoDBDocumentClient, tableName: string): JobsRepository {
  const store = createTableStore(client, tableName);
  const { job: jobs, jobContact: contacts, jobReveal: reveals, savedJob: savedJobs, verifiedClient: verified } = store.entities;
  const index = directoryIndexCommands(client, tableName);

  /**
   * The job's own writes and its board entries and counts, all or nothing; a job in so many categories that
   * its entries pass DynamoDB's 100 writes of a transaction has the rest written straight after (the board
   * reads each page's jobs, so an entry never shows a job that is not there).
   */
  async function withBoardIndex(own: TransactItems, job: JobRecord, sign: 1 | -1): Promise<void> {
    const [first, ...rest] = jobIndexWrites(tableName, job, sign, 100 - own.length);
    await retryOnConflict(`The board entries of job ${job.jobId}`, async () => index.transact([...own, ...first!]));
    for (const group of rest) await retryOnConflict(`The board entries of job ${job.jobId}`, async () => index.transact(group));
  }

  /** The board entries a Query of the geo cells finds, each with where it is. */
  async function placedBoardEntries(query: ReturnType<typeof cellQuery>, atMost?: number) {
    const items = await index.queryAll(query, atMost);
    return items.map((item) => ({ ...boardEntryOf(item), lat: item.lat as number, lng: item.lng as number, geohash: entryGeohash(item) }));
  }

  async function hasRevealed(jobId: string, providerId: string) {
    const { data } = await reveals.get({ jobId, providerId }).go({ consistent: true });
    return data !== null;
  }

  const repository: JobsRepository = {
    async create(job, contact) {
      const record: JobRecord = { ...job, revealCount: 0 };
      await withBoardIndex(
        [
          { Put: jobs.create({ ...record, categories: [...record.categories] }).params() },
          { Put: contacts.put({ jobId: job.jobId, ...contact }).params() },
          dayUpdateItem(tableName, job.postedAt, 'jobs', 1),
        ],
        record,
        1,
      );
      return record;
    },

    async get(jobId) {
      const { data } = await jobs.get({ jobId }).go();
      return data ? toJob(data) : undefined;
    },

    async getContact(jobId) {
      const { data } = await contacts.get({ jobId }).go();
      if (!data) return undefined;
      return { contactName: data.contactName, contactEmail: data.contactEmail, ...(data.contactPhone ? { contactPhone: data.contactPhone } : {}) };
    },

    async getMany(jobIds) {
      const found = new Map<string, JobRecord>();
      await untilProcessed(
        'Job reads',
        [...new Set(jobIds)].map((jobId) => ({ jobId })),
        async (keys) => {
          const { data, unprocessed } = await jobs.get([...keys]).go();
          for (const item of data) found.set(item.jobId, toJob(item));
          return unprocessed;
        },
      );
      return found;
    },

    boardCells: async (scope, cell) => cellsOf(await index.get(countsKey(JOB_GEO_KEYS, scope, cell))),
    boardManyCells: (cells) => childCellsOfMany(index.batchGet, JOB_GEO_KEYS, cells),

    boardCellEntries: (scope, cell, atMost) => placedBoardEntries(cellQuery(JOB_GEO_KEYS, scope, cell), atMost),
    boardRunEntries: (scope, first, last) => placedBoardEntries(cellRunQuery(JOB_GEO_KEYS, scope, first, last)),

    async boardNewest(scope, below, limit) {
      const list = { partitionKey: PK, sortKey: SK, partition: newestPartition(scope), prefix: '' };
      const items = await pageBelow(client, tableName, list, below, limit);
      return items.map((item) => ({ ...boardEntryOf(item), position: item[SK] as string }));
    },

    async boardList(scope, direction, from, limit) {
      const items = await pageFrom(client, tableName, newestList(scope), direction, from, limit);
      return items.map((item) => ({ ...boardEntryOf(item), position: item[SK] as string }));
    },

    async boardCount(scope, budgetType) {
      return countsOf(await index.get(jobCountKey(scope)), budgetType);
    },

    async listByOwner(ownerId) {
      const { data } = await jobs.query.byOwner({ ownerId }).go({ pages: 'all', order: 'desc' });
      return data.map(toJob);
    },

    async delete(jobId, ownerId) {
      const { data: stored } = await jobs.get({ jobId }).go({ consistent: true });
      if (!stored || stored.ownerId !== ownerId) return false;
      try {
        // What the board's entries are made of never changes after posting, so the stored job names them.
        await withBoardIndex(
          [
            {
              Delete: jobs
                .delete({ jobId })
                .where((attr, op) => op.eq(attr.ownerId, ownerId))
                .params(),
            },
            { Delete: contacts.delete({ jobId }).params() },
          ],
          toJob(stored),
          -1,
        );
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
      const [{ data: jobReveals }, { data: saves }] = await Promise.all([
        reveals.query.byJob({ jobId }).go({ pages: 'all' }),
        savedJobs.query.savesOfJob({ jobId }).go({ pages: 'all' }),
      ]);
      await Promise.all([
        untilProcessed(
          `The reveals of job ${jobId}`,
          jobReveals.map(({ providerId }) => ({ jobId, providerId })),
          async (keys) => (await reveals.delete([...keys]).go()).unprocessed,
        ),
        untilProcessed(
          `The saves of job ${jobId}`,
          saves.map(({ providerId }) => ({ providerId, jobId })),
          async (keys) => (await savedJobs.delete([...keys]).go()).unprocessed,
        ),
      ]);
      return true;
    },

    reveal(jobId, providerId, now) {
      const revealedAt = now.toISOString();
      return retryOnConflict<RevealOutcome>(`The reveal of job ${jobId}`, async () => {
        const [revealed, { data: job }] = await Promise.all([hasRevealed(jobId, providerId), jobs.get({ jobId }).go({ consistent: true })]);
        if (revealed) return 'alreadyRevealed';
        if (!job) return 'notFound';
        const result = await store.transaction
          .write(({ job: jobWrite, jobReveal: revealWrite, verifiedClient: verifiedWrite }) => [
            jobWrite
              .patch({ jobId })
              .add({ revealCount: 1 })
              .where((attr, op) => `${op.name(attr.revealCount)} < ${op.name(attr.revealCap)}`)
              .commit(),
            revealWrite.create({ jobId, providerId, revealedAt }).commit(),
            // Written with every first reveal and changed by none: a second job of the same client keeps the
            // first job and time, and never fails the reveal (no condition, unlike the reveal item).
            verifiedWrite.upsert({ providerId, clientId: job.ownerId }).ifNotExists({ jobId, revealedAt }).commit(),
          ])
          .go();
        if (!result.canceled) return 'revealed';
        const codes = result.data.map((item) => item.code);
        if (codes.includes('TransactionConflict')) return CONFLICT;
        if (!codes.includes('ConditionalCheckFailed')) throw new Error(`The reveal transaction was cancelled: ${codes.join(', ')}`);
        if (await hasRevealed(jobId, providerId)) return 'alreadyRevealed';
        const { data: after } = await jobs.get({ jobId }).go({ consistent: true });
        return after ? 'enoughInterest' : 'notFound';
      });
    },

    hasRevealed,

    async listRevealedJobIds(providerId) {
      const { data } = await reveals.query.byProvider({ providerId }).go({ pages: 'all', order: 'desc' });
      return data.map(({ jobId, revealedAt }) => ({ jobId, revealedAt }));
    },

    async setRevealCap(jobId, ownerId, revealCap) {
      try {
        const { data } = await jobs
          .patch({ jobId })
          .set({ revealCap })
          .where((attr, op) => `${op.eq(attr.ownerId, ownerId)} AND ${op.lte(attr.revealCount, revealCap)}`)
          .go({ response: 'all_new' });
        return { job: toJob(data) };
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
      const { data } = await jobs.get({ jobId }).go({ consistent: true });
      return data && data.ownerId === ownerId ? 'belowCount' : 'notFound';
    },

    async save(providerId, jobId, now) {
      try {
        await savedJobs.create({ providerId, jobId, savedAt: now.toISOString() }).go({ response: 'none' });
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },

    async unsave(providerId, jobId) {
      await savedJobs.delete({ providerId, jobId }).go({ response: 'none' });
    },

    async isSaved(providerId, jobId) {
      const { data } = await savedJobs.get({ providerId, jobId }).go();
      return data !== null;
    },

    async listSaved(providerId) {
      const { data } = await savedJobs.query.newestFirst({ providerId }).go({ pages: 'all', order: 'desc' });
      return data.map(({ jobId, savedAt }) => ({ providerId, jobId, savedAt }));
    },

    async removeProviderActivity(providerId) {
      const [revealed, saved] = await Promise.all([repository.listRevealedJobIds(providerId), repository.listSaved(providerId)]);
      await Promise.all([
        untilProcessed(
          `The reveals of provider ${providerId}`,
          revealed.map(({ jobId }) => ({ jobId, providerId })),
          async (keys) => (await reveals.delete([...keys]).go()).unprocessed,
        ),
        untilProcessed(
          `The saved jobs of provider ${providerId}`,
          saved.map(({ jobId }) => ({ providerId, jobId })),
          async (keys) => (await savedJobs.delete([...keys]).go()).unprocessed,
        ),
      ]);
    },

    async verifiedClients(providerId, clientIds) {
      const found = new Set<string>();
      const keys = [...new Set(clientIds)].map((clientId) => ({ providerId, clientId }));
      await untilProcessed(`The verified-job markers of provider ${providerId}`, keys, async (pending) => {
        const { data, unprocessed } = await verified.get([...pending]).go();
        for (const item of data) found.add(item.clientId);
        return unprocessed;
      });
      return found;
    },

    async listVerifiedClients(providerId) {
      const { data } = await verified.query.byProvider({ providerId }).go({ pages: 'all' });
      return data.map(({ clientId, jobId, revealedAt }) => ({ clientId, jobId, revealedAt }));
    },

    async removeVerifiedClients(userId) {
      const [{ data: asProvider }, { data: asClient }] = await Promise.all([
        verified.query.byProvider({ providerId: userId }).go({ pages: 'all' }),
        verified.query.byClient({ clientId: userId }).go({ pages: 'all' }),
      ]);
      const keys = [...asProvider, ...asClient].map(({ providerId, clientId }) => ({ providerId, clientId }));
      await untilProcessed(`The verified-job markers of ${userId}`, keys, async (pending) => (await verified.delete([...pending]).go()).unprocessed);
    },
  };
  return repository;
}
