import { JwtVerifier } from 'aws-jwt-verify';
import type { Jwks } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';

/** What the gateway needs from an authorizer: the token's claims, or a throw for any bad token. */
export interface TokenVerifier {
  verify(token: string): Promise<JwtPayload>;
}

export interface JwtAuthorizerOptions {
  /** `<cognito url>/<poolId>`, exactly as the tokens carry it. */
  readonly issuer: string;
  /** The app client id: the authorizer's audience. */
  readonly audience: string;
  /** The pool's signing keys (cognito-local serves them over http, which aws-jwt-verify will not fetch). */
  readonly jwks: Jwks;
}

/**
 * Checks a token as the HTTP API JWT authorizer does: RSA signature from the issuer's keys (by `kid`),
 * `iss` equal to the issuer, not expired and not before `nbf`, and `aud` (or, when a token has no
 * `aud`, as Cognito access tokens do not, `client_id`) naming the audience.
 */
export function createJwtAuthorizer(opts: JwtAuthorizerOptions): TokenVerifier {
  const verifier = JwtVerifier.create({
    issuer: opts.issuer,
    // The audience rule is API Gateway's, not aws-jwt-verify's `aud`-only check: see customJwtCheck.
    audience: null,
    jwksUri: `${opts.issuer}/.well-known/jwks.json`,
    customJwtCheck: ({ header, payload }) => {
      if (!header.alg?.startsWith('RS')) throw new Error(`Unsupported algorithm ${header.alg}`);
      const audiences = payload.aud === undefined ? [payload.client_id] : [payload.aud].flat();
      if (!audiences.includes(opts.audience)) throw new Error('Token audience does not match');
    },
  });
  verifier.cacheJwks(opts.jwks);
  return {
    // verifySync only uses the cached keys: a token naming an unknown `kid` fails instead of fetching.
    verify: async (token) => verifier.verifySync(token),
  };
}

/**
 * Fetches a JWKS over plain http, as the local Cognito emulator serves it. The emulator answers slowly while it is busy
 * (creating the demo accounts on a loaded machine), so a request that times out is tried again, three times in all.
 */
export async function fetchJwks(url: string, { attempts = 3, timeoutMs = 10_000 } = {}): Promise<Jwks> {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) throw new Error(`Could not fetch signing keys from ${url}: HTTP ${response.status}`);
      return (await response.json()) as Jwks;
    } catch (error) {
      if (attempt >= attempts || !(error instanceof DOMException && error.name === 'TimeoutError')) throw error;
    }
  }
}
