import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type BatchGetCommandOutput,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { JobBudgetType, JobContact } from '@solutionz/shared';
import { TABLE } from './table-definition';
import { JOB_CARD_ATTRIBUTES, JOB_INDEXES, jobIndexAttributes, jobKeys } from './jobs';
import { queryAll as queryTable } from './query-all';
import { conflictPause, isConditionFailure, retryOnConflict } from './write-outcomes';

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

export type NewJob = Omit<JobRecord, 'revealCount'>;

/** What a reveal did: counted a new one, found the provider's earlier one, or found the job full or gone. */
export type RevealOutcome = 'revealed' | 'alreadyRevealed' | 'enoughInterest' | 'notFound';
export type CapOutcome = { readonly job: JobRecord } | 'notFound' | 'belowCount';

export interface SavedJobRecord {
  readonly providerId: string;
  readonly jobId: string;
  readonly savedAt: string;
}

/** A provider revealed a job of this client: the client's feedback on them is a verified job. */
export interface VerifiedClientRecord {
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
  /**
   * Every job on the board, newest first. The board filters and counts in memory: one Query of a
   * single partition of small items (no contact), about 1 KB a job, fine for thousands of jobs.
   */
  listBoard(): Promise<JobRecord[]>;
  /** A client's jobs, newest first. */
  listByOwner(ownerId: string): Promise<JobRecord[]>;
  /** Deletes the job when `ownerId` posted it, with its contact, reveals and saves; false when not theirs or gone. */
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

const toJob = (item: Record<string, unknown>): JobRecord => ({
  jobId: item.jobId as string,
  ownerId: item.ownerId as string,
  title: item.title as string,
  description: item.description as string,
  categories: item.categories as string[],
  ...(item.budget !== undefined ? { budget: item.budget as string } : {}),
  ...(item.budgetType !== undefined ? { budgetType: item.budgetType as JobBudgetType } : {}),
  ...(item.budgetAmount !== undefined ? { budgetAmount: item.budgetAmount as number } : {}),
  locationName: item.locationName as string,
  lat: item.lat as number,
  lng: item.lng as number,
  postedAt: item.postedAt as string,
  revealCount: item.revealCount as number,
  revealCap: item.revealCap as number,
});

const projection = {
  ProjectionExpression: JOB_CARD_ATTRIBUTES.map((_, i) => `#a${i}`).join(', '),
  ExpressionAttributeNames: Object.fromEntries(JOB_CARD_ATTRIBUTES.map((name, i) => [`#a${i}`, name])),
};

export function createJobsRepository(client: DynamoDBDocumentClient, TableName: string): JobsRepository {
  const queryAll = (input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>) => queryTable(client, TableName, input);

  async function deleteKeys(keys: Record<string, unknown>[]) {
    for (let i = 0; i < keys.length; i += 25) {
      let requests = keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
      for (let attempt = 0; requests.length > 0; attempt++) {
        if (attempt > 10) throw new Error(`${requests.length} job items were not deleted`);
        const answer = await client.send(new BatchWriteCommand({ RequestItems: { [TableName]: requests } }));
        requests = (answer.UnprocessedItems?.[TableName] ?? []) as typeof requests;
        if (requests.length > 0) await conflictPause(attempt + 1);
      }
    }
  }

  const keyOf = (item: Record<string, unknown>) => ({ [TABLE.partitionKey]: item[TABLE.partitionKey], [TABLE.sortKey]: item[TABLE.sortKey] });

  /**
   * Written with every first reveal and changed by none: a second job of the same client keeps the first
   * job and time, and never fails the reveal (no condition, unlike the reveal item).
   */
  function verifiedClientWrite(providerId: string, clientId: string, jobId: string, revealedAt: string) {
    const attributes = { providerId, clientId, jobId, revealedAt, ...jobIndexAttributes.verifiedClient(providerId, clientId) };
    const names = Object.keys(attributes);
    return {
      Update: {
        TableName,
        Key: jobKeys.verifiedClient(providerId, clientId),
        UpdateExpression: `SET ${names.map((_, i) => `#a${i} = if_not_exists(#a${i}, :a${i})`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#a${i}`, name])),
        ExpressionAttributeValues: Object.fromEntries(Object.values(attributes).map((value, i) => [`:a${i}`, value])),
      },
    };
  }

  async function hasRevealed(jobId: string, providerId: string) {
    const { Item } = await client.send(new GetCommand({ TableName, Key: jobKeys.reveal(jobId, providerId), ConsistentRead: true }));
    return Item !== undefined;
  }

  const repository: JobsRepository = {
    async create(job, contact) {
      const record: JobRecord = { ...job, revealCount: 0 };
      await client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName,
                Item: { ...jobKeys.job(job.jobId), ...jobIndexAttributes.job(job.jobId, job.ownerId, job.postedAt), ...record },
                ConditionExpression: 'attribute_not_exists(#pk)',
                ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
              },
            },
            { Put: { TableName, Item: { ...jobKeys.contact(job.jobId), jobId: job.jobId, ...contact } } },
          ],
        }),
      );
      return record;
    },

    async get(jobId) {
      const { Item } = await client.send(new GetCommand({ TableName, Key: jobKeys.job(jobId), ...projection }));
      return Item ? toJob(Item) : undefined;
    },

    async getContact(jobId) {
      const { Item } = await client.send(new GetCommand({ TableName, Key: jobKeys.contact(jobId) }));
      if (!Item) return undefined;
      return {
        contactName: Item.contactName as string,
        contactEmail: Item.contactEmail as string,
        ...(Item.contactPhone ? { contactPhone: Item.contactPhone as string } : {}),
      };
    },

    async listBoard() {
      const { indexName, partitionKey } = JOB_INDEXES.board;
      const items = await queryAll({
        IndexName: indexName,
        KeyConditionExpression: '#gpk = :board',
        ExpressionAttributeNames: { ...projection.ExpressionAttributeNames, '#gpk': partitionKey },
        ExpressionAttributeValues: { ':board': jobKeys.boardPartition },
        ProjectionExpression: projection.ProjectionExpression,
        ScanIndexForward: false,
      });
      return items.map(toJob);
    },

    async listByOwner(ownerId) {
      const { indexName, partitionKey, sortKey } = JOB_INDEXES.byOwner;
      const items = await queryAll({
        IndexName: indexName,
        KeyConditionExpression: '#gpk = :owner AND begins_with(#gsk, :prefix)',
        ExpressionAttributeNames: { ...projection.ExpressionAttributeNames, '#gpk': partitionKey, '#gsk': sortKey },
        ExpressionAttributeValues: { ':owner': jobKeys.userPartition(ownerId), ':prefix': jobKeys.postedPrefix },
        ProjectionExpression: projection.ProjectionExpression,
        ScanIndexForward: false,
      });
      return items.map(toJob);
    },

    async delete(jobId, ownerId) {
      try {
        await client.send(
          new DeleteCommand({
            TableName,
            Key: jobKeys.job(jobId),
            ConditionExpression: 'ownerId = :owner',
            ExpressionAttributeValues: { ':owner': ownerId },
          }),
        );
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
      const partition = await queryAll({
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#sk': TABLE.sortKey },
        ExpressionAttributeValues: { ':pk': jobKeys.jobPartition(jobId) },
        ProjectionExpression: '#pk, #sk',
      });
      const { indexName, partitionKey } = JOB_INDEXES.savesOfJob;
      const saves = await queryAll({
        IndexName: indexName,
        KeyConditionExpression: '#gpk = :job',
        ExpressionAttributeNames: { '#gpk': partitionKey },
        ExpressionAttributeValues: { ':job': jobKeys.jobPartition(jobId) },
      });
      await deleteKeys([...partition, ...saves].map(keyOf));
      return true;
    },

    reveal(jobId, providerId, now) {
      const revealedAt = now.toISOString();
      return retryOnConflict<RevealOutcome>(`The reveal of job ${jobId}`, async () => {
        const [revealed, { Item: job }] = await Promise.all([
          hasRevealed(jobId, providerId),
          client.send(new GetCommand({ TableName, Key: jobKeys.job(jobId), ProjectionExpression: 'ownerId', ConsistentRead: true })),
        ]);
        if (revealed) return 'alreadyRevealed';
        if (!job) return 'notFound';
        const clientId = job.ownerId as string;
        try {
          await client.send(
            new TransactWriteCommand({
              TransactItems: [
                {
                  Update: {
                    TableName,
                    Key: jobKeys.job(jobId),
                    UpdateExpression: 'SET revealCount = revealCount + :one',
                    ConditionExpression: 'attribute_exists(#pk) AND revealCount < revealCap',
                    ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
                    ExpressionAttributeValues: { ':one': 1 },
                  },
                },
                {
                  Put: {
                    TableName,
                    Item: {
                      ...jobKeys.reveal(jobId, providerId),
                      ...jobIndexAttributes.reveal(jobId, providerId, revealedAt),
                      jobId,
                      providerId,
                      revealedAt,
                    },
                    ConditionExpression: 'attribute_not_exists(#pk)',
                    ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
                  },
                },
                verifiedClientWrite(providerId, clientId, jobId, revealedAt),
              ],
            }),
          );
          return 'revealed';
        } catch (error) {
          if (!isConditionFailure(error)) throw error;
        }
        if (await hasRevealed(jobId, providerId)) return 'alreadyRevealed';
        const { Item } = await client.send(new GetCommand({ TableName, Key: jobKeys.job(jobId), ConsistentRead: true }));
        return Item ? 'enoughInterest' : 'notFound';
      });
    },

    hasRevealed,

    async listRevealedJobIds(providerId) {
      const { indexName, partitionKey, sortKey } = JOB_INDEXES.byUser;
      const items = await queryAll({
        IndexName: indexName,
        KeyConditionExpression: '#gpk = :user AND begins_with(#gsk, :prefix)',
        ExpressionAttributeNames: { '#gpk': partitionKey, '#gsk': sortKey },
        ExpressionAttributeValues: { ':user': jobKeys.userPartition(providerId), ':prefix': jobKeys.revealedPrefix },
        ScanIndexForward: false,
      });
      return items.map((item) => ({ jobId: item.jobId as string, revealedAt: item.revealedAt as string }));
    },

    async setRevealCap(jobId, ownerId, revealCap) {
      try {
        const { Attributes } = await client.send(
          new UpdateCommand({
            TableName,
            Key: jobKeys.job(jobId),
            UpdateExpression: 'SET revealCap = :cap',
            ConditionExpression: 'ownerId = :owner AND revealCount <= :cap',
            ExpressionAttributeValues: { ':cap': revealCap, ':owner': ownerId },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return { job: toJob(Attributes!) };
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
      const { Item } = await client.send(new GetCommand({ TableName, Key: jobKeys.job(jobId), ConsistentRead: true }));
      return Item && Item.ownerId === ownerId ? 'belowCount' : 'notFound';
    },

    async save(providerId, jobId, now) {
      const savedAt = now.toISOString();
      try {
        await client.send(
          new PutCommand({
            TableName,
            Item: { ...jobKeys.saved(providerId, jobId), ...jobIndexAttributes.saved(providerId, jobId, savedAt), providerId, jobId, savedAt },
            ConditionExpression: 'attribute_not_exists(#pk)',
            ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },

    async unsave(providerId, jobId) {
      await client.send(new DeleteCommand({ TableName, Key: jobKeys.saved(providerId, jobId) }));
    },

    async isSaved(providerId, jobId) {
      const { Item } = await client.send(new GetCommand({ TableName, Key: jobKeys.saved(providerId, jobId) }));
      return Item !== undefined;
    },

    async listSaved(providerId) {
      const { indexName, partitionKey, sortKey } = JOB_INDEXES.byUser;
      const items = await queryAll({
        IndexName: indexName,
        KeyConditionExpression: '#gpk = :user AND begins_with(#gsk, :prefix)',
        ExpressionAttributeNames: { '#gpk': partitionKey, '#gsk': sortKey },
        ExpressionAttributeValues: { ':user': jobKeys.userPartition(providerId), ':prefix': jobKeys.savedPrefix },
        ScanIndexForward: false,
      });
      return items.map((item) => ({ providerId, jobId: item.jobId as string, savedAt: item.savedAt as string }));
    },

    async removeProviderActivity(providerId) {
      const [reveals, saves] = await Promise.all([repository.listRevealedJobIds(providerId), repository.listSaved(providerId)]);
      await deleteKeys([
        ...reveals.map(({ jobId }) => jobKeys.reveal(jobId, providerId)),
        ...saves.map(({ jobId }) => jobKeys.saved(providerId, jobId)),
      ]);
    },

    async verifiedClients(providerId, clientIds) {
      const verified = new Set<string>();
      const unique = [...new Set(clientIds)];
      for (let i = 0; i < unique.length; i += 100) {
        let keys: Record<string, unknown>[] | undefined = unique.slice(i, i + 100).map((clientId) => jobKeys.verifiedClient(providerId, clientId));
        while (keys?.length) {
          const answer: BatchGetCommandOutput = await client.send(
            new BatchGetCommand({ RequestItems: { [TableName]: { Keys: keys, ProjectionExpression: 'clientId' } } }),
          );
          for (const item of answer.Responses?.[TableName] ?? []) verified.add(item.clientId as string);
          keys = answer.UnprocessedKeys?.[TableName]?.Keys;
        }
      }
      return verified;
    },

    async listVerifiedClients(providerId) {
      const items = await queryAll({
        KeyConditionExpression: '#pk = :user AND begins_with(#sk, :prefix)',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#sk': TABLE.sortKey },
        ExpressionAttributeValues: { ':user': jobKeys.userPartition(providerId), ':prefix': jobKeys.verifiedClientPrefix },
      });
      return items.map((item) => ({ clientId: item.clientId as string, jobId: item.jobId as string, revealedAt: item.revealedAt as string }));
    },

    async removeVerifiedClients(userId) {
      const { indexName, partitionKey, sortKey } = JOB_INDEXES.verifiedByClient;
      const [asProvider, asClient] = await Promise.all([
        repository.listVerifiedClients(userId),
        queryAll({
          IndexName: indexName,
          KeyConditionExpression: '#gpk = :user AND begins_with(#gsk, :prefix)',
          ExpressionAttributeNames: { '#gpk': partitionKey, '#gsk': sortKey },
          ExpressionAttributeValues: { ':user': jobKeys.userPartition(userId), ':prefix': jobKeys.verifiedByPrefix },
        }),
      ]);
      await deleteKeys([
        ...asProvider.map(({ clientId }) => jobKeys.verifiedClient(userId, clientId)),
        ...asClient.map((item) => jobKeys.verifiedClient(item.providerId as string, userId)),
      ]);
    },
  };
  return repository;
}
