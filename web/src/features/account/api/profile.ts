import { profileRoutes } from '@solutionz/shared';
import { useMutation } from '@tanstack/react-query';
import type { NotificationSettingsUpdate, ProfileUpdate } from '@solutionz/shared';
import { apiRequest } from '@/lib/api-client';
import { useProfileCache } from '@/lib/auth/profile-cache';

/** PATCH /api/me/profile: the answer is the whole profile, which the header and every screen show at once. */
export function useUpdateProfile() {
  const cache = useProfileCache();
  return useMutation({
    mutationFn: (body: ProfileUpdate) => apiRequest(profileRoutes.updateProfile, { body }),
    onSuccess: (profile) => cache.replace(profile),
  });
}

/** PUT /api/me/notifications: Job Alerts (providers) or Provider Updates (clients). */
export function useUpdateNotificationSettings(userId: string) {
  const cache = useProfileCache();
  return useMutation({
    mutationFn: (body: NotificationSettingsUpdate) => apiRequest(profileRoutes.updateNotificationSettings, { body }),
    onSuccess: (notifications) => cache.patch(userId, { notifications }),
  });
}
