import { Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { MathExpression, Metric, Stats, type Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import { Topic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { notifyingAlarm } from './alarm';
import { subscribeAlarmEmail } from './alarm-topic-stack';
import type { DeploymentConfig } from './config';

export interface EdgeAlarmsStackProps extends StackProps {
  readonly config: DeploymentConfig;
  /** The distribution (Web stack), through a cross-region reference. */
  readonly distributionId: string;
}

/** Percent of CloudFront's answers that were 5xx (its own, or the origins' passed on) over 5 minutes. */
const CLOUDFRONT_5XX_PERCENT = 5;

/**
 * CloudFront publishes its metrics in us-east-1 only, and an alarm must live with its metric: the
 * distribution's 5xx alarm is here, with a topic of its own (the alarm e-mail subscribed), as a
 * CloudWatch alarm can only tell a topic of its own region.
 */
export class EdgeAlarmsStack extends Stack {
  readonly topic: Topic;
  readonly cloudFront5xx: Alarm;

  constructor(scope: Construct, id: string, props: EdgeAlarmsStackProps) {
    super(scope, id, props);
    const { config } = props;
    this.topic = new Topic(this, 'EdgeAlarmTopic', { displayName: `Solutionz ${config.stage} edge alarms`, enforceSSL: true });
    subscribeAlarmEmail(this.topic, config);
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason: 'Alarm notifications carry only alarm names and states; CloudWatch cannot publish to a topic encrypted with the AWS-managed SNS key.',
    });

    const period = Duration.minutes(5);
    const cloudFront = (metricName: string, statistic: string) =>
      new Metric({ namespace: 'AWS/CloudFront', metricName, dimensionsMap: { DistributionId: props.distributionId, Region: 'Global' }, period, statistic });
    this.cloudFront5xx = notifyingAlarm(this, 'CloudFront5xxRate', {
      alarmName: `solutionz-${config.stage}-cloudfront-5xx-rate`,
      topic: this.topic,
      metric: new MathExpression({
        expression: 'IF(requests >= 20, rate, 0)',
        usingMetrics: { rate: cloudFront('5xxErrorRate', Stats.AVERAGE), requests: cloudFront('Requests', Stats.SUM) },
        label: '5xx %',
        period,
      }),
      threshold: CLOUDFRONT_5XX_PERCENT,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
      description: `${CLOUDFRONT_5XX_PERCENT}% or more of the site's answers were server errors in 2 of 3 five-minute periods (what visitors saw, whatever the origin)`,
    });
  }
}
