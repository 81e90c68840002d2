import type { PaymentGateway } from '../../adapters/stripe-payments';
import type { AccountRepository } from '../../data/account-repository';
import type { AccountStandingReader } from '../../data/account-standing';
import type { DirectoryRepository } from '../../data/directory-repository';
import type { MembershipRepository } from '../../data/membership-repository';

/** Everything the membership services use, passed in so tests can swap any part. */
export interface MembershipDeps {
  readonly accounts: Pick<AccountRepository, 'getProfile'>;
  readonly membership: MembershipRepository;
  /** Stripe (or the local Stripe): the same adapter either way. */
  readonly payments: PaymentGateway;
  /** A membership starting or ending lists or delists the provider. */
  readonly directory: Pick<DirectoryRepository, 'syncListing'>;
  readonly clock: () => Date;
  readonly config: {
    /** The web origin Checkout and the portal send the person back to, without a trailing slash. */
    readonly siteUrl: string;
  };
}

/** What following Stripe needs (the webhook, erasure): no return URLs. */
export type StripeSyncDeps = Omit<MembershipDeps, 'config'>;

export interface MembershipAreaDeps extends MembershipDeps {
  readonly standing: AccountStandingReader;
}
