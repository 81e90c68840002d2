import type { MediaStorage } from '../../adapters/s3-media';
import type { AccountRepository } from '../../data/account-repository';
import type { Geocoder } from '../../geo/geocoder';

/** Everything the own-profile services use, passed in so tests can bring real local ones or fakes. */
export interface ProfilesDeps {
  readonly accounts: AccountRepository;
  readonly geocoder: Geocoder;
  /** The avatars bucket. */
  readonly avatars: MediaStorage;
  readonly clock: () => Date;
  readonly random: { id(): string };
}
