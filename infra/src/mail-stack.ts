import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import {
  CloudWatchDimensionSource,
  ConfigurationSet,
  ConfigurationSetTlsPolicy,
  EmailIdentity,
  EmailSendingEvent,
  EventDestination,
  Identity,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import type { DeploymentConfig } from './config';

export interface MailStackProps extends StackProps {
  readonly config: DeploymentConfig;
}

/**
 * The dimension SES puts on the event metrics of each configuration set (the Observability stack's
 * bounce and complaint rates): the set's own name, from the tag SES gives every message.
 */
export const MAIL_EVENT_DIMENSION = 'ses:configuration-set';

/** The events each configuration set counts in CloudWatch (namespace AWS/SES). */
const MAIL_EVENTS = [EmailSendingEvent.SEND, EmailSendingEvent.DELIVERY, EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT, EmailSendingEvent.REJECT];

/**
 * The SES identity the app's mail is sent from, through two configuration sets: account mail
 * (confirmation, password reset, e-mail change, security alerts) and bulk mail (job alerts), so that
 * the bounces and complaints of a bad alert run are counted apart and cannot hurt password resets.
 */
export class MailStack extends Stack {
  readonly identity: EmailIdentity;
  /** Account mail. */
  readonly configurationSet: ConfigurationSet;
  /** Bulk mail: job alerts (with one-click List-Unsubscribe headers). */
  readonly bulkConfigurationSet: ConfigurationSet;

  constructor(scope: Construct, id: string, props: MailStackProps) {
    super(scope, id, props);
    const { config } = props;

    const configurationSet = (setId: string, configurationSetName: string): ConfigurationSet => {
      const set = new ConfigurationSet(this, setId, {
        configurationSetName,
        tlsPolicy: ConfigurationSetTlsPolicy.REQUIRE,
        reputationMetrics: true,
        suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      });
      set.addEventDestination('CloudWatch', {
        destination: EventDestination.cloudWatchDimensions([
          { name: MAIL_EVENT_DIMENSION, source: CloudWatchDimensionSource.MESSAGE_TAG, defaultValue: configurationSetName },
        ]),
        events: MAIL_EVENTS,
      });
      return set;
    };
    this.configurationSet = configurationSet('ConfigurationSet', `solutionz-${config.stage}`);
    this.bulkConfigurationSet = configurationSet('BulkConfigurationSet', `solutionz-${config.stage}-bulk`);

    // The domain's DNS is not managed here: the DKIM records below are added by hand.
    this.identity = new EmailIdentity(this, 'Identity', {
      identity: Identity.domain(config.mailFromDomain),
      configurationSet: this.configurationSet,
    });

    new CfnOutput(this, 'MailFromDomain', { value: config.mailFromDomain });
    new CfnOutput(this, 'ConfigurationSetName', { value: this.configurationSet.configurationSetName });
    new CfnOutput(this, 'BulkConfigurationSetName', { value: this.bulkConfigurationSet.configurationSetName });
    for (const [index, record] of this.identity.dkimRecords.entries()) {
      new CfnOutput(this, `DkimRecord${index + 1}`, { value: `${record.name} CNAME ${record.value}` });
    }
  }
}
