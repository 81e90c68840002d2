import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createTableInput } from '@solutionz/lambdas/data/create-table-input';
import { JOB_STREAM_FILTER } from '@solutionz/lambdas/data/jobs';
import { PROVIDER_NEWS_STREAM_FILTER } from '@solutionz/lambdas/data/provider-updates';
import { defaultSynthesis, SYNTH_TIMEOUT_MS, type Synthesis } from './synth';

/* eslint-disable @typescript-eslint/no-explicit-any -- CloudFormation JSON */
type Resource = { Type: string; Properties: Record<string, any> };
type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown };

let synthesis: Synthesis;
let api: Record<string, Resource>;
let workerId: string;
let worker: Resource;

beforeAll(() => {
  synthesis = defaultSynthesis();
  api = synthesis.templates.api.toJSON().Resources as Record<string, Resource>;
  workerId = synthesis.stacks.api.getLogicalId(synthesis.stacks.api.jobAlerts.function.node.defaultChild as never);
  worker = api[workerId]!;
}, SYNTH_TIMEOUT_MS);

const ofType = (type: string) => Object.entries(api).filter(([, resource]) => resource.Type === type);
const queueId = () => synthesis.stacks.api.getLogicalId(synthesis.stacks.api.jobAlerts.failedRecords.node.defaultChild as never);

function workerStatements(): Statement[] {
  const roleId = worker.Properties.Role['Fn::GetAtt'][0];
  return ofType('AWS::IAM::Policy')
    .filter(([, policy]) => JSON.stringify(policy.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
    .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Statement[]);
}
const actionsOf = (statements: Statement[]) => statements.flatMap((statement) => [statement.Action].flat());

describe('the job alerts worker', () => {
  it('is fed by the table stream of new images, as local tables have one, through its live alias (a release takes batches as CodeDeploy lets it)', () => {
    synthesis.templates.data.hasResourceProperties('AWS::DynamoDB::Table', {
      StreamSpecification: { StreamViewType: createTableInput('local').StreamSpecification!.StreamViewType },
    });
    const mappings = ofType('AWS::Lambda::EventSourceMapping');
    expect(mappings).toHaveLength(1);
    const mapping = mappings[0]![1].Properties;
    const aliasId = synthesis.stacks.api.getLogicalId(synthesis.stacks.api.jobAlerts.release.alias.node.defaultChild as never);
    expect(JSON.stringify(mapping.FunctionName)).toContain(`{"Ref":"${aliasId}"}`);
    expect(JSON.stringify(mapping.FunctionName)).toContain('":live"');
    expect(JSON.stringify(mapping.EventSourceArn)).toContain('StreamArn');
  });

  it('takes only new job items (the filter the local poller applies), from the latest record, ten at a time', () => {
    const mapping = ofType('AWS::Lambda::EventSourceMapping')[0]![1].Properties;
    expect(mapping.FilterCriteria).toEqual({
      Filters: [{ Pattern: JSON.stringify(JOB_STREAM_FILTER) }, { Pattern: JSON.stringify(PROVIDER_NEWS_STREAM_FILTER) }],
    });
    expect(mapping).toMatchObject({ StartingPosition: 'LATEST', BatchSize: 10 });
  });

  it("has five minutes for a batch: a busy city's job can mean hundreds of mails, each with retries", () => {
    expect(worker.Properties.Timeout).toBe(300);
  });

  it('retries failed records three times, halving the batch, then sends them to an encrypted, TLS-only queue kept 14 days', () => {
    const mapping = ofType('AWS::Lambda::EventSourceMapping')[0]![1].Properties;
    expect(mapping).toMatchObject({ FunctionResponseTypes: ['ReportBatchItemFailures'], MaximumRetryAttempts: 3, BisectBatchOnFunctionError: true });
    expect(mapping.DestinationConfig).toEqual({ OnFailure: { Destination: { 'Fn::GetAtt': [queueId(), 'Arn'] } } });

    expect(api[queueId()]!.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 60 * 60 });
    const queuePolicies = ofType('AWS::SQS::QueuePolicy').filter(([, policy]) => JSON.stringify(policy.Properties.Queues).includes(queueId()));
    expect(queuePolicies.flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement)).toEqual(
      expect.arrayContaining([expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
    );
  });

  it('may read and write table items, read the stream, send mail from the configured sender and queue failures, nothing more', () => {
    const statements = workerStatements();
    const actions = actionsOf(statements);
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem']));
    expect(actions.filter((action) => action.startsWith('dynamodb:Scan') || action === 'dynamodb:*')).toEqual([]);
    expect(actions.filter((action) => !/^(?:dynamodb|ses|sqs|logs):/.test(action)).sort()).toEqual(['xray:PutTelemetryRecords', 'xray:PutTraceSegments']);

    const send = statements.find((statement) => actionsOf([statement]).includes('ses:SendEmail'))!;
    expect(actionsOf([send])).toEqual(['ses:SendEmail']);
    expect(send.Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'no-reply@mail.solutionz.example' } });
    expect(JSON.stringify(send.Resource)).toContain(':identity/');
    expect(JSON.stringify(send.Resource)).toContain(':configuration-set/');

    const streamRead = statements.find((statement) => actionsOf([statement]).includes('dynamodb:GetRecords'))!;
    expect(JSON.stringify(streamRead.Resource)).toContain('StreamArn');
    const queued = statements.find((statement) => actionsOf([statement]).includes('sqs:SendMessage'))!;
    expect(queued.Resource).toEqual({ 'Fn::GetAtt': [queueId(), 'Arn'] });
    // ListStreams and X-Ray's writes have no resource to scope to; they are the only unscoped actions.
    const unscoped = statements.filter((statement) => statement.Resource === '*');
    expect(actionsOf(unscoped).sort()).toEqual(['dynamodb:ListStreams', 'xray:PutTelemetryRecords', 'xray:PutTraceSegments']);
  });

  it('points mail links at the site and sends through the bulk configuration set, apart from account mail', () => {
    const environment = worker.Properties.Environment.Variables;
    expect(JSON.stringify(environment.SITE_URL)).toContain('Distribution');
    expect(environment.MAIL_FROM_ADDRESS).toBe('no-reply@mail.solutionz.example');
    expect(JSON.stringify(environment.MAIL_CONFIGURATION_SET)).toContain('BulkConfigurationSet');
    const send = workerStatements().find((statement) => actionsOf([statement]).includes('ses:SendEmail'))!;
    expect(JSON.stringify(send.Resource)).toContain('BulkConfigurationSet');
    expect(JSON.stringify(environment.TABLE_NAME)).toContain('Table');
    expect(worker.Properties.Architectures).toEqual(['arm64']);
  });

  it('is one ES module with its source map that loads as the Lambda runtime loads it', async () => {
    const dir = join(synthesis.app.outdir, `asset.${(worker.Properties.Code.S3Key as string).replace(/\.zip$/, '')}`);
    expect(readdirSync(dir).sort()).toEqual(['index.mjs', 'index.mjs.map']);
    const environment = {
      STAGE: 'dev',
      TABLE_NAME: 'solutionz-dev',
      AWS_REGION: 'eu-west-2',
      // Lambda's Node is newer than this machine's, and the SDK then has no warning to print.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      SITE_URL: 'https://solutionz.example',
      MAIL_FROM_ADDRESS: 'no-reply@solutionz.example',
    };
    for (const [name, value] of Object.entries(environment)) vi.stubEnv(name, value);
    try {
      const loaded = (await import(pathToFileURL(join(dir, 'index.mjs')).href)) as { handler?: unknown };
      expect(typeof loaded.handler).toBe('function');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('is watched for errors like the API functions, and for falling behind the stream', () => {
    const alarms = Object.values(synthesis.templates.api.findResources('AWS::CloudWatch::Alarm'));
    const watched = alarms.filter((alarm) => alarm.Properties.MetricName === 'Errors' && JSON.stringify(alarm.Properties.Dimensions).includes(workerId));
    expect(watched).toHaveLength(1);
    const behind = Object.values(synthesis.templates.observability.findResources('AWS::CloudWatch::Alarm')).filter(
      (alarm) => alarm.Properties.MetricName === 'IteratorAge',
    );
    expect(behind).toHaveLength(1);
    expect(behind[0]!.Properties).toMatchObject({ Statistic: 'Maximum', Threshold: 15 * 60_000 });
    expect(JSON.stringify(behind[0]!.Properties.Dimensions)).toContain('JobAlertsFunction');
  });

  it('raises an alarm as soon as a record is given up on', () => {
    const alarms = Object.values(synthesis.templates.observability.findResources('AWS::CloudWatch::Alarm'));
    const failed = alarms.filter((alarm) => alarm.Properties.MetricName === 'ApproximateNumberOfMessagesVisible');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.Properties).toMatchObject({ Namespace: 'AWS/SQS', Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    expect(JSON.stringify(failed[0]!.Properties.Dimensions)).toContain(queueId());
    expect(JSON.stringify(failed[0]!.Properties.AlarmActions)).toContain('AlarmTopic');
  });
});
