import type { PublicCache } from '../adapters/cloudfront-purge';

/** A public cache that records each purge's paths, in order. */
export function recordingPublicCache(): PublicCache & { readonly purges: string[][] } {
  const purges: string[][] = [];
  return {
    purges,
    purge: (paths) => {
      purges.push([...paths]);
      return Promise.resolve();
    },
  };
}
