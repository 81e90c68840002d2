import { createHash, timingSafeEqual } from 'node:crypto';
import type { OriginSecretValues } from '../adapters/origin-secret';

/**
 * CloudFront adds this header, with a secret value, to every request it sends the API (the Web stack's
 * origin custom header; the local edge does the same). The HTTP API's own execute-api address can be
 * called by anyone, and a request that went round CloudFront would also go round its web ACL and the
 * viewer-address function the per-person limits rely on: every API function refuses a request without it.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

export interface OriginGuard {
  /** Whether the header value is one of the secret's values, compared in constant time. */
  admits(headerValue: string | undefined): Promise<boolean>;
}

export interface OriginGuardOptions {
  /** How long the values read are trusted before they are read again (a rotation is picked up within it). */
  readonly ttlMs?: number;
  /**
   * A header that matches none of the values read makes the guard read them again, at most this often:
   * CloudFront may send a new value before this instance's copy expires.
   */
  readonly recheckAfterMs?: number;
  readonly now?: () => number;
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

function matchesAny(values: readonly string[], candidate: string): boolean {
  const given = digest(candidate);
  // Every value is compared, so the time taken does not tell which one (or whether any) matched.
  return values.reduce((found, value) => timingSafeEqual(digest(value), given) || found, false);
}

export function createOriginGuard(read: OriginSecretValues, options: OriginGuardOptions = {}): OriginGuard {
  const ttlMs = options.ttlMs ?? 5 * 60_000;
  const recheckAfterMs = options.recheckAfterMs ?? 30_000;
  const now = options.now ?? Date.now;
  let cached: { values: Promise<readonly string[]>; readAt: number } | undefined;

  const load = (): Promise<readonly string[]> => {
    const values = read().then((found) => found.filter((value) => value.length > 0));
    cached = { values, readAt: now() };
    // A failed read is tried again by the next request rather than kept.
    values.catch(() => {
      if (cached?.values === values) cached = undefined;
    });
    return values;
  };

  return {
    async admits(headerValue) {
      if (!headerValue) return false;
      const fresh = cached && now() - cached.readAt < ttlMs ? cached : undefined;
      const values = await (fresh?.values ?? load());
      if (matchesAny(values, headerValue)) return true;
      if (fresh && now() - fresh.readAt >= recheckAfterMs) return matchesAny(await load(), headerValue);
      return false;
    },
  };
}

/** A secret given by value (the local stack, tests): nothing to rotate. */
export function staticOriginSecret(value: string): OriginSecretValues {
  return async () => [value];
}
