import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { CfnBudget } from 'aws-cdk-lib/aws-budgets';
import {
  AlarmRule,
  AlarmStatusWidget,
  CompositeAlarm,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  Stats,
  TextWidget,
  type Alarm,
  type IAlarm,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ConfigurationSet } from 'aws-cdk-lib/aws-ses';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { BUSINESS_METRICS, METRICS_NAMESPACE, TABLE } from '@solutionz/lambdas/deploy-contract';
import { routeKey, routeList } from '@solutionz/shared';
import { notifyingAlarm } from './alarm';
import { API_TOO_MANY_REQUESTS_METRIC } from './api-stack';
import type { DeploymentConfig } from './config';
import type { LambdaRelease } from './lambda-release';
import { MAIL_EVENT_DIMENSION } from './mail-stack';

export interface ObservabilityStackProps extends StackProps {
  readonly config: DeploymentConfig;
  readonly alarmTopic: Topic;
  readonly httpApi: IHttpApi;
  /** Every function's release (its alias and alarms), by the name alarms and widgets give it. */
  readonly releases: ReadonlyMap<string, LambdaRelease>;
  /** Those of the API areas, which make up the site's health with the API's error rate and the table. */
  readonly apiAreas: ReadonlySet<string>;
  readonly table: ITable;
  /** The job alerts worker, fed by the table's stream. */
  readonly jobAlerts: IFunction;
  /** Where the job alerts worker's stream records go once every retry failed (job-alerts-worker.ts). */
  readonly jobAlertsFailedRecords: IQueue;
  /** Account mail and bulk mail (Mail stack): their bounce and complaint rates. */
  readonly mailConfigurationSets: readonly ConfigurationSet[];
}

const PERIOD = Duration.minutes(5);

/** Thresholds of the stage-wide alarms, in one place for the runbook (docs/operations.md#stage-wide-alarms). */
export const ALARM_THRESHOLDS = {
  /** Percent of API answers that are 5xx, over 5 minutes with at least `minRequests`. */
  api5xxPercent: 5,
  /** Percent of API answers that are 429 (API Gateway's throttles and the services' per-person limits). */
  api429Percent: 10,
  minRequests: 20,
  /** SES reviews an account at a 5% bounce rate and 0.1% complaints; these warn before that. */
  bouncePercent: 4,
  complaintPercent: 0.08,
  minMails: 100,
  /** The oldest new job the alerts worker has not reached yet. */
  jobAlertsIteratorAgeMinutes: 15,
  /** Refused or failed Stripe webhook deliveries in 15 minutes: a wrong signing secret fails every one. */
  stripeWebhooksFailed: 3,
} as const;

/**
 * The stage's alarms beyond each function's own (lambda-release.ts), one composite "site unhealthy"
 * alarm over the ones that mean visitors are failing, the dashboards (operations, every route, the
 * business figures) and the monthly cost budget. CloudFront's own 5xx rate is alarmed in us-east-1,
 * where its metrics are (edge-alarms-stack.ts).
 */
export class ObservabilityStack extends Stack {
  readonly siteUnhealthy: CompositeAlarm;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: ObservabilityStackProps) {
    super(scope, id, props);
    const { config, httpApi, table } = props;
    const notify = new SnsAction(props.alarmTopic);

    const alarm = (alarmId: string, metric: IMetric, threshold: number, description: string): Alarm => {
      const created = notifyingAlarm(this, alarmId, {
        alarmName: `solutionz-${config.stage}-${alarmId}`,
        metric,
        threshold,
        description,
        topic: props.alarmTopic,
      });
      this.alarms.push(created);
      return created;
    };
    /** A share of the API's answers in percent, 0 while there are too few answers to judge. */
    const apiShare = (label: string, part: IMetric): MathExpression =>
      new MathExpression({
        expression: `IF(requests >= ${ALARM_THRESHOLDS.minRequests}, 100 * part / requests, 0)`,
        usingMetrics: { part, requests: httpApi.metricCount({ period: PERIOD, statistic: Stats.SUM }) },
        label,
        period: PERIOD,
      });

    const serverErrors = httpApi.metricServerError({ period: PERIOD, statistic: Stats.SUM });
    const clientErrors = httpApi.metricClientError({ period: PERIOD, statistic: Stats.SUM });
    const tooManyRequests = new Metric({
      namespace: METRICS_NAMESPACE,
      metricName: API_TOO_MANY_REQUESTS_METRIC,
      dimensionsMap: { stage: config.stage },
      period: PERIOD,
      statistic: Stats.SUM,
    });
    const api5xx = alarm(
      'api-5xx-rate',
      apiShare('5xx %', serverErrors),
      ALARM_THRESHOLDS.api5xxPercent,
      `${ALARM_THRESHOLDS.api5xxPercent}% or more of the API's answers in 5 minutes were server errors`,
    );
    alarm(
      'api-429-rate',
      apiShare('429 %', tooManyRequests),
      ALARM_THRESHOLDS.api429Percent,
      `${ALARM_THRESHOLDS.api429Percent}% or more of the API's answers in 5 minutes were 429: throttling (stage or route) or the per-person limits`,
    );

    const tableThrottles = [undefined, ...TABLE.globalIndexes.map((index) => index.indexName)].map((indexName) => {
      const dimensionsMap = { TableName: table.tableName, ...(indexName ? { GlobalSecondaryIndexName: indexName } : {}) };
      const throttled = (metricName: string) => new Metric({ namespace: 'AWS/DynamoDB', metricName, dimensionsMap, period: PERIOD, statistic: Stats.SUM });
      const both = new MathExpression({
        expression: 'reads + writes',
        usingMetrics: { reads: throttled('ReadThrottleEvents'), writes: throttled('WriteThrottleEvents') },
        label: indexName ?? 'table',
        period: PERIOD,
      });
      return alarm(
        `dynamodb-throttles-${indexName ?? 'table'}`,
        both,
        1,
        `DynamoDB throttled reads or writes of ${indexName ? `the index ${indexName}` : 'the table'}`,
      );
    });

    alarm(
      'job-alerts-iterator-age',
      props.jobAlerts.metric('IteratorAge', { period: PERIOD, statistic: Stats.MAXIMUM }),
      Duration.minutes(ALARM_THRESHOLDS.jobAlertsIteratorAgeMinutes).toMilliseconds(),
      `The job alerts worker is ${ALARM_THRESHOLDS.jobAlertsIteratorAgeMinutes} minutes or more behind the table's stream: new jobs are not being alerted`,
    );
    alarm(
      'job-alerts-failed-records',
      props.jobAlertsFailedRecords.metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: Stats.MAXIMUM }),
      1,
      'New jobs the job alerts worker gave up on after its retries wait in the failed records queue',
    );
    alarm(
      'stripe-webhooks-failed',
      // Alarms take no SEARCH: the one function that counts it, by its service name.
      new Metric({
        namespace: METRICS_NAMESPACE,
        metricName: BUSINESS_METRICS.stripeWebhooksFailed,
        dimensionsMap: { service: 'solutionz-stripeWebhook', stage: config.stage },
        period: Duration.minutes(15),
        statistic: Stats.SUM,
      }),
      ALARM_THRESHOLDS.stripeWebhooksFailed,
      "Stripe webhook deliveries were refused or failed: memberships may not follow Stripe (check the signing secret's parameter)",
    );

    for (const set of props.mailConfigurationSets) {
      const name = set.configurationSetName;
      const mails = (metricName: string) =>
        new Metric({ namespace: 'AWS/SES', metricName, dimensionsMap: { [MAIL_EVENT_DIMENSION]: name }, period: Duration.hours(1), statistic: Stats.SUM });
      const rate = (label: string, event: string) =>
        new MathExpression({
          expression: `IF(sent >= ${ALARM_THRESHOLDS.minMails}, 100 * events / sent, 0)`,
          usingMetrics: { events: mails(event), sent: mails('Send') },
          label,
          period: Duration.hours(1),
        });
      alarm(
        `mail-bounce-rate-${set.node.id}`,
        rate('bounce %', 'Bounce'),
        ALARM_THRESHOLDS.bouncePercent,
        `${ALARM_THRESHOLDS.bouncePercent}% or more of the mail sent through ${name} in an hour bounced (SES reviews the account at 5%)`,
      );
      alarm(
        `mail-complaint-rate-${set.node.id}`,
        rate('complaint %', 'Complaint'),
        ALARM_THRESHOLDS.complaintPercent,
        `${ALARM_THRESHOLDS.complaintPercent}% or more of the mail sent through ${name} in an hour was marked as spam (SES reviews the account at 0.1%)`,
      );
    }

    const visitorFacing = [...props.releases].filter(([name]) => props.apiAreas.has(name) || name === 'pages').map(([, release]) => release);
    const failing: IAlarm[] = [api5xx, ...tableThrottles, ...visitorFacing.flatMap((release) => [release.errorsAlarm, release.throttlesAlarm])];
    this.siteUnhealthy = new CompositeAlarm(this, 'SiteUnhealthy', {
      compositeAlarmName: `solutionz-${config.stage}-site-unhealthy`,
      alarmDescription: 'Visitors are failing: the API answers server errors, a function of the site fails or is throttled, or the table throttles',
      alarmRule: AlarmRule.anyOf(...failing),
    });
    this.siteUnhealthy.addAlarmAction(notify);
    this.siteUnhealthy.addOkAction(notify);

    this.operationsDashboard(props, { serverErrors, clientErrors, tooManyRequests });
    this.routesDashboard(config.stage, httpApi);
    this.businessDashboard(config.stage);
    this.budget(props);
    new CfnOutput(this, 'SiteUnhealthyAlarm', { value: this.siteUnhealthy.alarmName });
  }

  /** A business figure (BUSINESS_METRICS) summed over the functions that count it. */
  private businessMetric(stage: string, name: string, period: Duration): MathExpression {
    return new MathExpression({
      expression: `SUM(SEARCH('{${METRICS_NAMESPACE},service,stage} MetricName="${name}" stage="${stage}"', 'Sum', ${period.toSeconds()}))`,
      usingMetrics: {},
      label: name,
      period,
    });
  }

  private operationsDashboard(props: ObservabilityStackProps, api: { serverErrors: Metric; clientErrors: Metric; tooManyRequests: Metric }): void {
    const { config, httpApi, table } = props;
    const dashboard = new Dashboard(this, 'Dashboard', { dashboardName: `solutionz-${config.stage}` });
    dashboard.addWidgets(
      new AlarmStatusWidget({
        title: 'Alarms',
        alarms: [this.siteUnhealthy, ...this.alarms, ...[...props.releases.values()].flatMap((release) => release.alarms)],
        width: 24,
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'API answers',
        left: [api.clientErrors.with({ label: '4xx' }), api.serverErrors.with({ label: '5xx' }), api.tooManyRequests.with({ label: '429' })],
      }),
      new GraphWidget({
        title: 'API latency (ms)',
        left: [
          httpApi.metricLatency({ period: PERIOD, statistic: Stats.p(50), label: 'p50' }),
          httpApi.metricLatency({ period: PERIOD, statistic: Stats.p(99), label: 'p99' }),
        ],
      }),
    );
    const functions = [...props.releases];
    dashboard.addWidgets(
      new GraphWidget({
        title: 'Lambda errors',
        left: functions.map(([name, release]) => release.alias.metricErrors({ period: PERIOD, statistic: Stats.SUM, label: name })),
      }),
      new GraphWidget({
        title: 'Lambda duration p99 (ms)',
        left: functions.map(([name, release]) => release.alias.metricDuration({ period: PERIOD, statistic: Stats.p(99), label: name })),
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'DynamoDB throttled events',
        left: [
          table.metric('ReadThrottleEvents', { period: PERIOD, statistic: Stats.SUM, label: 'reads' }),
          table.metric('WriteThrottleEvents', { period: PERIOD, statistic: Stats.SUM, label: 'writes' }),
        ],
      }),
      new GraphWidget({
        title: 'Job alerts stream iterator age (ms)',
        left: [props.jobAlerts.metric('IteratorAge', { period: PERIOD, statistic: Stats.MAXIMUM })],
      }),
    );
  }

  /** Every route of the table (detailed metrics are on): requests, errors and latency each. */
  private routesDashboard(stage: string, httpApi: IHttpApi): void {
    const dashboard = new Dashboard(this, 'RoutesDashboard', { dashboardName: `solutionz-${stage}-routes` });
    dashboard.addWidgets(
      new TextWidget({
        markdown: `# Solutionz ${stage}: every API route\nRequests, 4xx and 5xx (left), p99 latency in ms (right), per route of the shared route table.`,
        width: 24,
        height: 2,
      }),
    );
    const routeMetric = (metricName: string, method: string, path: string, statistic: string, label: string) =>
      new Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: { ApiId: httpApi.apiId, Stage: '$default', Method: method, Resource: path },
        period: PERIOD,
        statistic,
        label,
      });
    dashboard.addWidgets(
      ...routeList.map(
        (route) =>
          new GraphWidget({
            title: routeKey(route),
            width: 8,
            height: 5,
            left: [
              routeMetric('Count', route.method, route.path, Stats.SUM, 'requests'),
              routeMetric('4xx', route.method, route.path, Stats.SUM, '4xx'),
              routeMetric('5xx', route.method, route.path, Stats.SUM, '5xx'),
            ],
            right: [routeMetric('Latency', route.method, route.path, Stats.p(99), 'p99 ms')],
          }),
      ),
    );
  }

  /** What the business watches, hour by hour (BUSINESS_METRICS). */
  private businessDashboard(stage: string): void {
    const dashboard = new Dashboard(this, 'BusinessDashboard', { dashboardName: `solutionz-${stage}-business` });
    const hour = Duration.hours(1);
    const figure = (name: string) => this.businessMetric(stage, name, hour);
    dashboard.addWidgets(
      new GraphWidget({ title: 'Sign-ups and confirmations', left: [figure(BUSINESS_METRICS.signUps), figure(BUSINESS_METRICS.emailConfirmations)] }),
      new GraphWidget({
        title: 'Memberships: checkouts completed, webhooks failed',
        left: [figure(BUSINESS_METRICS.checkoutsCompleted), figure(BUSINESS_METRICS.stripeWebhooksFailed)],
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({ title: 'Job contact reveals', left: [figure(BUSINESS_METRICS.contactReveals)] }),
      new GraphWidget({ title: 'Mails sent and failed', left: [figure(BUSINESS_METRICS.mailsSent), figure(BUSINESS_METRICS.mailsFailed)] }),
    );
  }

  /**
   * The monthly cost budget of the account: the alarm topic (and the alarm e-mail directly) hear at 80%
   * spent and at 100% forecast. The whole account's costs, so a stage is best kept in an account of its own.
   */
  private budget(props: ObservabilityStackProps): void {
    const { config, alarmTopic } = props;
    const subscribers: CfnBudget.SubscriberProperty[] = [
      { subscriptionType: 'SNS', address: alarmTopic.topicArn },
      ...(config.alarmEmail ? [{ subscriptionType: 'EMAIL', address: config.alarmEmail }] : []),
    ];
    new CfnBudget(this, 'MonthlyBudget', {
      budget: {
        budgetName: `solutionz-${config.stage}-monthly`,
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: config.budgetMonthlyUsd, unit: 'USD' },
      },
      notificationsWithSubscribers: [
        { notification: { notificationType: 'ACTUAL', comparisonOperator: 'GREATER_THAN', threshold: 80, thresholdType: 'PERCENTAGE' }, subscribers },
        { notification: { notificationType: 'FORECASTED', comparisonOperator: 'GREATER_THAN', threshold: 100, thresholdType: 'PERCENTAGE' }, subscribers },
      ],
    });
  }
}
