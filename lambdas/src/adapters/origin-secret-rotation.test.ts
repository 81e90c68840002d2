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
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { createOriginSecretRotation, type RotationEvent } from './origin-secret-rotation';

/*
 * Neither Secrets Manager's rotation nor CloudFront has a local stand-in: both SDK clients are mocked,
 * with a distribution configuration shaped as the Web stack's (an API origin sending the header, S3 origins not).
 */

const SECRET = 'arn:aws:secretsmanager:eu-west-2:123456789012:secret:solutionz-prod-origin-AbCdEf';
const TOKEN = 'version-2';
const event = (Step: RotationEvent['Step']): RotationEvent => ({ SecretId: SECRET, ClientRequestToken: TOKEN, Step });

function distribution(headerValue: string): DistributionConfig {
  return {
    CallerReference: 'ref',
    Comment: 'Solutionz prod',
    Enabled: true,
    DefaultCacheBehavior: undefined as never,
    Origins: {
      Quantity: 2,
      Items: [
        { Id: 'site', DomainName: 'site.s3.eu-west-2.amazonaws.com' },
        {
          Id: 'api',
          DomainName: 'abc.execute-api.eu-west-2.amazonaws.com',
          CustomHeaders: { Quantity: 1, Items: [{ HeaderName: 'x-origin-verify', HeaderValue: headerValue }] },
        },
      ],
    },
  };
}

const notFound = () => new ResourceNotFoundException({ message: 'no such version', $metadata: {} });

describe('origin secret rotation', () => {
  const secrets = mockClient(new SecretsManagerClient({ region: 'eu-west-2' }));
  const cloudfront = mockClient(new CloudFrontClient({ region: 'us-east-1' }));
  let rotate: ReturnType<typeof createOriginSecretRotation>;

  beforeEach(() => {
    secrets.reset();
    cloudfront.reset();
    rotate = createOriginSecretRotation({
      secrets: secrets as unknown as SecretsManagerClient,
      cloudfront: cloudfront as unknown as CloudFrontClient,
      distributionId: 'E123',
      headerName: 'x-origin-verify',
    });
  });

  it('makes a new random value the pending version, once however often the step is called', async () => {
    secrets.on(GetSecretValueCommand).rejectsOnce(notFound()).resolves({ SecretString: 'made-before' });
    secrets.on(GetRandomPasswordCommand).resolves({ RandomPassword: 'n3wValue' });
    await rotate(event('createSecret'));
    await rotate(event('createSecret'));
    expect(secrets.commandCalls(GetRandomPasswordCommand)[0]!.args[0].input).toMatchObject({ ExcludePunctuation: true, IncludeSpace: false });
    expect(secrets.commandCalls(PutSecretValueCommand).map((call) => call.args[0].input)).toEqual([
      { SecretId: SECRET, ClientRequestToken: TOKEN, SecretString: 'n3wValue', VersionStages: ['AWSPENDING'] },
    ]);
  });

  it('tells CloudFront to send the pending value from the API origin only, guarding the update with the ETag', async () => {
    secrets.on(GetSecretValueCommand, { SecretId: SECRET, VersionId: TOKEN, VersionStage: 'AWSPENDING' }).resolves({ SecretString: 'pending' });
    cloudfront.on(GetDistributionConfigCommand).resolves({ DistributionConfig: distribution('current'), ETag: 'etag-1' });
    await rotate(event('setSecret'));
    const update = cloudfront.commandCalls(UpdateDistributionCommand)[0]!.args[0].input;
    expect(update).toMatchObject({ Id: 'E123', IfMatch: 'etag-1' });
    expect(update.DistributionConfig?.Origins?.Items?.[1]?.CustomHeaders?.Items).toEqual([{ HeaderName: 'x-origin-verify', HeaderValue: 'pending' }]);
    expect(update.DistributionConfig?.Origins?.Items?.[0]?.CustomHeaders).toBeUndefined();
  });

  it('leaves a distribution that sends the pending value already alone, and refuses one without the header', async () => {
    secrets.on(GetSecretValueCommand).resolves({ SecretString: 'pending' });
    cloudfront.on(GetDistributionConfigCommand).resolvesOnce({ DistributionConfig: distribution('pending'), ETag: 'etag-2' });
    await rotate(event('setSecret'));
    expect(cloudfront.commandCalls(UpdateDistributionCommand)).toHaveLength(0);

    const bare = distribution('x');
    bare.Origins!.Items![1]!.CustomHeaders = { Quantity: 0, Items: [] };
    cloudfront.on(GetDistributionConfigCommand).resolves({ DistributionConfig: bare, ETag: 'etag-3' });
    await expect(rotate(event('setSecret'))).rejects.toThrow(/No origin of distribution E123 sends the x-origin-verify header/);
  });

  it('passes the test only once the distribution sends the pending value', async () => {
    secrets.on(GetSecretValueCommand).resolves({ SecretString: 'pending' });
    cloudfront
      .on(GetDistributionConfigCommand)
      .resolvesOnce({ DistributionConfig: distribution('current') })
      .resolves({ DistributionConfig: distribution('pending') });
    await expect(rotate(event('testSecret'))).rejects.toThrow(/does not send the pending origin secret yet/);
    await expect(rotate(event('testSecret'))).resolves.toBeUndefined();
  });

  it('makes the pending version current, the old one previous', async () => {
    secrets.on(DescribeSecretCommand).resolves({ VersionIdsToStages: { 'version-1': ['AWSCURRENT'], [TOKEN]: ['AWSPENDING'] } });
    await rotate(event('finishSecret'));
    expect(secrets.commandCalls(UpdateSecretVersionStageCommand)[0]!.args[0].input).toEqual({
      SecretId: SECRET,
      VersionStage: 'AWSCURRENT',
      MoveToVersionId: TOKEN,
      RemoveFromVersionId: 'version-1',
    });

    secrets.reset();
    secrets.on(DescribeSecretCommand).resolves({ VersionIdsToStages: { [TOKEN]: ['AWSCURRENT'] } });
    await rotate(event('finishSecret'));
    expect(secrets.commandCalls(UpdateSecretVersionStageCommand)).toHaveLength(0);
  });
});
