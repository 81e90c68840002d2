import type { Identity } from '../../adapters/cognito-identity';
import type { Mailer } from '../../adapters/ses-mailer';
import type { AccountRepository } from '../../data/account-repository';

/** Everything the accounts services use, passed in so tests can swap any part for a fake. */
export interface AccountsDeps {
  readonly accounts: AccountRepository;
  readonly identity: Identity;
  readonly mailer: Mailer;
  readonly clock: () => Date;
  readonly random: {
    /** An unguessable link token (32 random bytes, URL-safe). */
    token(): string;
    id(): string;
  };
  readonly config: {
    /** The web origin that links in e-mails point to, without a trailing slash. */
    readonly siteUrl: string;
    /** The internal domain of admin sign-ins, closed to sign-up. */
    readonly adminEmailDomain: string;
  };
}

export interface AdminDeps {
  readonly accounts: AccountRepository;
  readonly identity: Identity;
  readonly clock: () => Date;
  readonly random: { id(): string };
  readonly config: {
    readonly adminEmailDomain: string;
    /** When set, first-admin setup needs it in the x-admin-setup-token header. */
    readonly adminSetupToken?: string;
  };
}
