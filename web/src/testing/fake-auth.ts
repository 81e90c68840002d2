import { DEFAULT_NOTIFICATION_SETTINGS, EMPTY_SOCIAL_LINKS, type MeResponse } from '@solutionz/shared';
import type { AuthClient, AuthEvent, SessionUser } from '@/lib/auth/session-types';

export interface FakeAccount {
  readonly password: string;
  readonly user: SessionUser;
  readonly profile: MeResponse;
  /** With 2-step verification on: the one code its authenticator shows. */
  readonly totpCode?: string;
}

/** A profile as GET /api/me returns it, with the fields a test cares about overridden. */
function fakeProfile(overrides: Partial<MeResponse> = {}): MeResponse {
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
    place: { name: 'Manchester', lat: 53.48095, lng: -2.23743, precision: 'town' },
    phoneNumber: null,
    businessName: null,
    bio: null,
    skills: [],
    socialLinks: { ...EMPTY_SOCIAL_LINKS },
    categories: [],
    avatarUrl: null,
    notifications: DEFAULT_NOTIFICATION_SETTINGS,
    mfaEnabled: false,
    emailConfirmed: true,
    emailConfirmedAt: '2025-01-01T00:00:00.000Z',
    isActive: true,
    isVisible: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    subscription: { isSubscribed: false, tier: 'none', expiresAt: null, cancelAtPeriodEnd: false, paymentFailed: false },
    ...overrides,
  };
}

export function fakeAccount(profile: Partial<MeResponse> = {}, password = 'Correct-horse-1', totpCode?: string): FakeAccount {
  const full = fakeProfile({ mfaEnabled: totpCode !== undefined, ...profile });
  return { password, profile: full, user: { userId: full.userId, email: full.email, groups: [full.accountType] }, ...(totpCode ? { totpCode } : {}) };
}

const rejection = (name: string, message: string) => Promise.reject(Object.assign(new Error(message), { name }));

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
  // Password accepted, code not yet given.
  let awaitingCode: FakeAccount | null = null;

  const auth: AuthClient = {
    currentUser: () => Promise.resolve(current?.user ?? null),
    signIn(email, password) {
      const account = known.find((candidate) => candidate.user.email === email.trim().toLowerCase());
      if (!account || account.password !== password) return rejection('NotAuthorizedException', 'Incorrect username or password.');
      if (current) {
        current = null;
        emit({ type: 'signedOut' });
      }
      if (account.totpCode) {
        awaitingCode = account;
        return Promise.resolve('codeNeeded' as const);
      }
      current = account;
      emit({ type: 'signedIn' });
      return Promise.resolve('signedIn' as const);
    },
    confirmSignInWithCode(code) {
      if (!awaitingCode) return rejection('SignInException', 'There is no sign-in waiting for a code.');
      if (code !== awaitingCode.totpCode) return rejection('CodeMismatchException', 'Invalid code or auth state for the user.');
      current = awaitingCode;
      awaitingCode = null;
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
  const fetchProfile = () => (current ? Promise.resolve({ ...current.profile, ...profileOverride }) : Promise.reject(new Error('401 Authentication required')));

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
