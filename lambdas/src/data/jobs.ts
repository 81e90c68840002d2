import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { Entity } from 'electrodb';
import { JOB_BUDGET_TYPES, type JobBudgetType } from '@solutionz/shared';
import { gsi1, gsi2, PARAMS_ONLY, pk, sk } from './key-templates';
import { TABLE } from './table-definition';

/**
 * Jobs (docs/product/jobs.md). Every key format of the job items is here and nowhere else.
 *
 *   the job:        PK = JOB#<jobId>, SK = JOB. GSI2 (a client's My Jobs): GSI2PK = USER#<ownerId>,
 *                   GSI2SK = POSTED_JOB#<postedAt>#<jobId>. Holds the lead count and the cap. The board
 *                   finds it through its own index (job-board.ts), written in the job's transaction.
 *   its contact:    PK = JOB#<jobId>, SK = CONTACT. No index keys, so no board or My Jobs query ever
 *                   reads it; only a GetItem for the poster or a revealer does.
 *   a reveal:       PK = JOB#<jobId>, SK = REVEAL#<providerId>. GSI1 (a provider's reveals, for export
 *                   and erasure): GSI1PK = USER#<providerId>, GSI1SK = REVEALED_JOB#<revealedAt>#<jobId>.
 *   a saved job:    PK = USER#<providerId>, SK = SAVED_JOB#<jobId>. GSI1 (the saved list, newest first):
 *                   GSI1PK = USER#<providerId>, GSI1SK = SAVED_JOB#<savedAt>#<jobId>. GSI2 (the saves of
 *                   one job, removed with it): GSI2PK = JOB#<jobId>, GSI2SK = SAVED_BY#<providerId>.
 *   a verified job: PK = USER#<providerId>, SK = REVEALED_CLIENT#<clientId>. The provider revealed a job of
 *                   this client, so the client's feedback on them is marked "Verified job". Written with
 *                   the provider's first reveal of any of the client's jobs, in the reveal's transaction,
 *                   and never changed after (if_not_exists: the first job and time stay). It outlives the
 *                   job (the contact happened) and goes with either person's erasure. GSI2 (the markers
 *                   naming a client, for their erasure): GSI2PK = USER#<clientId>,
 *                   GSI2SK = REVEALED_BY#<providerId>.
 * The USER# partitions of GSI1/GSI2 are shared with the person's other items under other prefixes.
 */

/** The job card: the contact is a separate item, so no list of jobs can carry it. */
export const jobEntity = new Entity({
  model: { entity: 'job', version: '1', service: 'solutionz' },
  attributes: {
    jobId: { type: 'string', required: true, readOnly: true },
    ownerId: { type: 'string', required: true, readOnly: true },
    title: { type: 'string', required: true },
    description: { type: 'string', required: true },
    categories: { type: 'list', items: { type: 'string' }, required: true },
    budget: { type: 'string' },
    budgetType: { type: JOB_BUDGET_TYPES },
    /** The first amount in the budget text: what the budget filter compares. */
    budgetAmount: { type: 'number' },
    locationName: { type: 'string', required: true },
    lat: { type: 'number', required: true },
    lng: { type: 'number', required: true },
    postedAt: { type: 'string', required: true, readOnly: true },
    revealCount: { type: 'number', required: true, default: 0 },
    revealCap: { type: 'number', required: true },
  },
  indexes: {
    byId: { pk: pk('JOB#${jobId}', ['jobId']), sk: sk('JOB', []) },
    byOwner: gsi2('USER#${ownerId}', ['ownerId'], 'POSTED_JOB#${postedAt}#${jobId}', ['postedAt', 'jobId']),
  },
});

export const jobContactEntity = new Entity({
  model: { entity: 'jobContact', version: '1', service: 'solutionz' },
  attributes: {
    jobId: { type: 'string', required: true, readOnly: true },
    contactName: { type: 'string', required: true },
    contactEmail: { type: 'string', required: true },
    contactPhone: { type: 'string' },
  },
  indexes: {
    byJob: { pk: pk('JOB#${jobId}', ['jobId']), sk: sk('CONTACT', []) },
  },
});

export const jobRevealEntity = new Entity({
  model: { entity: 'jobReveal', version: '1', service: 'solutionz' },
  attributes: {
    jobId: { type: 'string', required: true, readOnly: true },
    providerId: { type: 'string', required: true, readOnly: true },
    revealedAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byJob: { pk: pk('JOB#${jobId}', ['jobId']), sk: sk('REVEAL#${providerId}', ['providerId']) },
    byProvider: gsi1('USER#${providerId}', ['providerId'], 'REVEALED_JOB#${revealedAt}#${jobId}', ['revealedAt', 'jobId']),
  },
});

export const savedJobEntity = new Entity({
  model: { entity: 'savedJob', version: '1', service: 'solutionz' },
  attributes: {
    providerId: { type: 'string', required: true, readOnly: true },
    jobId: { type: 'string', required: true, readOnly: true },
    savedAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byProvider: { pk: pk('USER#${providerId}', ['providerId']), sk: sk('SAVED_JOB#${jobId}', ['jobId']) },
    newestFirst: gsi1('USER#${providerId}', ['providerId'], 'SAVED_JOB#${savedAt}#${jobId}', ['savedAt', 'jobId']),
    savesOfJob: gsi2('JOB#${jobId}', ['jobId'], 'SAVED_BY#${providerId}', ['providerId']),
  },
});

export const verifiedClientEntity = new Entity({
  model: { entity: 'verifiedClient', version: '1', service: 'solutionz' },
  attributes: {
    providerId: { type: 'string', required: true, readOnly: true },
    clientId: { type: 'string', required: true, readOnly: true },
    /** The first job of the client the provider revealed, and when. */
    jobId: { type: 'string', required: true },
    revealedAt: { type: 'string', required: true },
  },
  indexes: {
    byProvider: { pk: pk('USER#${providerId}', ['providerId']), sk: sk('REVEALED_CLIENT#${clientId}', ['clientId']) },
    byClient: gsi2('USER#${clientId}', ['clientId'], 'REVEALED_BY#${providerId}', ['providerId']),
  },
});

/** A job item's table key (the stream filter below and tests that write raw stream records need it). */
export const jobKey = (jobId: string) => jobEntity.get({ jobId }).params<{ Key: Record<string, string> }>(PARAMS_ONLY).Key;

/**
 * The table stream's records the job alerts worker takes: new job items only (not their contact,
 * reveals or saves, nor any other item). A Lambda event-filter pattern; the local stream poller
 * applies the same one, so both deliver the same records.
 */
export const JOB_STREAM_FILTER = {
  eventName: ['INSERT'],
  dynamodb: {
    Keys: {
      [TABLE.partitionKey]: { S: [{ prefix: 'JOB#' }] },
      [TABLE.sortKey]: { S: ['JOB'] },
    },
  },
} as const;

/** What a job alert says about a job, as a stream record's image carries it. */
export interface AlertedJob {
  readonly jobId: string;
  readonly ownerId: string;
  readonly title: string;
  readonly categories: readonly string[];
  readonly budget?: string;
  readonly budgetType?: JobBudgetType;
  readonly locationName: string;
  readonly lat: number;
  readonly lng: number;
  readonly postedAt: string;
}

/**
 * The job in a stream record's NewImage (DynamoDB JSON), or undefined when the image is not a job
 * item or lacks what an alert needs (a record the filter should not have let through).
 */
export function alertedJobFromStreamImage(image: Record<string, unknown> | undefined): AlertedJob | undefined {
  if (!image) return undefined;
  const item = unmarshall(image as Record<string, AttributeValue>);
  if (typeof item[TABLE.partitionKey] !== 'string' || !(item[TABLE.partitionKey] as string).startsWith('JOB#') || item[TABLE.sortKey] !== 'JOB')
    return undefined;
  const { jobId, ownerId, title, categories, budget, budgetType, locationName, lat, lng, postedAt } = item;
  const text = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
  if (!text(jobId) || !text(ownerId) || !text(title) || !text(locationName) || !text(postedAt)) return undefined;
  if (typeof lat !== 'number' || typeof lng !== 'number' || !Array.isArray(categories)) return undefined;
  return {
    jobId,
    ownerId,
    title,
    categories: categories.filter(text),
    ...(text(budget) ? { budget } : {}),
    ...(budgetType === 'hourly' || budgetType === 'fixed' ? { budgetType } : {}),
    locationName,
    lat,
    lng,
    postedAt,
  };
}
