import { SECURITY_MESSAGES } from '@solutionz/shared';
import { toaster } from '@/components/ui/toaster';
import type { SessionEndReason } from '@/lib/auth/session-ended-signal';

/** Why the person was just signed out: the API refused their session (deactivated account, or ended elsewhere). */
export function showSessionEndedNotice(reason: SessionEndReason): void {
  toaster.error({
    id: `session-ended-${reason}`,
    title: reason === 'deactivated' ? SECURITY_MESSAGES.deactivated : SECURITY_MESSAGES.sessionRevoked,
  });
}
