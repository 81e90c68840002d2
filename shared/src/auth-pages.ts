/**
 * Wording of the sign-up, confirmation, password-reset and admin-setup screens (docs/product/accounts.md)
 * that only the browser shows; what the API also says lives in
 * accounts.ts.
 */
/** Headings of the account screens, which also name their browser tabs (and the prerendered sign-up page). */
export const AUTH_PAGE_TITLES = { signup: 'Create an account' } as const;

export const AUTH_PAGE_MESSAGES = {
  signupRateLimitCountdown: (seconds: number) => `Rate limit reached. Please wait ${seconds} seconds.`,
  unexpected: 'An unexpected error occurred. Please try again.',
  attemptingLogin: 'Attempting to log you in',
  loginAttemptFailed: { title: 'Login attempt failed', description: 'Please try signing in manually with your email and password.' },
  noEmailForLogin: { title: 'No email address', description: 'Please try signing up again.' },
  resetEmailSent: 'Reset email sent',
  resetEmailFailed: 'Failed to send reset email. Please try again.',
  passwordUpdateFailed: 'Failed to update password. Please try again.',
  /** The reset page's own wording for a mismatch (docs/product/accounts.md#password-reset); sign-up says "Passwords do not match". */
  resetPasswordsDoNotMatch: "Passwords don't match",
} as const;

/** Sign-up's business search picked a business an admin listed that nobody has claimed yet: its owner claims it rather than listing it twice. */
export const SIGNUP_LISTED_BUSINESS_MESSAGES = {
  listed: (name: string) => `${name} is already listed on Solutionz.`,
  explain: 'If it is your business, claim it: you take over its page instead of creating a second one.',
  claim: 'Claim this business',
  different: 'It is a different business',
  /** Sending the form while the notice waits for an answer. */
  chooseFirst: 'This business is already listed. Claim it, or tell us yours is a different business.',
} as const;

export const ADMIN_SETUP_PAGE_MESSAGES = {
  created: { title: 'Admin account created', description: 'You can now sign in with your admin username and password.' },
  networkFailure: 'Unexpected error. Please try again.',
} as const;
