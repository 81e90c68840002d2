import type { CloudFormationCustomResourceEvent, CloudFormationCustomResourceResponse } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { CATEGORY_SEED_RESOURCE_ID, runSeedResource } from './category-seed-resource';

const event = (RequestType: 'Create' | 'Update' | 'Delete') =>
  ({
    RequestType,
    ResponseURL: 'https://cloudformation-custom-resource-response.example/answer',
    StackId: 'arn:aws:cloudformation:eu-west-2:123456789012:stack/solutionz-test-Data/1',
    RequestId: 'request-1',
    LogicalResourceId: 'CategorySeed',
    ResourceType: 'Custom::CategorySeed',
    ServiceToken: 'arn:aws:lambda:eu-west-2:123456789012:function:seed',
    ResourceProperties: { ServiceToken: 'arn:aws:lambda:eu-west-2:123456789012:function:seed' },
    ...(RequestType === 'Create' ? {} : { PhysicalResourceId: CATEGORY_SEED_RESOURCE_ID, OldResourceProperties: {} }),
  }) as CloudFormationCustomResourceEvent;

function deps(seed: () => Promise<{ groupsAdded: number; categoriesAdded: number }>) {
  const answers: { url: string; body: CloudFormationCustomResourceResponse }[] = [];
  return { answers, seed: vi.fn(seed), respond: async (url: string, body: CloudFormationCustomResourceResponse) => void answers.push({ url, body }) };
}

describe('the category seed custom resource', () => {
  it('seeds on create and on update, answering CloudFormation with what it added', async () => {
    for (const type of ['Create', 'Update'] as const) {
      const d = deps(async () => ({ groupsAdded: 14, categoriesAdded: 79 }));
      await runSeedResource(event(type), d);
      expect(d.seed).toHaveBeenCalledTimes(1);
      expect(d.answers).toEqual([
        {
          url: 'https://cloudformation-custom-resource-response.example/answer',
          body: expect.objectContaining({
            Status: 'SUCCESS',
            PhysicalResourceId: CATEGORY_SEED_RESOURCE_ID,
            RequestId: 'request-1',
            Data: { groupsAdded: 14, categoriesAdded: 79 },
          }),
        },
      ]);
    }
  });

  it('leaves the categories alone when the resource is deleted', async () => {
    const d = deps(async () => ({ groupsAdded: 1, categoriesAdded: 1 }));
    await runSeedResource(event('Delete'), d);
    expect(d.seed).not.toHaveBeenCalled();
    expect(d.answers[0]!.body.Status).toBe('SUCCESS');
  });

  it('answers FAILED with the reason when the seed fails, so the deploy stops at once rather than timing out', async () => {
    const d = deps(async () => {
      throw new Error('ProvisionedThroughputExceededException');
    });
    await runSeedResource(event('Create'), d);
    expect(d.answers[0]!.body).toMatchObject({ Status: 'FAILED', Reason: expect.stringContaining('ProvisionedThroughputExceededException') });
  });
});
