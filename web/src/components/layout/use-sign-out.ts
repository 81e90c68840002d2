import { useNavigate } from 'react-router-dom';
import { MESSAGES, TOAST } from '@solutionz/shared';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useAuthActions } from '@/lib/auth/session';

/** Sign Out (spec 01 section 4.10): the success toast and the home page, or the failure toast. */
export function useSignOut(): () => Promise<void> {
  const { signOut } = useAuthActions();
  const navigate = useNavigate();
  return async () => {
    try {
      await signOut();
      toaster.success({ ...MESSAGES.signOut.success, duration: TOAST.signOutDurationMs });
      navigate(paths.home);
    } catch (error) {
      console.error('Sign out failed', error);
      toaster.error({ ...MESSAGES.signOut.failure, duration: TOAST.signOutDurationMs });
    }
  };
}
