import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AlertedJob } from './jobs';
import { queryAll } from './query-all';
import { TABLE } from './table-definition';
import { isConditionFailure } from './write-outcomes';

/**
 * Job alerts (issue 12). Every key format of the alert items is here and nowhere else.
 *
 *   a claim:          PK = JOB_ALERT#<jobId>, SK = PROVIDER#<providerId>. One per job and provider, written
 *                     with a condition before the mail goes (status sending), then marked sent or failed.
 *                     TTL (expiresAt) a week after the job was posted: alerts go only in its first 24 hours,
 *                     so a claim is never needed after that.
 *   the unsubscribe   PK = USER#<providerId>, SK = JOB_ALERT_TOKEN. Created once and put in every alert
 *   token:            mail; the token is `<providerId>.<secret>`, so finding it is one GetItem.
 *   a dead letter:    PK = JOB_ALERT_DEAD_LETTERS, SK = <jobId>#<providerId>. A mail that failed every try,
 *                     with what the alert needs to go again; one partition (they are few, and an operator
 *                     lists them all), one item per job and provider however often it failed.
 */

const { partitionKey: PK, sortKey: SK, ttlAttribute: TTL } = TABLE;

const alertKeys = {
  claim: (jobId: string, providerId: string) => ({ [PK]: `JOB_ALERT#${jobId}`, [SK]: `PROVIDER#${providerId}` }),
  token: (providerId: string) => ({ [PK]: `USER#${providerId}`, [SK]: 'JOB_ALERT_TOKEN' }),
  deadLetterPartition: 'JOB_ALERT_DEAD_LETTERS',
  deadLetter: (jobId: string, providerId: string) => ({ [PK]: 'JOB_ALERT_DEAD_LETTERS', [SK]: `${jobId}#${providerId}` }),
} as const;

/** A claim in `sending` this long is taken to be from a worker that died mid-send, and may be taken over. */
export const STALE_CLAIM_MS = 5 * 60 * 1000;
const CLAIM_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

export interface DeadLetter {
  readonly job: AlertedJob;
  readonly providerId: string;
  /** What the last try was told. */
  readonly error: string;
  readonly attempts: number;
  readonly parkedAt: string;
}

export interface JobAlertsRepository {
  /**
   * Takes the right to send this job's alert to this provider: granted when nobody has, when an earlier
   * send failed, or when a claim has been `sending` for longer than STALE_CLAIM_MS. Answers the claim's
   * id, or undefined when the alert went (or is going) already.
   */
  claim(job: AlertedJob, providerId: string, now: Date): Promise<string | undefined>;
  markSent(jobId: string, providerId: string, claimId: string, now: Date): Promise<void>;
  markFailed(jobId: string, providerId: string, claimId: string, now: Date): Promise<void>;
  /** The provider's unsubscribe token, created the first time it is asked for. */
  unsubscribeToken(providerId: string, now: Date): Promise<string>;
  /** Whose token this is, or undefined for one that is malformed, unknown or wrong. */
  providerOfUnsubscribeToken(token: string): Promise<string | undefined>;
  park(letter: DeadLetter): Promise<void>;
  deadLetters(): Promise<DeadLetter[]>;
  removeDeadLetter(jobId: string, providerId: string): Promise<void>;
  /**
   * Account erasure: the provider's unsubscribe token and dead letters. Claims hold only the two ids and
   * expire by TTL a week after their job was posted, so they are left to it.
   */
  forgetProvider(providerId: string): Promise<void>;
}

const TOKEN_SEPARATOR = '.';

export function createJobAlertsRepository(client: DynamoDBDocumentClient, TableName: string): JobAlertsRepository {
  async function finish(jobId: string, providerId: string, claimId: string, status: 'sent' | 'failed', now: Date) {
    try {
      await client.send(
        new UpdateCommand({
          TableName,
          Key: alertKeys.claim(jobId, providerId),
          UpdateExpression: 'SET #status = :status, finishedAt = :now',
          ConditionExpression: 'claimId = :claim',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':status': status, ':now': now.toISOString(), ':claim': claimId },
        }),
      );
    } catch (error) {
      // Taken over as stale meanwhile: the claim is the other worker's to finish.
      if (!isConditionFailure(error)) throw error;
    }
  }

  const readToken = async (providerId: string) =>
    (await client.send(new GetCommand({ TableName, Key: alertKeys.token(providerId), ConsistentRead: true }))).Item?.secret as string | undefined;

  const repository: JobAlertsRepository = {
    async claim(job, providerId, now) {
      const claimId = randomUUID();
      try {
        await client.send(
          new PutCommand({
            TableName,
            Item: {
              ...alertKeys.claim(job.jobId, providerId),
              jobId: job.jobId,
              providerId,
              status: 'sending',
              claimId,
              claimedAt: now.getTime(),
              [TTL]: Math.ceil((Date.parse(job.postedAt) + CLAIM_KEPT_MS) / 1000),
            },
            ConditionExpression: 'attribute_not_exists(#pk) OR #status = :failed OR (#status = :sending AND claimedAt < :stale)',
            ExpressionAttributeNames: { '#pk': PK, '#status': 'status' },
            ExpressionAttributeValues: { ':failed': 'failed', ':sending': 'sending', ':stale': now.getTime() - STALE_CLAIM_MS },
          }),
        );
        return claimId;
      } catch (error) {
        if (isConditionFailure(error)) return undefined;
        throw error;
      }
    },

    markSent: (jobId, providerId, claimId, now) => finish(jobId, providerId, claimId, 'sent', now),
    markFailed: (jobId, providerId, claimId, now) => finish(jobId, providerId, claimId, 'failed', now),

    async unsubscribeToken(providerId, now) {
      let secret = await readToken(providerId);
      if (!secret) {
        const created = randomBytes(24).toString('base64url');
        try {
          await client.send(
            new PutCommand({
              TableName,
              Item: { ...alertKeys.token(providerId), providerId, secret: created, createdAt: now.toISOString() },
              ConditionExpression: 'attribute_not_exists(#pk)',
              ExpressionAttributeNames: { '#pk': PK },
            }),
          );
          secret = created;
        } catch (error) {
          // Two alerts for the same provider at once: the first one's token is everyone's.
          if (!isConditionFailure(error)) throw error;
          secret = await readToken(providerId);
        }
      }
      if (!secret) throw new Error(`The unsubscribe token of ${providerId} was neither found nor created`);
      return `${providerId}${TOKEN_SEPARATOR}${secret}`;
    },

    async providerOfUnsubscribeToken(token) {
      const at = token.indexOf(TOKEN_SEPARATOR);
      if (at <= 0) return undefined;
      const providerId = token.slice(0, at);
      const given = Buffer.from(token.slice(at + 1));
      const stored = await readToken(providerId);
      if (!stored) return undefined;
      const expected = Buffer.from(stored);
      return given.length === expected.length && timingSafeEqual(given, expected) ? providerId : undefined;
    },

    async park(letter) {
      await client.send(
        new PutCommand({
          TableName,
          Item: { ...alertKeys.deadLetter(letter.job.jobId, letter.providerId), ...letter, job: { ...letter.job, categories: [...letter.job.categories] } },
        }),
      );
    },

    async deadLetters() {
      const items = await queryAll(client, TableName, {
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': PK },
        ExpressionAttributeValues: { ':pk': alertKeys.deadLetterPartition },
        ConsistentRead: true,
      });
      return items.map((item) => ({
        job: item.job as AlertedJob,
        providerId: item.providerId as string,
        error: item.error as string,
        attempts: item.attempts as number,
        parkedAt: item.parkedAt as string,
      }));
    },

    async removeDeadLetter(jobId, providerId) {
      await client.send(new DeleteCommand({ TableName, Key: alertKeys.deadLetter(jobId, providerId) }));
    },

    async forgetProvider(providerId) {
      const letters = (await repository.deadLetters()).filter((letter) => letter.providerId === providerId);
      await Promise.all([
        client.send(new DeleteCommand({ TableName, Key: alertKeys.token(providerId) })),
        ...letters.map((letter) => client.send(new DeleteCommand({ TableName, Key: alertKeys.deadLetter(letter.job.jobId, providerId) }))),
      ]);
    },
  };
  return repository;
}
