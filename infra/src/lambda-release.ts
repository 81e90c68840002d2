import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { Metric, Stats, type Alarm, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { LambdaApplication, LambdaDeploymentConfig, LambdaDeploymentGroup } from 'aws-cdk-lib/aws-codedeploy';
import { Alias, type Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { METRICS_NAMESPACE, SERVER_ERRORS_METRIC } from '@solutionz/lambdas/deploy-contract';
import { notifyingAlarm } from './alarm';
import type { DeploymentConfig } from './config';

/** The alias every caller (API routes, the distribution, the stream mapping) invokes; CodeDeploy moves it. */
export const LIVE_ALIAS = 'live';

/** An alarm on a function's duration fires at this share of its timeout. */
export const DURATION_ALARM_SHARE = 0.8;

/** How each stage's releases take traffic (infra/stages.ts `releases`). */
const RELEASE_CONFIGS = {
  canary: LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES,
  allAtOnce: LambdaDeploymentConfig.ALL_AT_ONCE,
} as const;

export interface LambdaReleaseProps {
  readonly config: DeploymentConfig;
  readonly function: LambdaFunction;
  /** Its short name in alarm names and descriptions (an area, `pages`, `jobAlerts`). */
  readonly name: string;
  readonly timeout: Duration;
  readonly alarmTopic: ITopic;
  /** An API area: its 500 answers (the middleware's ServerErrors metric) also roll a release back. */
  readonly serviceName?: string;
}

/** One application per stack for its functions' deployment groups. */
function applicationOf(scope: Construct, stage: string): LambdaApplication {
  const stack = Stack.of(scope);
  const id = 'LambdaReleases';
  return (
    (stack.node.tryFindChild(id) as LambdaApplication | undefined) ??
    new LambdaApplication(stack, id, { applicationName: `solutionz-${stage}-${stack.node.id}` })
  );
}

/**
 * A function's live alias, released through CodeDeploy (a canary or all at once, per stage) and rolled
 * back when one of its alarms fires while the new version takes traffic; the same alarms tell the
 * alarm topic. Throttles are watched too, but do not roll back: a new version does not cause them.
 */
export class LambdaRelease extends Construct {
  readonly alias: Alias;
  readonly deploymentGroup: LambdaDeploymentGroup;
  readonly errorsAlarm: Alarm;
  readonly throttlesAlarm: Alarm;
  readonly durationAlarm: Alarm;
  readonly serverErrorsAlarm?: Alarm;

  constructor(scope: Construct, id: string, props: LambdaReleaseProps) {
    super(scope, id);
    const { config, name } = props;
    const fn = props.function;
    this.alias = new Alias(this, 'Live', { aliasName: LIVE_ALIAS, version: fn.currentVersion });

    const alarm = (alarmId: string, metric: IMetric, threshold: number, description: string): Alarm =>
      notifyingAlarm(this, alarmId, { alarmName: `solutionz-${config.stage}-${name}-${alarmId}`, metric, threshold, description, topic: props.alarmTopic });
    const minute = Duration.minutes(1);
    this.errorsAlarm = alarm(
      'errors',
      fn.metricErrors({ period: minute, statistic: Stats.SUM }),
      1,
      `The ${name} Lambda failed (an unhandled error or a timeout)`,
    );
    this.throttlesAlarm = alarm(
      'throttles',
      fn.metricThrottles({ period: Duration.minutes(5), statistic: Stats.SUM }),
      1,
      `The ${name} Lambda was throttled: its concurrency (reserved, or the account's) ran out`,
    );
    const nearTimeout = Math.round(props.timeout.toMilliseconds() * DURATION_ALARM_SHARE);
    this.durationAlarm = alarm(
      'duration',
      fn.metricDuration({ period: minute, statistic: Stats.MAXIMUM }),
      nearTimeout,
      `The ${name} Lambda ran for ${nearTimeout} ms or more, near its ${props.timeout.toSeconds()} s timeout`,
    );
    if (props.serviceName) {
      this.serverErrorsAlarm = alarm(
        'server-errors',
        new Metric({
          namespace: METRICS_NAMESPACE,
          metricName: SERVER_ERRORS_METRIC,
          dimensionsMap: { service: props.serviceName, stage: config.stage },
          period: minute,
          statistic: Stats.SUM,
        }),
        3,
        `The ${name} API answered 3 or more unexpected server errors in a minute`,
      );
    }

    this.deploymentGroup = new LambdaDeploymentGroup(this, 'Deployment', {
      application: applicationOf(this, config.stage),
      alias: this.alias,
      deploymentConfig: RELEASE_CONFIGS[config.releases],
      alarms: [this.errorsAlarm, this.durationAlarm, ...(this.serverErrorsAlarm ? [this.serverErrorsAlarm] : [])],
      autoRollback: { failedDeployment: true, deploymentInAlarm: true, stoppedDeployment: true },
    });
    Validations.of(this.deploymentGroup.role).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSCodeDeployRoleForLambdaLimited]',
      reason: "CodeDeploy's own AWSCodeDeployRoleForLambdaLimited: it shifts traffic between versions of this stage's aliases only and reads their alarms.",
    });
  }

  get alarms(): Alarm[] {
    return [this.errorsAlarm, this.throttlesAlarm, this.durationAlarm, ...(this.serverErrorsAlarm ? [this.serverErrorsAlarm] : [])];
  }
}
