import { Alarm, ComparisonOperator, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';

export interface NotifyingAlarmProps {
  readonly alarmName: string;
  readonly metric: IMetric;
  /** Reached or passed: the alarm fires. */
  readonly threshold: number;
  readonly description: string;
  /** Told when the alarm fires and when it clears. */
  readonly topic: ITopic;
  readonly evaluationPeriods?: number;
  readonly datapointsToAlarm?: number;
}

/** Every alarm of the app: at or above its threshold, quiet while there is no data, telling its topic both ways. */
export function notifyingAlarm(scope: Construct, id: string, props: NotifyingAlarmProps): Alarm {
  const alarm = new Alarm(scope, id, {
    alarmName: props.alarmName,
    metric: props.metric,
    threshold: props.threshold,
    evaluationPeriods: props.evaluationPeriods ?? 1,
    ...(props.datapointsToAlarm ? { datapointsToAlarm: props.datapointsToAlarm } : {}),
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
    alarmDescription: props.description,
  });
  const notify = new SnsAction(props.topic);
  alarm.addAlarmAction(notify);
  alarm.addOkAction(notify);
  return alarm;
}
