import { useNavigate } from 'react-router-dom';
import { MESSAGES, TOAST } from '@solutionz/shared';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useAuthActions } from '@/lib/auth/session';

/**
 * Sign Out (docs/product/accounts.md#sessions): the success toast and the home page, or the failure toast (the admin
 * console's Logout says it in its own words).
 */
export function useSignOut(failure: { title: string; description?: string } = MESSAGES.signOut.failure): () => Promise<void> {
  const { signOut } = useAuthActions();
  const navigate = useNavigate();
  return async () => {
    try {
      await signOut();
      toaster.success({ ...MESSAGES.signOut.success, duration: TOAST.signOutDurationMs });
      // At once, before the end of the session renders: the page being left may be for signed-in visitors only, and its
      // guard would send the browser to the login page first.
      navigate(paths.home, { flushSync: true });
    } catch (error) {
      console.error('Sign out failed', error);
      toaster.error({ ...failure, duration: TOAST.signOutDurationMs });
    }
  };
}
