import { accountRoutes, profileRoutes, type MeResponse } from '@solutionz/shared';
import { apiRequest } from '../api-client';

/** The session's two API calls, in a chunk of their own: the API client and these routes' schemas (zod) stay out of the entry. */
export function fetchProfile(): Promise<MeResponse> {
  return apiRequest(accountRoutes.getMe);
}

/**
 * Tells the API this device's session ends (POST /api/me/sign-out: the admin analytics' active sessions),
 * while the tokens still work.
 */
export async function endSession(): Promise<void> {
  await apiRequest(profileRoutes.signOut);
}
