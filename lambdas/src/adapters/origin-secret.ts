import { GetSecretValueCommand, ResourceNotFoundException, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

/** The secret's values now in force: the current one and, while it is being rotated, the next and the previous. */
export type OriginSecretValues = () => Promise<readonly string[]>;

/**
 * The stages a rotation moves the origin secret through (the Web stack's rotation function): CloudFront
 * may send the pending value while its new configuration spreads, and the previous one until it has.
 */
const ORIGIN_SECRET_STAGES = ['AWSCURRENT', 'AWSPENDING', 'AWSPREVIOUS'] as const;

/** The origin secret's values from Secrets Manager; a stage no version holds (no rotation under way) is skipped. */
export function secretsManagerOriginSecret(client: SecretsManagerClient, secretId: string): OriginSecretValues {
  return async () => {
    const values = await Promise.all(
      ORIGIN_SECRET_STAGES.map(async (VersionStage) => {
        try {
          const answer = await client.send(new GetSecretValueCommand({ SecretId: secretId, VersionStage }));
          return answer.SecretString;
        } catch (error) {
          if (VersionStage !== 'AWSCURRENT' && error instanceof ResourceNotFoundException) return undefined;
          throw error;
        }
      }),
    );
    return values.filter((value): value is string => value !== undefined);
  };
}

export function secretsManagerOriginSecretFor(region: string, secretId: string): OriginSecretValues {
  return secretsManagerOriginSecret(new SecretsManagerClient({ region }), secretId);
}
