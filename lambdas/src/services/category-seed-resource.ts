import type { CloudFormationCustomResourceEvent, CloudFormationCustomResourceResponse } from 'aws-lambda';

/** One seed per stack: an update reruns the seed under the same id, so CloudFormation never deletes a "previous" one. */
export const CATEGORY_SEED_RESOURCE_ID = 'solutionz-category-seed';

export interface SeedResourceDeps {
  /** The idempotent taxonomy seed (seed-categories.ts), the same the local stack runs on every start. */
  readonly seed: () => Promise<{ groupsAdded: number; categoriesAdded: number }>;
  /** Puts the answer to the presigned URL CloudFormation waits on. */
  readonly respond: (url: string, body: CloudFormationCustomResourceResponse) => Promise<void>;
}

/**
 * The deploy-time seeding of the categories: on create and update the missing groups and categories are
 * written (what the admin changed since is kept); deleting the stack's resource leaves the data alone.
 * CloudFormation is always answered, a failure included, so a deploy never hangs for an hour.
 */
export async function runSeedResource(event: CloudFormationCustomResourceEvent, deps: SeedResourceDeps): Promise<CloudFormationCustomResourceResponse> {
  const base = {
    PhysicalResourceId: CATEGORY_SEED_RESOURCE_ID,
    StackId: event.StackId,
    RequestId: event.RequestId,
    LogicalResourceId: event.LogicalResourceId,
  };
  let answer: CloudFormationCustomResourceResponse;
  try {
    const data = event.RequestType === 'Delete' ? { groupsAdded: 0, categoriesAdded: 0 } : await deps.seed();
    answer = { ...base, Status: 'SUCCESS', Data: data };
  } catch (error) {
    answer = { ...base, Status: 'FAILED', Reason: `Seeding the categories failed: ${error instanceof Error ? error.message : String(error)}` };
  }
  await deps.respond(event.ResponseURL, answer);
  return answer;
}
