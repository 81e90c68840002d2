import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { JobBudgetType } from '@solutionz/shared';
import { TABLE } from './table-definition';

/**
 * Jobs (issue 12; DESIGN.md section 7). Every key format of the job items is here and nowhere else.
 *
 *   the job:        PK = JOB#<jobId>, SK = JOB. GSI1 (the board, newest first): GSI1PK = JOBS,
 *                   GSI1SK = <postedAt>#<jobId>. GSI2 (a client's My Jobs): GSI2PK = USER#<ownerId>,
 *                   GSI2SK = POSTED_JOB#<postedAt>#<jobId>. Holds the lead count and the cap.
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
const [GSI1, GSI2] = TABLE.globalIndexes;
export const JOB_INDEXES = { board: GSI1, byOwner: GSI2, byUser: GSI1, savesOfJob: GSI2, verifiedByClient: GSI2 } as const;

export const jobKeys = {
  job: (jobId: string) => ({ [TABLE.partitionKey]: `JOB#${jobId}`, [TABLE.sortKey]: 'JOB' }),
  contact: (jobId: string) => ({ [TABLE.partitionKey]: `JOB#${jobId}`, [TABLE.sortKey]: 'CONTACT' }),
  reveal: (jobId: string, providerId: string) => ({ [TABLE.partitionKey]: `JOB#${jobId}`, [TABLE.sortKey]: `REVEAL#${providerId}` }),
  saved: (providerId: string, jobId: string) => ({ [TABLE.partitionKey]: `USER#${providerId}`, [TABLE.sortKey]: `SAVED_JOB#${jobId}` }),
  verifiedClient: (providerId: string, clientId: string) => ({ [TABLE.partitionKey]: `USER#${providerId}`, [TABLE.sortKey]: `REVEALED_CLIENT#${clientId}` }),
  jobPartition: (jobId: string) => `JOB#${jobId}`,
  revealPrefix: 'REVEAL#',
  boardPartition: 'JOBS',
  userPartition: (userId: string) => `USER#${userId}`,
  postedPrefix: 'POSTED_JOB#',
  revealedPrefix: 'REVEALED_JOB#',
  savedPrefix: 'SAVED_JOB#',
  verifiedClientPrefix: 'REVEALED_CLIENT#',
  verifiedByPrefix: 'REVEALED_BY#',
} as const;

export const jobIndexAttributes = {
  job: (jobId: string, ownerId: string, postedAt: string) => ({
    [GSI1.partitionKey]: jobKeys.boardPartition,
    [GSI1.sortKey]: `${postedAt}#${jobId}`,
    [GSI2.partitionKey]: jobKeys.userPartition(ownerId),
    [GSI2.sortKey]: `${jobKeys.postedPrefix}${postedAt}#${jobId}`,
  }),
  reveal: (jobId: string, providerId: string, revealedAt: string) => ({
    [GSI1.partitionKey]: jobKeys.userPartition(providerId),
    [GSI1.sortKey]: `${jobKeys.revealedPrefix}${revealedAt}#${jobId}`,
  }),
  saved: (providerId: string, jobId: string, savedAt: string) => ({
    [GSI1.partitionKey]: jobKeys.userPartition(providerId),
    [GSI1.sortKey]: `${jobKeys.savedPrefix}${savedAt}#${jobId}`,
    [GSI2.partitionKey]: jobKeys.jobPartition(jobId),
    [GSI2.sortKey]: `SAVED_BY#${providerId}`,
  }),
  verifiedClient: (providerId: string, clientId: string) => ({
    [GSI2.partitionKey]: jobKeys.userPartition(clientId),
    [GSI2.sortKey]: `${jobKeys.verifiedByPrefix}${providerId}`,
  }),
} as const;

/** The attributes a job card may carry: the contact is a separate item, so naming them is belt and braces. */
export const JOB_CARD_ATTRIBUTES = [
  'jobId',
  'ownerId',
  'title',
  'description',
  'categories',
  'budget',
  'budgetType',
  'budgetAmount',
  'locationName',
  'lat',
  'lng',
  'postedAt',
  'revealCount',
  'revealCap',
] as const;

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
  if (typeof item[TABLE.partitionKey] !== 'string' || !(item[TABLE.partitionKey] as string).startsWith('JOB#') || item[TABLE.sortKey] !== 'JOB') return undefined;
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
