import type { AccountRepository } from '../../data/account-repository';
import type { AccountStandingReader } from '../../data/account-standing';
import type { DirectoryRepository } from '../../data/directory-repository';
import type { JobsRepository } from '../../data/jobs-repository';
import type { RateLimitRepository } from '../../data/rate-limit-repository';
import type { Geocoder } from '../../geo/geocoder';
import type { BusinessMetrics } from '../../business-metrics';

/** Everything the jobs services use, passed in so tests can swap any part. */
export interface JobsDeps {
  readonly jobs: JobsRepository;
  /** The poster's name for the contact. */
  readonly accounts: Pick<AccountRepository, 'getProfile'>;
  /** A deleted category is refused in a new job. */
  readonly directory: Pick<DirectoryRepository, 'taxonomy'>;
  /** The day's posting quota. */
  readonly rateLimits: Pick<RateLimitRepository, 'takeQuota'>;
  readonly standing: AccountStandingReader;
  readonly geocoder: Geocoder;
  readonly clock: () => Date;
  readonly newId: () => string;
  /** Contact reveals, for the business dashboard. */
  readonly metrics: BusinessMetrics;
}
