/** Who the tokens say the caller is; the profile (a later issue) says what kind of account it is. */
export interface SessionUser {
  readonly userId: string;
  readonly email?: string;
  readonly groups: readonly string[];
}

export type SessionState =
  | { readonly status: 'loading' }
  | { readonly status: 'signedOut' }
  | { readonly status: 'signedIn'; readonly user: SessionUser };
