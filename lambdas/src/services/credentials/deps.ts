import type { MediaStorage } from '../../adapters/s3-media';
import type { AccountRepository } from '../../data/account-repository';
import type { CredentialsRepository } from '../../data/credentials-repository';
import type { DirectoryRepository } from '../../data/directory-repository';
import type { RateLimitRepository } from '../../data/rate-limit-repository';

/** What the credential services use (docs/product/credentials.md), passed in so tests can bring real local ones or fakes. */
export interface CredentialsDeps {
  readonly credentials: CredentialsRepository;
  readonly accounts: Pick<AccountRepository, 'getProfile'>;
  /** The directory's listing carries the card's marks and the insured filter. */
  readonly directory: Pick<DirectoryRepository, 'syncListing'>;
  /** The portfolio bucket, under the private prefixes of evidence-keys.ts. */
  readonly evidenceFiles: MediaStorage;
  readonly rateLimits: Pick<RateLimitRepository, 'takeQuota'>;
  readonly clock: () => Date;
  readonly random: { id(): string };
}
