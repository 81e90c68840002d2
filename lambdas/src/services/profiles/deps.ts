import type { MediaStorage } from '../../adapters/s3-media';
import type { AccountRepository } from '../../data/account-repository';
import type { DirectoryRepository } from '../../data/directory-repository';
import type { Geocoder } from '../../geo/geocoder';

/** Everything the own-profile services use, passed in so tests can bring real local ones or fakes. */
export interface ProfilesDeps {
  readonly accounts: AccountRepository;
  readonly geocoder: Geocoder;
  /** The avatars bucket. */
  readonly avatars: MediaStorage;
  /** The directory's listing follows every change of a listed provider's card. */
  readonly directory: Pick<DirectoryRepository, 'syncListing' | 'taxonomy'>;
  readonly clock: () => Date;
  readonly random: { id(): string };
}
