import { beforeAll, describe, expect, it } from 'vitest';
import { defaultSynthesis, SYNTH_TIMEOUT_MS, type Synthesis } from './synth';

/* eslint-disable @typescript-eslint/no-explicit-any -- CloudFormation JSON */
type Resource = { Type: string; Properties: Record<string, any> };

let synthesis: Synthesis;
let data: Record<string, Resource>;

beforeAll(() => {
  synthesis = defaultSynthesis();
  data = synthesis.templates.data.toJSON().Resources as Record<string, Resource>;
}, SYNTH_TIMEOUT_MS);

const ofType = (type: string) => Object.entries(data).filter(([, resource]) => resource.Type === type);

describe('the category seed on deploy', () => {
  it('is a custom resource backed by the seed function, rerun when the taxonomy it seeds from changes', () => {
    const seeds = ofType('Custom::CategorySeed');
    expect(seeds).toHaveLength(1);
    const { seed } = { seed: seeds[0]![1].Properties };
    const functionId = synthesis.stacks.data.getLogicalId(synthesis.stacks.data.categorySeed.function.node.defaultChild as never);
    expect(seed.ServiceToken).toEqual({ 'Fn::GetAtt': [functionId, 'Arn'] });
    expect(seed.taxonomy).toMatch(/^[0-9a-f]{64}$/);
    const fn = data[functionId]!.Properties;
    expect(JSON.stringify(fn.Environment.Variables.TABLE_NAME)).toContain(
      synthesis.stacks.data.getLogicalId(synthesis.stacks.data.table.node.defaultChild as never),
    );
  });

  it('may only query and batch-write the table', () => {
    const functionId = synthesis.stacks.data.getLogicalId(synthesis.stacks.data.categorySeed.function.node.defaultChild as never);
    const roleId = data[functionId]!.Properties.Role['Fn::GetAtt'][0];
    const statements = ofType('AWS::IAM::Policy')
      .filter(([, policy]) => JSON.stringify(policy.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
      .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as { Action: string | string[] }[]);
    const actions = statements.flatMap((statement) => [statement.Action].flat());
    expect(actions.filter((action) => action.startsWith('dynamodb:')).sort()).toEqual(['dynamodb:BatchWriteItem', 'dynamodb:Query']);
    expect(actions.some((action) => action === '*' || action === 'dynamodb:*')).toBe(false);
  });
});
