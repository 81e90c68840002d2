import { MESSAGES, type Access } from '@solutionz/shared';
import { hasGroup, type Caller } from '../auth/caller';
import { ForbiddenError, UnauthorizedError } from '../errors';
import type { SubscriptionCheck } from './types';

/**
 * Enforces a route's `access` rule. Groups come from the token; ownership rules belong to the
 * services. Runs before input validation so that callers without access learn nothing of the schema.
 */
export async function enforceAccess<D>(
  access: Access,
  caller: Caller,
  deps: () => Promise<D>,
  isSubscribed: SubscriptionCheck<D> | undefined,
): Promise<void> {
  if (access === 'public') return;
  if (caller.kind === 'anonymous') throw new UnauthorizedError();
  switch (access) {
    case 'signedIn':
      return;
    case 'client':
    case 'provider':
    case 'admin':
      if (!hasGroup(caller, access)) throw new ForbiddenError();
      return;
    case 'subscribedProvider':
      if (!hasGroup(caller, 'provider')) throw new ForbiddenError();
      if (!isSubscribed) throw new Error('A subscribedProvider route needs a subscription check');
      if (!(await isSubscribed(caller, await deps()))) throw new ForbiddenError(MESSAGES.api.subscriptionRequired);
      return;
  }
}
