import type { AccountRepository } from '../../data/account-repository';
import type { AccountStandingReader } from '../../data/account-standing';
import type { DirectoryRepository } from '../../data/directory-repository';
import type { FeedbackRepository } from '../../data/feedback-repository';

/** Everything the feedback services use, passed in so tests can swap any part. */
export interface FeedbackDeps {
  readonly feedback: FeedbackRepository;
  readonly accounts: Pick<AccountRepository, 'getProfile'>;
  /** The cards show the rating: the listing follows each change of it. */
  readonly directory: Pick<DirectoryRepository, 'syncListing'>;
  readonly standing: AccountStandingReader;
  readonly clock: () => Date;
  readonly newId: () => string;
}
