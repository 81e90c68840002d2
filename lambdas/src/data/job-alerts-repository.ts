import { randomUUID } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AlertedJob } from './jobs';
import { STALE_CLAIM_MS } from './mail-claims';
import { createTableStore } from './table-store';
import { unsubscribeTokens } from './unsubscribe-tokens';
import { isConditionFailure } from './write-outcomes';

const CLAIM_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

export interface DeadLetter {
  readonly job: AlertedJob;
  readonly providerId: string;
  /** What the last try was told. */
  readonly error: string;
  readonly attempts: number;
  readonly parkedAt: string;
}

/** The claims, unsubscribe tokens and dead letters of job alerts (key formats in job-alerts.ts). */
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

export function createJobAlertsRepository(client: DynamoDBDocumentClient, tableName: string): JobAlertsRepository {
  const { jobAlertClaim: claims, jobAlertToken: tokenItems, jobAlertDeadLetter: deadLetters } = createTableStore(client, tableName).entities;

  async function finish(jobId: string, providerId: string, claimId: string, status: 'sent' | 'failed', now: Date) {
    try {
      await claims
        .patch({ jobId, providerId })
        .set({ status, finishedAt: now.toISOString() })
        .where((attr, op) => op.eq(attr.claimId, claimId))
        .go({ response: 'none' });
    } catch (error) {
      // Taken over as stale meanwhile: the claim is the other worker's to finish.
      if (!isConditionFailure(error)) throw error;
    }
  }

  const tokens = unsubscribeTokens({
    read: async (providerId) => (await tokenItems.get({ providerId }).go({ consistent: true })).data?.secret,
    create: async (providerId, secret, createdAt) => {
      await tokenItems.create({ providerId, secret, createdAt }).go({ response: 'none' });
    },
  });

  const repository: JobAlertsRepository = {
    async claim(job, providerId, now) {
      const claimId = randomUUID();
      try {
        await claims
          .put({
            jobId: job.jobId,
            providerId,
            status: 'sending',
            claimId,
            claimedAt: now.getTime(),
            expiresAt: Math.ceil((Date.parse(job.postedAt) + CLAIM_KEPT_MS) / 1000),
          })
          .where(
            (attr, op) =>
              `${op.notExists(attr.jobId)} OR ${op.eq(attr.status, 'failed')} OR (${op.eq(attr.status, 'sending')} AND ${op.lt(attr.claimedAt, now.getTime() - STALE_CLAIM_MS)})`,
          )
          .go({ response: 'none' });
        return claimId;
      } catch (error) {
        if (isConditionFailure(error)) return undefined;
        throw error;
      }
    },

    markSent: (jobId, providerId, claimId, now) => finish(jobId, providerId, claimId, 'sent', now),
    markFailed: (jobId, providerId, claimId, now) => finish(jobId, providerId, claimId, 'failed', now),

    unsubscribeToken: (providerId, now) => tokens.tokenOf(providerId, now),
    providerOfUnsubscribeToken: (token) => tokens.ownerOf(token),

    async park(letter) {
      await deadLetters.put({ ...letter, jobId: letter.job.jobId, job: { ...letter.job, categories: [...letter.job.categories] } }).go({ response: 'none' });
    },

    async deadLetters() {
      const { data } = await deadLetters.query.all({}).go({ pages: 'all', consistent: true });
      return data.map((item) => ({
        job: item.job as AlertedJob,
        providerId: item.providerId,
        error: item.error,
        attempts: item.attempts,
        parkedAt: item.parkedAt,
      }));
    },

    async removeDeadLetter(jobId, providerId) {
      await deadLetters.delete({ jobId, providerId }).go({ response: 'none' });
    },

    async forgetProvider(providerId) {
      const letters = (await repository.deadLetters()).filter((letter) => letter.providerId === providerId);
      await Promise.all([
        tokenItems.delete({ providerId }).go({ response: 'none' }),
        ...letters.map((letter) => deadLetters.delete({ jobId: letter.job.jobId, providerId }).go({ response: 'none' })),
      ]);
    },
  };
  return repository;
}
