import { beforeAll, describe, expect, it } from 'vitest';
import { defaultSynthesis, SYNTH_TIMEOUT_MS, type Synthesis } from './synth';

/* eslint-disable @typescript-eslint/no-explicit-any -- CloudFormation JSON */
type Resource = { Type: string; Properties: Record<string, any> };
type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown };

let synthesis: Synthesis;
let api: Record<string, Resource>;
let worker: Resource;

beforeAll(() => {
  synthesis = defaultSynthesis();
  api = synthesis.templates.api.toJSON().Resources as Record<string, Resource>;
  worker = api[synthesis.stacks.api.getLogicalId(synthesis.stacks.api.messageMails.function.node.defaultChild as never)]!;
}, SYNTH_TIMEOUT_MS);

const ofType = (type: string) => Object.entries(api).filter(([, resource]) => resource.Type === type);
const actionsOf = (statements: Statement[]) => statements.flatMap((statement) => [statement.Action].flat());

describe('the message mails worker', () => {
  it('runs every minute on a schedule, through its live alias (a release runs only as CodeDeploy lets it)', () => {
    const aliasId = synthesis.stacks.api.getLogicalId(synthesis.stacks.api.messageMails.release.alias.node.defaultChild as never);
    const rules = ofType('AWS::Events::Rule').filter(([, rule]) => JSON.stringify(rule.Properties.Targets).includes(aliasId));
    expect(rules).toHaveLength(1);
    const rule = rules[0]![1].Properties;
    expect(rule).toMatchObject({ ScheduleExpression: 'rate(1 minute)', State: 'ENABLED' });
    expect(rule.Targets).toEqual([expect.objectContaining({ Arn: { Ref: aliasId }, RetryPolicy: { MaximumRetryAttempts: 0 } })]);
    // EventBridge may invoke the alias, and nothing else may.
    const permissions = ofType('AWS::Lambda::Permission').filter(([, permission]) => JSON.stringify(permission.Properties.FunctionName).includes(aliasId));
    expect(permissions.map(([, permission]) => permission.Properties)).toEqual([
      expect.objectContaining({ Action: 'lambda:InvokeFunction', Principal: 'events.amazonaws.com', SourceArn: { 'Fn::GetAtt': [rules[0]![0], 'Arn'] } }),
    ]);
  });

  it('ends before the next run starts', () => {
    expect(worker.Properties.Timeout).toBeLessThan(60);
    expect(worker.Properties.Handler).toBe('index.handler');
  });

  it('may read and write table items, send mail from the configured sender through the bulk configuration set and delete checked message images, nothing more (no Scan)', () => {
    const roleId = worker.Properties.Role['Fn::GetAtt'][0];
    const statements = ofType('AWS::IAM::Policy')
      .filter(([, policy]) => JSON.stringify(policy.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
      .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Statement[]);
    const actions = actionsOf(statements);
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:DeleteItem', 'ses:SendEmail']));
    expect(actions.filter((action) => action.startsWith('dynamodb:Scan') || action === 'dynamodb:*')).toEqual([]);
    expect(actions.filter((action) => !/^(?:dynamodb|ses|logs):/.test(action)).sort()).toEqual([
      's3:DeleteObject',
      'xray:PutTelemetryRecords',
      'xray:PutTraceSegments',
    ]);
    const send = statements.find((statement) => actionsOf([statement]).includes('ses:SendEmail'))!;
    expect(send.Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'no-reply@mail.solutionz.example' } });
    expect(JSON.stringify(send.Resource)).toContain('BulkConfigurationSet');

    const environment = worker.Properties.Environment.Variables;
    expect(JSON.stringify(environment.SITE_URL)).toContain('Distribution');
    expect(JSON.stringify(environment.MAIL_CONFIGURATION_SET)).toContain('BulkConfigurationSet');
    expect(JSON.stringify(environment.TABLE_NAME)).toContain('Table');

    // Unsent message images that expired: deleted from the portfolio bucket's checked-images prefix, nowhere else.
    const deletes = statements.filter((statement) => actionsOf([statement]).some((action) => action.startsWith('s3:')));
    expect(deletes).toHaveLength(1);
    expect(actionsOf(deletes)).toEqual(['s3:DeleteObject']);
    const resource = JSON.stringify(deletes[0]!.Resource);
    expect(resource).toMatch(/solutionz-.*-portfolio-.*\/private\/messages\/\*/);
    expect(JSON.stringify(environment.MEDIA_BUCKET_PORTFOLIO)).toMatch(/solutionz-.*-portfolio-/);
  });
});
