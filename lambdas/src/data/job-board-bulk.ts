import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { JobContact } from '@solutionz/shared';
import { summedCounts } from './directory-bulk';
import { JOB_COUNT_ENTITY, jobScopeCountSlots, jobScopeEntries, jobScopesOf } from './job-board';
import { jobContactEntity, jobEntity } from './jobs';
import type { JobRecord } from './jobs-repository';
import { PARAMS_ONLY } from './key-templates';
import { directoryIndexCommands, type Item } from './raw-commands';

/**
 * Many new jobs at once (the job board benchmark): the job and contact items and exactly the board entries
 * `create` would write, with the counts added up in memory and written once each. Batch writes carry no
 * conditions, so this is for loading, never a request path: nothing else may post or delete jobs meanwhile.
 */
export async function bulkLoadJobs(
  client: DynamoDBDocumentClient,
  tableName: string,
  jobs: readonly (JobRecord & { readonly contact: JobContact })[],
): Promise<void> {
  const index = directoryIndexCommands(client, tableName);
  const items: Item[] = [];
  const slots = [];
  for (const { contact, ...job } of jobs) {
    items.push(jobEntity.put({ ...job, categories: [...job.categories] }).params<{ Item: Item }>(PARAMS_ONLY).Item);
    items.push(jobContactEntity.put({ jobId: job.jobId, ...contact }).params<{ Item: Item }>(PARAMS_ONLY).Item);
    for (const scope of jobScopesOf(job.categories)) {
      items.push(...jobScopeEntries(job, scope));
      slots.push(...jobScopeCountSlots(job, scope));
    }
  }
  await index.batchPut([...items, ...(await summedCounts(index, slots, JOB_COUNT_ENTITY))]);
}
