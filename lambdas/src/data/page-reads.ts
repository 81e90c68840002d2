/**
 * The partitions the page function reads, as IAM's `dynamodb:LeadingKeys` patterns (`*` for any characters), each
 * written where its key is made: a person's partition for their profile and where a merged account moved to
 * (accounts.ts), a listing and the directory's geo, unplaced and alphabetical indexes and counts
 * (directory.ts), the categories (categories.ts), the job board's geo and newest indexes and counts (job-board.ts)
 * and a job (jobs.ts). Nothing else of the table is in its reach: no token, session, message, claim or admin record
 * has a partition of these. A person's partition holds more than the profile, and IAM cannot narrow a read by sort
 * key, so there the code is the limit. The page function's test holds every read it makes to this list.
 */
export const PAGE_READ_PARTITIONS = [
  'USER#*',
  'LISTING#*',
  'GEO#*',
  'GEOCOUNT#*',
  'UNPLACED#*',
  'LISTED#*',
  'CATEGORY_COUNTS',
  'CATEGORIES',
  'JOB#*',
  'JOBGEO#*',
  'JOBGEOCOUNT#*',
  'JOBNEW#*',
  'JOB_COUNTS',
] as const;
