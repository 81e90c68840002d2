import { GetSecretValueCommand, ResourceNotFoundException, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { secretsManagerOriginSecret } from './origin-secret';

const SECRET_ARN = 'arn:aws:secretsmanager:eu-west-2:123456789012:secret:solutionz-prod-origin-AbCdEf';
const missing = () => new ResourceNotFoundException({ message: "Secrets Manager can't find the specified secret version.", $metadata: {} });

describe('origin secret from Secrets Manager', () => {
  it('reads the current, pending and previous values of a rotation under way', async () => {
    const client = new SecretsManagerClient({ region: 'eu-west-2' });
    const mock = mockClient(client);
    mock.on(GetSecretValueCommand, { SecretId: SECRET_ARN, VersionStage: 'AWSCURRENT' }).resolves({ SecretString: 'current' });
    mock.on(GetSecretValueCommand, { SecretId: SECRET_ARN, VersionStage: 'AWSPENDING' }).resolves({ SecretString: 'pending' });
    mock.on(GetSecretValueCommand, { SecretId: SECRET_ARN, VersionStage: 'AWSPREVIOUS' }).resolves({ SecretString: 'previous' });
    expect(await secretsManagerOriginSecret(client, SECRET_ARN)()).toEqual(['current', 'pending', 'previous']);
  });

  it('skips the stages no version holds (no rotation under way, none before)', async () => {
    const client = new SecretsManagerClient({ region: 'eu-west-2' });
    const mock = mockClient(client);
    mock.on(GetSecretValueCommand).rejects(missing());
    mock.on(GetSecretValueCommand, { SecretId: SECRET_ARN, VersionStage: 'AWSCURRENT' }).resolves({ SecretString: 'current' });
    expect(await secretsManagerOriginSecret(client, SECRET_ARN)()).toEqual(['current']);
  });

  it('fails when the current value cannot be read, rather than admitting nothing quietly', async () => {
    const client = new SecretsManagerClient({ region: 'eu-west-2' });
    mockClient(client).on(GetSecretValueCommand).rejects(missing());
    await expect(secretsManagerOriginSecret(client, SECRET_ARN)()).rejects.toBeInstanceOf(ResourceNotFoundException);
  });
});
