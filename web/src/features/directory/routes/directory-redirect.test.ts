import { describe, expect, it } from 'vitest';
import type { SessionState } from '@/lib/auth/session-types';
import { directoryListState, nearMeState } from '@/lib/directory-url';
import { fakeProfile } from '@/testing/fake-auth';
import { ownPageInsteadOfList } from './directory-page';

const signedIn = (accountType: 'client' | 'provider' | 'admin', withProfile = true): SessionState => ({
  status: 'signedIn',
  user: { userId: 'u-1', groups: [accountType] },
  profile: withProfile ? fakeProfile({ userId: 'u-1', accountType }) : undefined,
  profileStatus: withProfile ? 'success' : 'pending',
});

describe('/directory without a search', () => {
  it('sends a signed-in provider to their own page, also before their profile has arrived', () => {
    expect(ownPageInsteadOfList(signedIn('provider'), '', null)).toBe('/directory/u-1');
    expect(ownPageInsteadOfList(signedIn('provider', false), '', undefined)).toBe('/directory/u-1');
  });

  it('keeps the list for visitors, clients and admins', () => {
    expect(ownPageInsteadOfList({ status: 'signedOut' }, '', null)).toBeUndefined();
    expect(ownPageInsteadOfList({ status: 'loading' }, '', null)).toBeUndefined();
    expect(ownPageInsteadOfList(signedIn('client'), '', null)).toBeUndefined();
    expect(ownPageInsteadOfList(signedIn('admin'), '', null)).toBeUndefined();
  });

  it('keeps the list for a provider who searches, or who followed a link to the list itself', () => {
    expect(ownPageInsteadOfList(signedIn('provider'), '?service=plumber', null)).toBeUndefined();
    expect(ownPageInsteadOfList(signedIn('provider'), '', directoryListState)).toBeUndefined();
    expect(ownPageInsteadOfList(signedIn('provider'), '', nearMeState({ latitude: 53.8, longitude: -1.55 }))).toBeUndefined();
  });
});
