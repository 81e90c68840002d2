import { Duration, Validations } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction as LambdaTarget } from 'aws-cdk-lib/aws-events-targets';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { acknowledgeServerlessDefaults, XRAY_WILDCARD_REASON } from './area-function';
import type { LambdaRelease } from './lambda-release';
import { mailWorkerFunction, type MailWorkerProps } from './mail-worker';

/** How often expiry reminders are looked for, and how long one run may take. */
const CREDENTIAL_REMINDERS_SCHEDULE = {
  every: Duration.hours(1),
  timeout: Duration.minutes(2),
} as const;

/**
 * The credential expiry worker (lambdas/src/functions/credential-reminders.ts): an EventBridge rule runs it every
 * hour; each run reads the index of checked credentials' expiry days (a bounded Query of the next 30 days and the
 * last 30) and mails the reminders due, each claimed first with a conditional write, so an overlap or a rerun
 * mails nobody twice. It touches no files.
 */
export class CredentialRemindersWorker extends Construct {
  readonly function: NodejsFunction;
  readonly rule: Rule;
  readonly release: LambdaRelease;

  constructor(scope: Construct, id: string, props: MailWorkerProps) {
    super(scope, id);
    const worker = mailWorkerFunction(this, props, {
      name: 'credential-reminders',
      releaseName: 'credentialReminders',
      description: 'Solutionz credential reminders: mails providers 30 and 7 days before a checked credential expires (hourly)',
      entryFile: 'credential-reminders.ts',
      memorySize: 256,
      timeout: CREDENTIAL_REMINDERS_SCHEDULE.timeout,
    });
    this.function = worker.function;
    this.release = worker.release;

    // On the alias, so that a release's new version runs only as CodeDeploy lets it. A missed run is made up by the
    // next (what is due stays due for days), so EventBridge need not retry.
    this.rule = new Rule(this, 'Schedule', {
      description: 'Runs the credential reminders worker every hour',
      schedule: Schedule.rate(CREDENTIAL_REMINDERS_SCHEDULE.every),
      targets: [new LambdaTarget(this.release.alias, { retryAttempts: 0 })],
    });
    Validations.of(this.rule).acknowledge({
      id: 'Serverless-EventBusDLQ',
      reason: 'A missed run loses nothing: a reminder due stays due for days and the next run, an hour later, sends it.',
    });
    acknowledgeServerlessDefaults(
      this.function,
      worker.role,
      XRAY_WILDCARD_REASON,
      'Its only asynchronous caller is the schedule, and a failed run needs no dead letter: the next run, an hour later, sends what was due (errors and durations alarm through its release).',
    );
  }
}
