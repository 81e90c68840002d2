import { Aws, Duration, Validations } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction as LambdaTarget } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { acknowledgeServerlessDefaults, XRAY_WILDCARD_REASON } from './area-function';
import { MESSAGE_IMAGES_PREFIX, mediaBucketName } from './data-stack';
import type { LambdaRelease } from './lambda-release';
import { mailWorkerFunction, type MailWorkerProps } from './mail-worker';

/** How often the due mails are looked for, and how long one run may take (well under the interval). */
const MESSAGE_MAILS_SCHEDULE = {
  every: Duration.minutes(1),
  timeout: Duration.seconds(50),
} as const;

/**
 * The message mails worker (lambdas/src/functions/message-mails.ts): an EventBridge rule runs it every
 * minute; each run reads the mails due by time (a bounded Query of the table's sparse due index) and sends
 * those still unread, and removes the checked message images no message sent in time (their expiries are
 * read the same way), for which it may delete objects under the portfolio bucket's checked-images prefix. A run ends before the next starts (its timeout is under the interval); were two to
 * overlap, the hourly claims (conditional writes) still let only one of them send a mail. Nothing is
 * reserved of the account's concurrency (infra/stages.ts reserves for the webhook and job alerts only).
 */
export class MessageMailsWorker extends Construct {
  readonly function: NodejsFunction;
  readonly rule: Rule;
  readonly release: LambdaRelease;

  constructor(scope: Construct, id: string, props: MailWorkerProps) {
    super(scope, id);
    const worker = mailWorkerFunction(this, props, {
      name: 'message-mails',
      releaseName: 'messageMails',
      description: 'Solutionz message mails: e-mails people the messages they have not read within ten minutes (every minute)',
      entryFile: 'message-mails.ts',
      memorySize: 512,
      timeout: MESSAGE_MAILS_SCHEDULE.timeout,
    });
    this.function = worker.function;
    this.release = worker.release;

    // Found by its name (see mediaBucketName), as the API's areas find it.
    const portfolio = mediaBucketName(Aws.ACCOUNT_ID, props.config.stage, 'portfolio');
    this.function.addEnvironment('MEDIA_BUCKET_PORTFOLIO', portfolio);
    worker.role.addToPolicy(
      new PolicyStatement({ actions: ['s3:DeleteObject'], resources: [`arn:${Aws.PARTITION}:s3:::${portfolio}/${MESSAGE_IMAGES_PREFIX}*`] }),
    );
    Validations.of(worker.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::${mediaBucketName('<AWS::AccountId>', props.config.stage, 'portfolio')}/${MESSAGE_IMAGES_PREFIX}*]`,
      reason: `Checked message images have random names under ${MESSAGE_IMAGES_PREFIX}<conversation id>/; the worker may only delete them, there.`,
    });

    // On the alias, so that a release's new version runs only as CodeDeploy lets it. A missed run is made
    // up by the next (due mails stay until sent), so EventBridge need not retry for long.
    this.rule = new Rule(this, 'Schedule', {
      description: 'Runs the message mails worker every minute',
      schedule: Schedule.rate(MESSAGE_MAILS_SCHEDULE.every),
      targets: [new LambdaTarget(this.release.alias, { retryAttempts: 0 })],
    });
    Validations.of(this.rule).acknowledge({
      id: 'Serverless-EventBusDLQ',
      reason: 'A missed run loses nothing: what was due stays due in the table and the next run, a minute later, takes it.',
    });
    acknowledgeServerlessDefaults(
      this.function,
      worker.role,
      XRAY_WILDCARD_REASON,
      'Its only asynchronous caller is the schedule, and a failed run needs no dead letter: what was due stays due in the table and the next run, a minute later, takes it (errors and durations alarm through its release).',
    );
  }
}
