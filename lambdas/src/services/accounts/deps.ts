import type { Identity } from '../../adapters/cognito-identity';
import type { AccountSecurity } from '../../adapters/cognito-security';
import type { Mailer } from '../../adapters/ses-mailer';
import type { AccountStandingReader } from '../../data/account-standing';
import type { AccountRepository } from '../../data/account-repository';
import type { AdminSetupRepository } from '../../data/admin-setup-repository';
import type { BusinessRepository } from '../../data/business-repository';
import type { LinkTokenRepository } from '../../data/link-token-repository';
import type { RateLimitRepository } from '../../data/rate-limit-repository';
import type { SessionRepository } from '../../data/session-repository';
import type { DirectoryRepository } from '../../data/directory-repository';
import type { Geocoder } from '../../geo/geocoder';
import type { BusinessMetrics } from '../../business-metrics';

/** Everything the accounts services use, passed in so tests can swap any part for a fake. */
export interface AccountsDeps {
  readonly accounts: AccountRepository;
  /** The links sent by e-mail: confirmation, password reset, e-mail change. */
  readonly tokens: LinkTokenRepository;
  /** Mail caps, resend countdowns and sign-up attempts. */
  readonly rateLimits: RateLimitRepository;
  /** Finding an existing business at sign-up. */
  readonly businesses: Pick<BusinessRepository, 'searchBusinesses' | 'ownersOf'>;
  /** How a signed-in caller stands now (the access check of every signed-in route). */
  readonly standing: AccountStandingReader;
  readonly identity: Identity;
  /** Password and 2-step checks, sessions and the sign-in name (the security tab). */
  readonly security: AccountSecurity;
  /** The sessions the admin analytics counts: ended with the person's sign-outs. */
  readonly sessions: SessionRepository;
  readonly mailer: Mailer;
  /** Places the location typed at sign-up. */
  readonly geocoder: Geocoder;
  /** The live taxonomy: a provider signs up only in categories that are still offered. */
  readonly directory: Pick<DirectoryRepository, 'taxonomy'>;
  readonly clock: () => Date;
  /** Sign-ups and confirmations, for the business dashboard. */
  readonly metrics: BusinessMetrics;
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
  readonly adminSetup: AdminSetupRepository;
  readonly standing: AccountStandingReader;
  readonly identity: Identity;
  readonly clock: () => Date;
  readonly random: { id(): string };
  readonly config: {
    readonly adminEmailDomain: string;
    /** When set, first-admin setup needs it in the x-admin-setup-token header. */
    readonly adminSetupToken?: string;
  };
}
