import { CfnOutput, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import type { DeploymentConfig } from './config';

/**
 * The alarm e-mail on an alarm topic. A mail that cannot be delivered is not kept in a redrive queue:
 * the alarm's state stays on the dashboard, and a queue of undelivered alarm mails would go unread.
 */
export function subscribeAlarmEmail(topic: Topic, config: DeploymentConfig): void {
  if (!config.alarmEmail) return;
  const subscription = topic.addSubscription(new EmailSubscription(config.alarmEmail));
  Validations.of(subscription).acknowledge({
    id: 'Serverless-SNSRedrivePolicy',
    reason: 'An alarm e-mail that cannot be delivered leaves the alarm in its state on the dashboard; a queue of undelivered alarm mails would go unread.',
  });
}

export interface AlarmTopicStackProps extends StackProps {
  readonly config: DeploymentConfig;
}

/**
 * The topic every alarm of the stage tells, with the alarm e-mail subscribed (it confirms the
 * subscription from the first mail AWS sends). Its own stack, deployed first, so that the stacks that
 * own functions can give each function its alarms, and the Observability stack can read them all.
 */
export class AlarmTopicStack extends Stack {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: AlarmTopicStackProps) {
    super(scope, id, props);
    const { config } = props;
    this.topic = new Topic(this, 'AlarmTopic', { displayName: `Solutionz ${config.stage} alarms`, enforceSSL: true });
    subscribeAlarmEmail(this.topic, config);
    // The cost budget (Observability stack) tells the topic too.
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('budgets.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
      }),
    );
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm notifications carry only alarm names and states; CloudWatch cannot publish to a topic encrypted with ' +
        'the AWS-managed SNS key, and a customer key would be a cost for no protected data.',
    });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.topic.topicArn });
  }
}
