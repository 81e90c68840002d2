import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import {
  ConfigurationSet,
  ConfigurationSetTlsPolicy,
  EmailIdentity,
  Identity,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import type { DeploymentConfig } from './config';

export interface MailStackProps extends StackProps {
  readonly config: DeploymentConfig;
}

/** The SES identity our own mails (confirmation, password reset, e-mail change) are sent from. */
export class MailStack extends Stack {
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;

  constructor(scope: Construct, id: string, props: MailStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName: `solutionz-${config.stage}`,
      tlsPolicy: ConfigurationSetTlsPolicy.REQUIRE,
      reputationMetrics: true,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });

    // The domain's DNS is not managed here: the DKIM records below are added by hand.
    this.identity = new EmailIdentity(this, 'Identity', {
      identity: Identity.domain(config.mailFromDomain),
      configurationSet: this.configurationSet,
    });

    new CfnOutput(this, 'MailFromDomain', { value: config.mailFromDomain });
    new CfnOutput(this, 'ConfigurationSetName', { value: this.configurationSet.configurationSetName });
    for (const [index, record] of this.identity.dkimRecords.entries()) {
      new CfnOutput(this, `DkimRecord${index + 1}`, { value: `${record.name} CNAME ${record.value}` });
    }
  }
}
