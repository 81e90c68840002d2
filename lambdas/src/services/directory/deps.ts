import type { AccountStandingReader } from '../../data/account-standing';
import type { DirectoryRepository } from '../../data/directory-repository';
import type { SavedProvidersRepository } from '../../data/saved-providers-repository';
import type { Geocoder } from '../../geo/geocoder';

/** Everything the directory services use, passed in so tests can swap any part. */
export interface DirectoryDeps {
  readonly directory: DirectoryRepository;
  readonly saved: SavedProvidersRepository;
  readonly geocoder: Geocoder;
  readonly standing: AccountStandingReader;
  readonly clock: () => Date;
}
