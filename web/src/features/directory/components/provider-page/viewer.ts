import type { AccountType } from '@solutionz/shared';
import type { SessionState } from '@/lib/auth/session-types';

/**
 * Who is looking at a provider's page, which decides what it offers (docs/product/provider-profile.md): the
 * owner manages it; a client saves and leaves feedback; a signed-out visitor is asked to log in for
 * that; other providers and admins may save but leave no feedback. Until the viewer is known the page
 * offers what a visitor sees, with the actions that depend on who is looking held back.
 */
export type Viewer =
  | { readonly kind: 'visitor' }
  /** Not known yet (the session is being read) while the page is already shown: a page the server rendered arrives so. */
  | { readonly kind: 'pending' }
  | { readonly kind: 'owner'; readonly userId: string }
  | { readonly kind: 'client' | 'provider' | 'admin'; readonly userId: string };

/** The account type the profile says, or the tokens' groups while the profile is on its way. */
function accountTypeOf(session: Extract<SessionState, { status: 'signedIn' }>): AccountType | undefined {
  if (session.profile) return session.profile.accountType;
  return (['admin', 'provider', 'client'] as const).find((type) => session.user.groups.includes(type));
}

/** Undefined until the session is read. Only a provider owns a provider page: a client at their own id is a visitor like any other. */
export function viewerOf(session: SessionState, providerId: string): Viewer | undefined {
  if (session.status === 'loading') return undefined;
  if (session.status === 'signedOut') return { kind: 'visitor' };
  const accountType = accountTypeOf(session);
  const { userId } = session.user;
  if (accountType === 'provider' && userId === providerId) return { kind: 'owner', userId };
  return { kind: accountType ?? 'client', userId };
}
