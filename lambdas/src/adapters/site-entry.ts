import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { withoutSdkLogging } from './sdk-logging';

/** The site bucket's app shell (index.html), which the deployment replaces on every release. */
export const SITE_ENTRY_KEY = 'index.html';

/**
 * Reads the built index.html from the site bucket for the page function, keeping it for `maxAgeMs` so
 * a warm function reads S3 about once a minute and a new release shows through soon after its deploy
 * (the files an older shell names stay in the bucket: the deployment never prunes them).
 */
export function siteEntryReader(region: string, bucket: string, maxAgeMs = 60_000, now: () => number = Date.now): () => Promise<string> {
  const client = withoutSdkLogging(new S3Client({ region }));
  let kept: { html: Promise<string>; readAt: number } | undefined;
  return () => {
    if (!kept || now() - kept.readAt > maxAgeMs) {
      const html = client
        .send(new GetObjectCommand({ Bucket: bucket, Key: SITE_ENTRY_KEY }))
        .then(async (object) => (await object.Body?.transformToString('utf-8')) ?? '');
      const entry = { html, readAt: now() };
      kept = entry;
      // A failed read is not kept: the next request tries again.
      html.catch(() => {
        if (kept === entry) kept = undefined;
      });
    }
    return kept.html;
  };
}
