import { Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  Stats,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import type { DeploymentConfig } from './config';

export interface ObservabilityStackProps extends StackProps {
  readonly config: DeploymentConfig;
  readonly httpApi: IHttpApi;
  readonly functions: ReadonlyMap<string, IFunction>;
  readonly table: ITable;
  /** Where the job alerts worker's stream records go once every retry failed (job-alerts-worker.ts). */
  readonly jobAlertsFailedRecords: IQueue;
}

const PERIOD = Duration.minutes(5);

export class ObservabilityStack extends Stack {
  readonly alarmTopic: Topic;

  constructor(scope: Construct, id: string, props: ObservabilityStackProps) {
    super(scope, id, props);
    const { config, httpApi, functions, table } = props;

    this.alarmTopic = new Topic(this, 'AlarmTopic', { displayName: `Solutionz ${config.stage} alarms`, enforceSSL: true });
    if (config.alarmEmail) this.alarmTopic.addSubscription(new EmailSubscription(config.alarmEmail));
    Validations.of(this.alarmTopic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm notifications carry only alarm names and states; CloudWatch cannot publish to a topic encrypted with ' +
        'the AWS-managed SNS key, and a customer key would be a cost for no protected data.',
    });
    const notify = new SnsAction(this.alarmTopic);

    const serverErrors = httpApi.metricServerError({ period: PERIOD, statistic: Stats.SUM });
    const clientErrors = httpApi.metricClientError({ period: PERIOD, statistic: Stats.SUM });
    const alarm = (alarmId: string, metric: IMetric, threshold: number, description: string): Alarm => {
      const created = new Alarm(this, alarmId, {
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
        alarmDescription: description,
      });
      created.addAlarmAction(notify);
      created.addOkAction(notify);
      return created;
    };

    alarm('Api5xxAlarm', serverErrors, 5, 'The API answered 5 or more server errors in 5 minutes');
    const lambdaErrors = [...functions].map(([area, fn]) => {
      const errors = fn.metricErrors({ period: PERIOD, statistic: Stats.SUM });
      alarm(`${area}ErrorsAlarm`, errors, 1, `The ${area} Lambda failed (an unhandled error or a timeout)`);
      return errors.with({ label: area });
    });

    alarm(
      'JobAlertsFailedRecordsAlarm',
      props.jobAlertsFailedRecords.metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: Stats.MAXIMUM }),
      1,
      'New jobs the job alerts worker gave up on after its retries wait in the failed records queue',
    );

    const dashboard = new Dashboard(this, 'Dashboard', { dashboardName: `solutionz-${config.stage}` });
    dashboard.addWidgets(
      new GraphWidget({ title: 'API errors', left: [clientErrors.with({ label: '4xx' }), serverErrors.with({ label: '5xx' })] }),
      new GraphWidget({
        title: 'API latency (ms)',
        left: [
          httpApi.metricLatency({ period: PERIOD, statistic: Stats.p(50), label: 'p50' }),
          httpApi.metricLatency({ period: PERIOD, statistic: Stats.p(99), label: 'p99' }),
        ],
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({ title: 'Lambda errors', left: lambdaErrors }),
      new GraphWidget({
        title: 'DynamoDB throttled events',
        left: [
          table.metric('ReadThrottleEvents', { period: PERIOD, statistic: Stats.SUM, label: 'reads' }),
          table.metric('WriteThrottleEvents', { period: PERIOD, statistic: Stats.SUM, label: 'writes' }),
        ],
      }),
    );
  }
}
