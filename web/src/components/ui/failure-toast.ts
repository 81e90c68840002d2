import { endsSession } from '@/lib/api-client';
import { toaster } from './toaster';

/**
 * The toast for an action the API refused, unless the refusal ended the session (the account was
 * deactivated, or signed out everywhere): the sign-out notice then says why, and says it once.
 */
export function toastFailure(error: unknown, toast: Parameters<typeof toaster.error>[0]): void {
  if (!endsSession(error)) toaster.error(toast);
}
