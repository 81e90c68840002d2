/**
 * Uploaded files (docs/architecture.md#files): three private buckets, served to browsers under `/media/`
 * by CloudFront in the cloud and by the local edge on a developer's machine. An object's key is its
 * path on the site without the leading slash, so `/media/avatars/<user>/<file>` is the object
 * `media/avatars/<user>/<file>` of the avatars bucket, and no rewriting sits between the two.
 */
export const MEDIA_BUCKETS = ['avatars', 'portfolio', 'logos'] as const;
export type MediaBucketName = (typeof MEDIA_BUCKETS)[number];

export const MEDIA_PATH_PREFIX = '/media/';

/** The site path of a bucket's path pattern, e.g. `/media/avatars/*` (one CloudFront behaviour each). */
export const mediaPathPattern = (bucket: MediaBucketName) => `${MEDIA_PATH_PREFIX}${bucket}/*`;

/** The bucket and object key a `/media/...` path reads, or undefined for a path outside every bucket. */
export function mediaObjectOf(path: string): { bucket: MediaBucketName; key: string } | undefined {
  if (!path.startsWith(MEDIA_PATH_PREFIX)) return undefined;
  const bucket = MEDIA_BUCKETS.find((name) => path.startsWith(`${MEDIA_PATH_PREFIX}${name}/`));
  if (!bucket || path.length <= `${MEDIA_PATH_PREFIX}${bucket}/`.length) return undefined;
  return { bucket, key: path.slice(1) };
}
