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
 * The USER# partitions of GSI1/GSI2 are shared with the person's other items under other prefixes.
 */
const [GSI1, GSI2] = TABLE.globalIndexes;
export const JOB_INDEXES = { board: GSI1, byOwner: GSI2, byUser: GSI1, savesOfJob: GSI2 } as const;

export const jobKeys = {
  job: (jobId: string) => ({ [TABLE.partitionKey]: `JOB#${jobId}`, [TABLE.sortKey]: 'JOB' }),
  contact: (jobId: string) => ({ [TABLE.partitionKey]: `JOB#${jobId}`, [TABLE.sortKey]: 'CONTACT' }),
  reveal: (jobId: string, providerId: string) => ({ [TABLE.partitionKey]: `JOB#${jobId}`, [TABLE.sortKey]: `REVEAL#${providerId}` }),
  saved: (providerId: string, jobId: string) => ({ [TABLE.partitionKey]: `USER#${providerId}`, [TABLE.sortKey]: `SAVED_JOB#${jobId}` }),
  jobPartition: (jobId: string) => `JOB#${jobId}`,
  revealPrefix: 'REVEAL#',
  boardPartition: 'JOBS',
  userPartition: (userId: string) => `USER#${userId}`,
  postedPrefix: 'POSTED_JOB#',
  revealedPrefix: 'REVEALED_JOB#',
  savedPrefix: 'SAVED_JOB#',
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
