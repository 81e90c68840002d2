import { profileRoutes } from '@solutionz/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useProfileCache } from '@/lib/auth/profile-cache';

/** The security tab's calls (every control real). Each answers only to its own dialog. */

export function useRequestEmailChange() {
  return useMutation({ mutationFn: (body: { newEmail: string; currentPassword: string }) => apiRequest(profileRoutes.requestEmailChange, { body }) });
}

/** Single-use: sent only when the person presses the page's button, never by opening the link. */
export function useConfirmEmailChange() {
  return useMutation({ mutationFn: (token: string) => apiRequest(profileRoutes.confirmEmailChange, { body: { token } }) });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string; confirmPassword: string }) => apiRequest(profileRoutes.changePassword, { body }),
  });
}

/** A new authenticator secret: the server asks Cognito for it by signing in with the password. */
export function useSetupTotp() {
  return useMutation({ mutationFn: (body: { password: string }) => apiRequest(profileRoutes.setupTotp, { body }) });
}

export function useEnableTotp(userId: string) {
  const cache = useProfileCache();
  return useMutation({
    mutationFn: (body: { password: string; code: string }) => apiRequest(profileRoutes.enableTotp, { body }),
    onSuccess: ({ mfaEnabled }) => cache.patch(userId, { mfaEnabled }),
  });
}

export function useDisableTotp(userId: string) {
  const cache = useProfileCache();
  return useMutation({
    mutationFn: (body: { password: string; code: string }) => apiRequest(profileRoutes.disableTotp, { body }),
    onSuccess: ({ mfaEnabled }) => cache.patch(userId, { mfaEnabled }),
  });
}

export function useSignOutEverywhere() {
  return useMutation({ mutationFn: () => apiRequest(profileRoutes.signOutEverywhere) });
}

const MY_DATA_FILE_NAME = 'solutionz-my-data.json';

/** GET /api/me/export, saved by the browser as a JSON file. */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => {
      const data = await apiRequest(profileRoutes.exportMyData);
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = MY_DATA_FILE_NAME;
      document.body.append(link);
      link.click();
      link.remove();
      // The browser has taken the file by the next task; the object URL is no longer needed.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    },
  });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: (password: string) => apiRequest(profileRoutes.deleteAccount, { body: { password } }) });
}
