import { ACCOUNT_TYPES, type AccountType } from '@solutionz/shared';

export interface SignedInCaller {
  readonly kind: 'signedIn';
  /** Cognito `sub`. */
  readonly userId: string;
  /** Present in id tokens; Cognito access tokens carry no e-mail. */
  readonly email?: string;
  readonly groups: readonly AccountType[];
  /** The token's `iat` (epoch seconds), to refuse tokens from before a sign-out everywhere. */
  readonly issuedAt?: number;
  /**
   * The token's `auth_time` (epoch seconds): when the person signed in. Cognito keeps it through token
   * refreshes, so it names the sign-in (the session) the token belongs to.
   */
  readonly authTime?: number;
}

/**
 * A signed-in caller after the access check, as the profile says they stand now (docs/architecture.md#identity:
 * the profile, not the token's groups, decides the account type).
 */
export interface AuthorizedCaller extends SignedInCaller {
  readonly accountType: AccountType;
  /** A provider whose membership is running. */
  readonly subscribed: boolean;
  /** The account's e-mail address is confirmed (the link opened): it may act on others. */
  readonly emailConfirmed: boolean;
}
interface AnonymousCaller {
  readonly kind: 'anonymous';
}
export type Caller = SignedInCaller | AnonymousCaller;

const ANONYMOUS: AnonymousCaller = Object.freeze({ kind: 'anonymous' });

/** What API Gateway's JWT authorizer puts in `requestContext.authorizer.jwt.claims`. */
export type JwtClaims = Readonly<Record<string, string | number | boolean | readonly string[] | undefined>>;

const knownGroups: ReadonlySet<string> = new Set(ACCOUNT_TYPES);

/**
 * `cognito:groups` arrives as a real array from a verifier, but API Gateway flattens array claims
 * into strings: `[client provider]`, and some paths give JSON text `["client","provider"]` or a
 * bare `admin`. Every form is read here and nowhere else.
 */
export function parseGroups(value: JwtClaims[string]): AccountType[] {
  let names: string[];
  if (Array.isArray(value)) {
    names = value.map(String);
  } else if (typeof value === 'string') {
    const inner = value.trim().replace(/^\[/, '').replace(/\]$/, '');
    names = inner.split(/[\s,]+/).map((name) => name.replace(/^["']|["']$/g, ''));
  } else {
    names = [];
  }
  const groups = names.filter((name): name is AccountType => knownGroups.has(name));
  return [...new Set(groups)];
}

export function callerFromClaims(claims: JwtClaims | undefined): Caller {
  const sub = claims?.sub;
  if (typeof sub !== 'string' || sub === '') return ANONYMOUS;
  const email = typeof claims?.email === 'string' && claims.email !== '' ? claims.email : undefined;
  // API Gateway passes every claim as a string.
  const issuedAt = Number(claims?.iat);
  const authTime = Number(claims?.auth_time);
  return {
    kind: 'signedIn',
    userId: sub,
    ...(email ? { email } : {}),
    groups: parseGroups(claims?.['cognito:groups']),
    ...(Number.isFinite(issuedAt) && issuedAt > 0 ? { issuedAt } : {}),
    ...(Number.isFinite(authTime) && authTime > 0 ? { authTime } : {}),
  };
}
