import { ADMIN_CONSOLE_MESSAGES } from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import { AdminMfaRequiredError } from '../../errors';
import type { AdminConsoleDeps } from './deps';

/**
 * The admin 2-step rule: where the stage requires it, an admin route answers only an admin whose sign-in
 * asks for an authenticator code. Cognito is asked on every admin request (one AdminGetUser), not the
 * profile's `mfaEnabled`, which is a copy for display that an admin call at Cognito can leave behind. No
 * cache: admin requests are few, well inside Cognito's read quota, and 2-step turned off must count at once.
 */
export async function requireAdminTwoStep(deps: Pick<AdminConsoleDeps, 'identity' | 'config'>, caller: AuthorizedCaller): Promise<void> {
  if (!deps.config.requireAdminMfa) return;
  if (!(await deps.identity.hasTwoStep(caller.userId))) throw new AdminMfaRequiredError(ADMIN_CONSOLE_MESSAGES.mfaRequired);
}
