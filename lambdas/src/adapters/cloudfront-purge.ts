import { randomUUID } from 'node:crypto';
import { CloudFrontClient, CreateInvalidationCommand, type CloudFrontClientConfig } from '@aws-sdk/client-cloudfront';

/**
 * The CDN cache in front of the site (CloudFront; the local edge in local runs), which caches the public
 * answers that are the same for every visitor without a session: the routes with `cacheSeconds` and the
 * pages the page function server-renders (services/pages/serve-page.ts). A moderation or an erasure that changes such
 * an answer purges its cached responses, so that a hidden provider or a removed review is gone at once rather than when
 * their max age ends. Changes people make to their own things (a profile, a job of their own, a membership that
 * lists or unlists them) wait for it: a server-rendered search is at most 5 minutes old, and the app asks again once live.
 */
export interface PublicCache {
  /**
   * Drops the cached responses under these paths (CloudFront invalidation paths: a `*` only at the end, where
   * it matches any characters, query strings too). Never rejects: a purge that fails is logged, and the
   * responses' max age bounds how long they stay.
   */
  purge(paths: readonly string[]): Promise<void>;
}

/** A cache that keeps nothing: the Vite dev server's runs and tests that do not look at purges. */
const NO_PUBLIC_CACHE: PublicCache = { purge: () => Promise.resolve() };

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
export function publicCacheFor(
  distributionId: string | undefined,
  onError: CloudFrontPurgeOptions['onError'],
  client: CloudFrontClientConfig = {},
): PublicCache {
  if (!distributionId) return NO_PUBLIC_CACHE;
  // CloudFront's API lives in us-east-1 whatever the region of the caller.
  return createCloudFrontPurge({ client: new CloudFrontClient({ region: 'us-east-1', maxAttempts: 2, ...client }), distributionId, onError });
}
