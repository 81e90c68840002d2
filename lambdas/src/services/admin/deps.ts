import type { Identity } from '../../adapters/cognito-identity';
import type { AccountSecurity } from '../../adapters/cognito-security';
import type { MediaStorage } from '../../adapters/s3-media';
import type { Mailer } from '../../adapters/ses-mailer';
import type { AccountRepository } from '../../data/account-repository';
import type { AdminRepository } from '../../data/admin-repository';
import type { DirectoryRepository } from '../../data/directory-repository';
import type { FeedbackRepository } from '../../data/feedback-repository';
import type { JobsRepository } from '../../data/jobs-repository';
import type { MessageReportsRepository } from '../../data/message-reports-repository';
import type { RateLimitRepository } from '../../data/rate-limit-repository';
import type { SessionRepository } from '../../data/session-repository';
import type { Geocoder } from '../../geo/geocoder';
import type { PersonalDataRegistry } from '../privacy/personal-data';
import type { PublicCache } from '../../adapters/cloudfront-purge';

/** Everything the admin console's services use, passed in so tests can swap any part. */
export interface AdminConsoleDeps {
  readonly accounts: AccountRepository;
  readonly admin: AdminRepository;
  readonly feedback: FeedbackRepository;
  /** Reported conversations (docs/product/admin.md#reported-conversations). */
  readonly reports: MessageReportsRepository;
  /** "Verified job" on feedback entries. */
  readonly jobs: Pick<JobsRepository, 'verifiedClients'>;
  /** The directory follows every change of who is listed and of ratings. */
  readonly directory: Pick<DirectoryRepository, 'syncListing'>;
  readonly identity: Identity;
  /** Ending a deactivated person's sessions (refresh tokens revoked). */
  readonly security: Pick<AccountSecurity, 'signOutEverywhere'>;
  /** The sessions the analytics counts: a deactivation ends them; the analytics reads their count. */
  readonly sessions: Pick<SessionRepository, 'change' | 'activeCount'>;
  readonly mailer: Mailer;
  /** The cap on statements mailed to one person. */
  readonly rateLimits: Pick<RateLimitRepository, 'takeQuota'>;
  /** The logos bucket. */
  readonly logos: MediaStorage;
  /** The same erasure as an account's own deletion. */
  readonly personalData: PersonalDataRegistry;
  readonly geocoder: Geocoder;
  /** What a moderation or an erasure changes of the cached public answers goes at once. */
  readonly publicCache: PublicCache;
  readonly clock: () => Date;
  readonly random: { id(): string };
  readonly config: {
    readonly siteUrl: string;
    /** Admin routes answer only admins with 2-step verification on (deployed stages). */
    readonly requireAdminMfa: boolean;
  };
}
