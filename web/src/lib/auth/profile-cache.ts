import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { MeResponse } from '@solutionz/shared';
import { profileQueryKey } from './profile-key';

/**
 * Puts what the API answered into the session's cached profile, so the header, the avatar menu and
 * every screen show a change at once, without reading GET /api/me again.
 */
export function useProfileCache() {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      replace(profile: MeResponse) {
        queryClient.setQueryData(profileQueryKey(profile.userId), profile);
      },
      patch(userId: string, changes: Partial<MeResponse>) {
        queryClient.setQueryData<MeResponse>(profileQueryKey(userId), (cached) => (cached ? { ...cached, ...changes } : cached));
      },
    }),
    [queryClient],
  );
}
