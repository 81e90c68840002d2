import type { MeResponse } from '@solutionz/shared';
import type { AuthClient, AuthEvent, SessionUser } from '@/lib/auth/session-types';

export interface FakeAccount {
  readonly password: string;
  readonly user: SessionUser;
  readonly profile: MeResponse;
}

/** A profile as GET /api/me returns it, with the fields a test cares about overridden. */
export function fakeProfile(overrides: Partial<MeResponse> = {}): MeResponse {
  const firstName = overrides.firstName ?? 'Chloe';
  const lastName = overrides.lastName ?? 'Clarke';
  return {
    userId: 'user-1',
    email: 'chloe@example.com',
    accountType: 'client',
    firstName,
    lastName,
    displayName: `${firstName} ${lastName}`.trim() || (overrides.email ?? 'chloe@example.com'),
    location: 'Manchester',
    phoneNumber: null,
    businessName: null,
    categories: [],
    emailConfirmed: true,
    emailConfirmedAt: '2025-01-01T00:00:00.000Z',
    isActive: true,
    isVisible: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    subscription: { isSubscribed: false, tier: 'none', expiresAt: null, cancelAtPeriodEnd: false },
    ...overrides,
  };
}

export function fakeAccount(profile: Partial<MeResponse> = {}, password = 'Correct-horse-1'): FakeAccount {
  const full = fakeProfile(profile);
  return { password, profile: full, user: { userId: full.userId, email: full.email, groups: [full.accountType] } };
}

/**
 * An in-memory identity provider with the AuthClient contract: accounts by e-mail, one current
 * user, and the auth events Amplify would send. `fetchProfile` answers GET /api/me for the current user.
 */
export function createFakeAuth({ accounts = [], signedInAs }: { accounts?: readonly FakeAccount[]; signedInAs?: FakeAccount } = {}) {
  let current: FakeAccount | null = signedInAs ?? null;
  const listeners = new Set<(event: AuthEvent) => void>();
  const emit = (event: AuthEvent) => listeners.forEach((listener) => listener(event));
  const known = signedInAs ? [signedInAs, ...accounts] : [...accounts];
  let profileOverride: Partial<MeResponse> = {};

  const auth: AuthClient = {
    currentUser: () => Promise.resolve(current?.user ?? null),
    signIn(email, password) {
      const account = known.find((candidate) => candidate.user.email === email.trim().toLowerCase());
      if (!account || account.password !== password) {
        return Promise.reject(Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' }));
      }
      current = account;
      emit({ type: 'signedIn' });
      return Promise.resolve();
    },
    signOut() {
      current = null;
      emit({ type: 'signedOut' });
      return Promise.resolve();
    },
    onAuthEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const fetchProfile = () =>
    current ? Promise.resolve({ ...current.profile, ...profileOverride }) : Promise.reject(new Error('401 Authentication required'));

  return {
    auth,
    fetchProfile,
    emit,
    /** Changes what GET /api/me answers from now on (e.g. the address got confirmed elsewhere). */
    updateProfile(overrides: Partial<MeResponse>) {
      profileOverride = { ...profileOverride, ...overrides };
    },
  };
}

export type FakeAuth = ReturnType<typeof createFakeAuth>;
