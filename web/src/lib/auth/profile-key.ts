import type { MeResponse } from '@solutionz/shared';
import type { ProfileStatus } from './session-types';

/** Every cached profile lives under this key, so a sign-out can drop them all at once. */
export const PROFILE_KEY = 'me';
export const profileQueryKey = (userId: string) => [PROFILE_KEY, userId] as const;

/** What the profile query last said about one user. */
export interface ProfileReport {
  readonly userId: string;
  readonly data?: MeResponse;
  readonly status: ProfileStatus;
}
