import { randomUUID } from 'node:crypto';
import { CloudFrontClient, CreateInvalidationCommand, type CloudFrontClientConfig } from '@aws-sdk/client-cloudfront';
import { NO_PUBLIC_CACHE, type PublicCache } from '../services/public-copies';

interface CloudFrontPurgeOptions {
  readonly client: CloudFrontClient;
  /** The web distribution (Web stack). */
  readonly distributionId: string;
  /** Told of a purge that failed; the moderation that asked for it has succeeded all the same. */
  readonly onError: (message: string, error: Error | string) => void;
}

/** One invalidation for the paths a change affects (CloudFront's limit is 3,000 paths in progress, 15 of them wildcards). */
function createCloudFrontPurge(options: CloudFrontPurgeOptions): PublicCache {
  return {
    async purge(paths) {
      if (paths.length === 0) return;
      try {
        await options.client.send(
          new CreateInvalidationCommand({
            DistributionId: options.distributionId,
            InvalidationBatch: { CallerReference: randomUUID(), Paths: { Quantity: paths.length, Items: [...paths] } },
          }),
        );
      } catch (error) {
        options.onError(`Purging ${paths.join(', ')} from the distribution ${options.distributionId} failed`, error instanceof Error ? error : String(error));
      }
    },
  };
}

/**
 * The purge of an area function: CloudFront's when it is told the distribution (DISTRIBUTION_ID; the local
 * stack points AWS_ENDPOINT_URL_CLOUDFRONT at its edge, which answers CreateInvalidation), none otherwise.
 * `client` settings are for tests that call an edge of their own.
 */
export function publicCacheFor(distributionId: string | undefined, onError: CloudFrontPurgeOptions['onError'], client: CloudFrontClientConfig = {}): PublicCache {
  if (!distributionId) return NO_PUBLIC_CACHE;
  // CloudFront's API lives in us-east-1 whatever the region of the caller.
  return createCloudFrontPurge({ client: new CloudFrontClient({ region: 'us-east-1', maxAttempts: 2, ...client }), distributionId, onError });
}
