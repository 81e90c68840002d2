import type { RouteSpec } from '@solutionz/shared';
import type { AuthorizedCaller, Caller } from '../auth/caller';
import type { AccountStandingReader } from '../data/account-standing';
import { hasActiveMembership } from '../data/listing-rule';
import { AccountDeactivatedError, EmailNotConfirmedError, ForbiddenError, SessionRevokedError, UnauthorizedError } from '../errors';
import { MESSAGES } from '@solutionz/shared';

/**
 * Enforces a route's `access` rule before its input is validated, so callers without access learn
 * nothing of the schema. The token only proves who is calling (the HTTP API's JWT authorizer checked
 * it); what they may do comes from their profile, read on every signed-in request: a deleted account,
 * a token issued before the account signed out everywhere, a deactivated account, the wrong account
 * type, a provider without a running membership and, on routes that act on others, an address not yet
 * confirmed are refused here. Ownership rules belong to the services.
 */
export async function authorize(
  route: Pick<RouteSpec, 'access' | 'forbiddenMessage' | 'confirmedEmail'>,
  caller: Caller,
  standingOf: AccountStandingReader | undefined,
  now: Date,
): Promise<Caller> {
  const { access, forbiddenMessage } = route;
  if (access === 'public') return caller;
  if (caller.kind === 'anonymous') throw new UnauthorizedError();
  if (!standingOf) throw new Error('A route that is not public needs the account standing reader');
  const standing = await standingOf(caller.userId);
  if (!standing) throw new SessionRevokedError();
  // Deactivation also ends the sessions: the person is told why (deactivated) rather than only that they were signed out.
  if (!standing.isActive) throw new AccountDeactivatedError();
  if (standing.sessionsValidAfter !== undefined && (caller.issuedAt ?? 0) < standing.sessionsValidAfter) throw new SessionRevokedError();
  const authorized: AuthorizedCaller = {
    ...caller,
    accountType: standing.accountType,
    subscribed: standing.accountType === 'provider' && hasActiveMembership(standing, now),
    emailConfirmed: standing.emailConfirmed,
  };
  switch (access) {
    case 'signedIn':
      break;
    case 'client':
    case 'provider':
    case 'admin':
      if (authorized.accountType !== access) throw new ForbiddenError(forbiddenMessage);
      break;
    case 'subscribedProvider':
      if (authorized.accountType !== 'provider') throw new ForbiddenError(forbiddenMessage);
      if (!authorized.subscribed) throw new ForbiddenError(MESSAGES.api.subscriptionRequired);
      break;
  }
  if (route.confirmedEmail && !authorized.emailConfirmed) throw new EmailNotConfirmedError();
  return authorized;
}
