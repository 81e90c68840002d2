import { CloudFrontClient, GetDistributionConfigCommand, UpdateDistributionCommand, type DistributionConfig } from '@aws-sdk/client-cloudfront';
import {
  DescribeSecretCommand,
  GetRandomPasswordCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
  UpdateSecretVersionStageCommand,
} from '@aws-sdk/client-secrets-manager';

/** What Secrets Manager sends a rotation function, one call per step. */
export interface RotationEvent {
  readonly SecretId: string;
  readonly ClientRequestToken: string;
  readonly Step: 'createSecret' | 'setSecret' | 'testSecret' | 'finishSecret';
}

export interface OriginSecretRotationOptions {
  readonly secrets: SecretsManagerClient;
  readonly cloudfront: CloudFrontClient;
  /** The distribution whose origins carry the header. */
  readonly distributionId: string;
  /** The origin custom header holding the secret (http/origin-guard ORIGIN_VERIFY_HEADER). */
  readonly headerName: string;
}

/** Long enough that guessing is hopeless; letters and digits only, so it travels in a header as it is. */
const SECRET_LENGTH = 48;

/** The origins of the distribution that carry the header, with the value they send now. */
function headerValues(config: DistributionConfig, headerName: string): string[] {
  return (config.Origins?.Items ?? []).flatMap((origin) =>
    (origin.CustomHeaders?.Items ?? [])
      .filter((header) => header.HeaderName?.toLowerCase() === headerName.toLowerCase())
      .map((header) => header.HeaderValue ?? ''),
  );
}

/**
 * Rotates the origin secret in the four steps Secrets Manager drives: a new value is made (pending),
 * CloudFront is told to send it, the distribution is checked to send it, and it becomes current. The
 * API functions accept the current, pending and previous values (http/origin-guard.ts), so requests
 * keep flowing while CloudFront's edges take up the new configuration.
 */
export function createOriginSecretRotation(options: OriginSecretRotationOptions): (event: RotationEvent) => Promise<void> {
  const { secrets, cloudfront, distributionId, headerName } = options;

  const pendingValue = async (event: RotationEvent): Promise<string> => {
    const answer = await secrets.send(new GetSecretValueCommand({ SecretId: event.SecretId, VersionId: event.ClientRequestToken, VersionStage: 'AWSPENDING' }));
    if (!answer.SecretString) throw new Error(`The pending version ${event.ClientRequestToken} of the origin secret has no value`);
    return answer.SecretString;
  };

  const steps: Record<RotationEvent['Step'], (event: RotationEvent) => Promise<void>> = {
    async createSecret(event) {
      try {
        await secrets.send(new GetSecretValueCommand({ SecretId: event.SecretId, VersionId: event.ClientRequestToken, VersionStage: 'AWSPENDING' }));
        return;
      } catch (error) {
        if (!(error instanceof ResourceNotFoundException)) throw error;
      }
      const { RandomPassword } = await secrets.send(
        new GetRandomPasswordCommand({ PasswordLength: SECRET_LENGTH, ExcludePunctuation: true, IncludeSpace: false }),
      );
      await secrets.send(
        new PutSecretValueCommand({
          SecretId: event.SecretId,
          ClientRequestToken: event.ClientRequestToken,
          SecretString: RandomPassword,
          VersionStages: ['AWSPENDING'],
        }),
      );
    },

    async setSecret(event) {
      const value = await pendingValue(event);
      const { DistributionConfig: config, ETag } = await cloudfront.send(new GetDistributionConfigCommand({ Id: distributionId }));
      if (!config) throw new Error(`CloudFront returned no configuration for distribution ${distributionId}`);
      const current = headerValues(config, headerName);
      if (current.length === 0) throw new Error(`No origin of distribution ${distributionId} sends the ${headerName} header`);
      if (current.every((sent) => sent === value)) return;
      for (const origin of config.Origins?.Items ?? []) {
        for (const header of origin.CustomHeaders?.Items ?? []) {
          if (header.HeaderName?.toLowerCase() === headerName.toLowerCase()) header.HeaderValue = value;
        }
      }
      await cloudfront.send(new UpdateDistributionCommand({ Id: distributionId, IfMatch: ETag, DistributionConfig: config }));
    },

    async testSecret(event) {
      const value = await pendingValue(event);
      const { DistributionConfig: config } = await cloudfront.send(new GetDistributionConfigCommand({ Id: distributionId }));
      const sent = config ? headerValues(config, headerName) : [];
      if (sent.length === 0 || sent.some((each) => each !== value))
        throw new Error(`Distribution ${distributionId} does not send the pending origin secret yet`);
    },

    async finishSecret(event) {
      const { VersionIdsToStages: versions = {} } = await secrets.send(new DescribeSecretCommand({ SecretId: event.SecretId }));
      const current = Object.entries(versions).find(([, stages]) => stages.includes('AWSCURRENT'))?.[0];
      if (current === event.ClientRequestToken) return;
      await secrets.send(
        new UpdateSecretVersionStageCommand({
          SecretId: event.SecretId,
          VersionStage: 'AWSCURRENT',
          MoveToVersionId: event.ClientRequestToken,
          RemoveFromVersionId: current,
        }),
      );
    },
  };

  return (event) => steps[event.Step](event);
}

/** The Lambda's rotation: Secrets Manager in its region, CloudFront's global API (served from us-east-1). */
export function createOriginSecretRotationFor(region: string, distributionId: string, headerName: string): (event: RotationEvent) => Promise<void> {
  return createOriginSecretRotation({
    secrets: new SecretsManagerClient({ region }),
    cloudfront: new CloudFrontClient({ region: 'us-east-1' }),
    distributionId,
    headerName,
  });
}
