import type { AccountRepository } from '../../data/account-repository';
import type { AccountStandingReader } from '../../data/account-standing';
import type { DirectoryRepository } from '../../data/directory-repository';
import type { FeedbackRepository } from '../../data/feedback-repository';
import type { JobsRepository } from '../../data/jobs-repository';

/** Everything the feedback services use, passed in so tests can swap any part. */
export interface FeedbackDeps {
  readonly feedback: FeedbackRepository;
  readonly accounts: Pick<AccountRepository, 'getProfile'>;
  /** The cards show the rating: the listing follows each change of it. */
  readonly directory: Pick<DirectoryRepository, 'syncListing'>;
  /** Which authors had a job revealed by the provider ("Verified job"). */
  readonly jobs: Pick<JobsRepository, 'verifiedClients'>;
  readonly standing: AccountStandingReader;
  readonly clock: () => Date;
  readonly newId: () => string;
}
