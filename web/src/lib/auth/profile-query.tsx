import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { MeResponse } from '@solutionz/shared';
import { profileQueryKey, type ProfileReport } from './profile-key';

export interface ProfileQueryProps {
  readonly userId: string;
  readonly fetchProfile: () => Promise<MeResponse>;
  readonly onReport: (report: ProfileReport) => void;
}

/** GET /api/me for the signed-in user, kept in the query cache; renders nothing and reports each change to the SessionProvider. */
export default function ProfileQuery({ userId, fetchProfile, onReport }: ProfileQueryProps) {
  const { data, status } = useQuery({ queryKey: profileQueryKey(userId), queryFn: fetchProfile });
  useEffect(() => onReport({ userId, data, status }), [userId, data, status, onReport]);
  return null;
}
