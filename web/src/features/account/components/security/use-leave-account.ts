import { useNavigate } from 'react-router-dom';
import { TOAST } from '@solutionz/shared';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useAuthActions } from '@/lib/auth/session';

/**
 * After the API has ended every session (sign out everywhere) or removed the account: this browser
 * drops its tokens too, says so, and goes home. The tokens are already refused, so a failure to
 * revoke them here changes nothing.
 */
export function useLeaveAccount() {
  const { signOut } = useAuthActions();
  const navigate = useNavigate();
  return async (message: { title: string; description: string }) => {
    await signOut().catch((error: unknown) => console.error('Could not clear the session in this browser', error));
    toaster.success({ ...message, duration: TOAST.signOutDurationMs });
    // At once, before the end of the session renders: the account page's guard would send the browser to the login page first.
    navigate(paths.home, { flushSync: true });
  };
}
