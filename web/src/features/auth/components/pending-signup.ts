import type { SignupAccountType } from '@solutionz/shared';

/**
 * The address and account type of a sign-up awaiting confirmation, kept in session storage from
 * sign-up until the address is confirmed (docs/product/accounts.md#sign-up), so /confirm-email can name them.
 */
const EMAIL_KEY = 'solutionz.pendingSignup.email';
const TYPE_KEY = 'solutionz.pendingSignup.accountType';

export interface PendingSignup {
  readonly email: string | null;
  readonly accountType: SignupAccountType | null;
}

export function savePendingSignup(email: string, accountType: SignupAccountType): void {
  sessionStorage.setItem(EMAIL_KEY, email);
  sessionStorage.setItem(TYPE_KEY, accountType);
}

export function readPendingSignup(): PendingSignup {
  const type = sessionStorage.getItem(TYPE_KEY);
  return { email: sessionStorage.getItem(EMAIL_KEY), accountType: type === 'client' || type === 'provider' ? type : null };
}

export function clearPendingSignup(): void {
  sessionStorage.removeItem(EMAIL_KEY);
  sessionStorage.removeItem(TYPE_KEY);
}
