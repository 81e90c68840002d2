import { COUPON_FIRST100 } from '@solutionz/shared';
import type { MediaStorage } from '../../adapters/s3-media';
import type { PaymentGateway } from '../../adapters/stripe-payments';
import type { AccountRepository } from '../../data/account-repository';
import type { AdminRepository } from '../../data/admin-repository';
import type { BusinessRepository } from '../../data/business-repository';
import type { CredentialsRepository } from '../../data/credentials-repository';
import type { DirectoryRepository } from '../../data/directory-repository';
import type { FeedbackRepository } from '../../data/feedback-repository';
import type { JobAlertsRepository } from '../../data/job-alerts-repository';
import type { JobsRepository } from '../../data/jobs-repository';
import type { LinkTokenRepository } from '../../data/link-token-repository';
import type { MembershipRepository } from '../../data/membership-repository';
import type { MessagesRepository } from '../../data/messages-repository';
import type { MessageMailsRepository } from '../../data/message-mails-repository';
import type { MessageReportsRepository } from '../../data/message-reports-repository';
import type { PortfolioRepository } from '../../data/portfolio-repository';
import type { ProviderUpdatesRepository } from '../../data/provider-updates-repository';
import type { RateLimitRepository } from '../../data/rate-limit-repository';
import type { SavedProvidersRepository } from '../../data/saved-providers-repository';
import type { SessionRepository } from '../../data/session-repository';
import { logoPrefix } from '../admin/logo-keys';
import { endAllSignIns } from '../security/active-sessions';
import { avatarKeyPrefixes } from '../profiles/avatar-keys';
import { portfolioKeyPrefixes } from '../profiles/portfolio-keys';
import { messageImageKey, messageImageUploadPrefix } from '../messages/message-image-keys';
import { evidencePrefix, evidenceUploadPrefix } from '../credentials/evidence-keys';
import { feedbackEraser, feedbackGivenSection, feedbackReceivedSection } from './feedback-data';
import { jobActivitySection, jobsEraser, jobsPostedSection } from './jobs-data';
import type { Eraser, ExportSection, PersonalDataRegistry } from './personal-data';

export interface RegistryDeps {
  readonly accounts: AccountRepository;
  readonly tokens: Pick<LinkTokenRepository, 'tokensOfUser' | 'deleteTokens'>;
  readonly rateLimits: Pick<RateLimitRepository, 'deleteCooldowns'>;
  readonly businesses: Pick<BusinessRepository, 'deleteBusiness'>;
  readonly avatars: MediaStorage;
  readonly membership: MembershipRepository;
  readonly payments: PaymentGateway;
  readonly directory: Pick<DirectoryRepository, 'removeListing'>;
  readonly saved: SavedProvidersRepository;
  readonly feedback: FeedbackRepository;
  readonly portfolio: PortfolioRepository;
  readonly jobs: JobsRepository;
  readonly jobAlerts: Pick<JobAlertsRepository, 'forgetProvider'>;
  readonly providerUpdates: Pick<ProviderUpdatesRepository, 'forget'>;
  /** The portfolio bucket. */
  readonly portfolioFiles: MediaStorage;
  /** The logos bucket (businesses an admin created). */
  readonly logoFiles: MediaStorage;
  readonly admin: Pick<AdminRepository, 'forgetAuditNames' | 'auditByActor'>;
  readonly messages: Pick<MessagesRepository, 'everything' | 'forget' | 'imagesOf' | 'removeImages'>;
  readonly messageMails: Pick<MessageMailsRepository, 'forget'>;
  /** The sign-ins the analytics counts as active sessions, and where the account was used from (the link mail caps). */
  readonly sessions: Pick<SessionRepository, 'list' | 'change' | 'forgetPlaces'>;
  readonly messageReports: Pick<MessageReportsRepository, 'listByReporter' | 'forget'>;
  /** A provider's credentials; their evidence documents are in the portfolio bucket. */
  readonly credentials: Pick<CredentialsRepository, 'list' | 'forget'>;
}

/** What an erased person's messages and reports name in their place (and audit entries erased before ids were kept). */
export const DELETED_USER = { id: 'deleted-user', name: 'Deleted user' } as const;

/** An admin's own actions, from the append-only audit trail. */
function adminActionsSection(admin: RegistryDeps['admin']): ExportSection {
  return {
    name: 'adminActions',
    async collect({ userId, profile }) {
      if (profile.accountType !== 'admin') return [];
      return (await admin.auditByActor(userId)).map((entry) => ({
        at: entry.at,
        action: entry.action,
        target: { kind: entry.targetKind, id: entry.targetId, label: entry.targetLabel },
        before: entry.before,
        after: entry.after,
        reason: entry.reason,
      }));
    },
  };
}

/**
 * The audit trail is append-only: an erased person's entries stay with their id, which nothing else leads
 * to any more, and read with a pseudonym of it; the names older entries stored go.
 */
function auditTrail(admin: RegistryDeps['admin']): Eraser {
  return { name: 'audit trail', erase: ({ userId }) => admin.forgetAuditNames(userId) };
}

/** The e-mail links we sent and their fate; the token itself (its hash) is a secret and stays out. */
function emailLinks(tokens: RegistryDeps['tokens']): ExportSection {
  return {
    name: 'emailLinks',
    async collect({ userId }) {
      const sent = await tokens.tokensOfUser(userId);
      return sent
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
        .map((token) => ({
          purpose: token.purpose,
          sentTo: token.email,
          sentAt: token.createdAt,
          expiresAt: new Date(token.expiresAt * 1000).toISOString(),
          usedAt: token.usedAt ?? null,
        }));
    },
  };
}

function linkTokens(tokens: RegistryDeps['tokens']): Eraser {
  return {
    name: 'link tokens',
    async erase({ userId }) {
      const issued = await tokens.tokensOfUser(userId);
      await tokens.deleteTokens(issued.map((token) => token.tokenHash));
    },
  };
}

/** A provider's business and the search words that find it at sign-up. */
function business(businesses: RegistryDeps['businesses']): Eraser {
  return {
    name: 'business',
    async erase({ profile }) {
      if (profile.businessId) await businesses.deleteBusiness(profile.businessId, profile.businessName ?? '');
    },
  };
}

/**
 * The resend countdowns keyed by the person's address or id. Rate counters are per time window and
 * leave by TTL: sign-up attempts within twenty minutes, the daily link mail caps (keyed by a digest of
 * the address) within two days.
 */
function cooldowns(rateLimits: RegistryDeps['rateLimits']): Eraser {
  return {
    name: 'cooldowns',
    // The confirmation and reset countdowns are keyed by a digest of the address and client address: they name nobody.
    async erase({ userId }) {
      await rateLimits.deleteCooldowns([{ scope: 'email-change', subject: userId }]);
    },
  };
}

/** The profile picture, earlier ones and uploads that were never confirmed. */
function avatarFiles(avatars: MediaStorage): Eraser {
  return {
    name: 'avatar files',
    async erase({ userId }) {
      for (const prefix of avatarKeyPrefixes(userId)) await avatars.deleteAll(prefix);
    },
  };
}

/**
 * A deleted account stops paying: each running subscription is cancelled at Stripe now (the webhook that
 * follows finds no profile and changes nothing), and the FIRST100 slot item goes (a pending one back to
 * the 100; a used one stays counted). Stripe keeps the customer and its invoices, as the law on
 * accounting records asks.
 */
/** The membership as we hold it: the plan, its period, and the FIRST100 slot; payments themselves are at Stripe. */
function membershipSection(deps: Pick<RegistryDeps, 'membership'>): ExportSection {
  return {
    name: 'membership',
    async collect({ userId, profile }) {
      const slot = await deps.membership.getOfferSlot(COUPON_FIRST100.code, userId);
      return {
        plan: profile.subscriptionTier,
        stripeStatus: profile.subscriptionStatus ?? null,
        currentPeriodEnd: profile.subscriptionEnd ?? null,
        cancelAtPeriodEnd: profile.cancelAtPeriodEnd,
        paymentFailed: profile.paymentFailed ?? false,
        stripeCustomerId: profile.stripeCustomerId ?? null,
        first100: slot?.status ?? null,
      };
    },
  };
}

const ENDED_STATUSES = new Set(['canceled', 'incomplete_expired']);

function membership(deps: Pick<RegistryDeps, 'membership' | 'payments'>): Eraser {
  return {
    name: 'membership',
    async erase({ userId, profile }) {
      if (profile.stripeCustomerId) {
        const subscriptions = await deps.payments.listSubscriptions(profile.stripeCustomerId);
        const billed = subscriptions.filter((subscription) => !ENDED_STATUSES.has(subscription.status));
        for (const subscription of billed) await deps.payments.cancelNow(subscription.id);
      }
      await deps.membership.deleteOfferSlot(COUPON_FIRST100.code, userId);
    },
  };
}

/** The professionals the person saved, newest first. */
function savedProvidersSection(saved: SavedProvidersRepository): ExportSection {
  return {
    name: 'savedProviders',
    async collect({ userId }) {
      return (await saved.listAll(userId)).map(({ providerId, savedAt }) => ({ providerId, savedAt }));
    },
  };
}

function savedProviders(saved: SavedProvidersRepository): Eraser {
  return {
    name: 'saved providers',
    erase: ({ userId }) => saved.removeAll(userId),
  };
}

/** A provider's portfolio items with their files' names and addresses. */
function portfolioSection(portfolio: PortfolioRepository): ExportSection {
  return {
    name: 'portfolio',
    async collect({ userId }) {
      return (await portfolio.list(userId, { consistent: true })).map((item) => ({
        title: item.title,
        description: item.description ?? null,
        media: item.media.map((media) => ({ type: media.type, filename: media.filename, url: media.key ? `/${media.key}` : media.url })),
        createdAt: item.createdAt,
        updatedAt: item.updatedAt,
      }));
    },
  };
}

/** The items, then every file under the person's portfolio prefixes (linked or only uploaded). */
/** A provider's credentials as they gave them, with their status (who checked them is the admins' record). */
function credentialsSection(credentials: RegistryDeps['credentials']): ExportSection {
  return {
    name: 'credentials',
    async collect({ userId }) {
      return (await credentials.list(userId)).map(
        ({ checkedBy: _checkedBy, remindersSent: _reminders, version: _version, providerId: _provider, ...record }) => ({ ...record }),
      );
    },
  };
}

/** Credentials and their evidence documents (uploads not yet checked too). */
function credentials(deps: Pick<RegistryDeps, 'credentials' | 'portfolioFiles'>): Eraser {
  return {
    name: 'credentials',
    async erase({ userId }) {
      for (const prefix of [evidencePrefix(userId), evidenceUploadPrefix(userId)]) await deps.portfolioFiles.deleteAll(prefix);
      await deps.credentials.forget(userId);
    },
  };
}

function portfolio(deps: Pick<RegistryDeps, 'portfolio' | 'portfolioFiles'>): Eraser {
  return {
    name: 'portfolio',
    async erase({ userId }) {
      for (const prefix of portfolioKeyPrefixes(userId)) await deps.portfolioFiles.deleteAll(prefix);
      await deps.portfolio.removeAll(userId);
    },
  };
}

/** The person's conversations: who with (by id), about which job, and every message, marked theirs or not. */
function messagesSection(messages: RegistryDeps['messages']): ExportSection {
  return {
    name: 'messages',
    async collect({ userId }) {
      return (await messages.everything(userId)).map(({ side, messages: sent }) => ({
        conversationId: side.conversationId,
        withUserId: side.otherUserId,
        job: side.jobId ? { jobId: side.jobId, title: side.jobTitle ?? '' } : null,
        messages: sent.map((item) => ({ sentAt: item.sentAt, fromMe: item.senderId === userId, text: item.text, images: item.imageIds ?? [] })),
      }));
    },
  };
}

/** The person's sign-ins still counted as sessions: when each began and when it runs out. */
function sessionsSection(sessions: RegistryDeps['sessions']): ExportSection {
  return {
    name: 'sessions',
    async collect({ userId }) {
      return (await sessions.list(userId)).map((session) => ({
        signedInAt: new Date(session.signedInAt * 1000).toISOString(),
        expiresAt: new Date(session.expiresAt * 1000).toISOString(),
      }));
    },
  };
}

/** The images the person uploaded to their conversations (sent or not): which conversation, which message, their size. */
function messageImagesSection(messages: RegistryDeps['messages']): ExportSection {
  return {
    name: 'message images',
    async collect({ userId }) {
      return (await messages.imagesOf(userId)).map((image) => ({
        conversationId: image.conversationId,
        imageId: image.imageId,
        messageId: image.messageId ?? null,
        width: image.width,
        height: image.height,
        uploadedAt: image.createdAt,
      }));
    },
  };
}

/** The conversations the person reported: when, why and what became of it (the messages are in `messages`). */
function messageReportsSection(reports: RegistryDeps['messageReports']): ExportSection {
  return {
    name: 'messageReports',
    async collect({ userId }) {
      return (await reports.listByReporter(userId)).map((report) => ({
        reportedAt: report.createdAt,
        conversationId: report.conversationId,
        reason: report.reason,
        note: report.note,
        status: report.status,
      }));
    },
  };
}

/**
 * The person's message images, sent or not, and their uploads: the other side keeps the text of their
 * messages ("Deleted user"), not the pictures. Before the conversations eraser, which forgets where they are.
 */
function messageImages(deps: Pick<RegistryDeps, 'messages' | 'portfolioFiles'>): Eraser {
  return {
    name: 'message images',
    async erase({ userId }) {
      const images = await deps.messages.imagesOf(userId);
      for (const image of images) {
        await deps.portfolioFiles.delete(messageImageKey(image.conversationId, image.imageId, 'full'));
        await deps.portfolioFiles.delete(messageImageKey(image.conversationId, image.imageId, 'thumb'));
      }
      await deps.portfolioFiles.deleteAll(messageImageUploadPrefix(userId));
      await deps.messages.removeImages(images);
    },
  };
}

/**
 * The registry (see PersonalDataRegistry). Erasers run in this order, before the profile and the
 * e-mail item go and the Cognito user last, so that a deletion that fails half-way can be asked for
 * again by the person, still signed in.
 */
export function personalDataRegistry(deps: RegistryDeps): PersonalDataRegistry {
  return {
    sections: [
      emailLinks(deps.tokens),
      membershipSection(deps),
      savedProvidersSection(deps.saved),
      portfolioSection(deps.portfolio),
      feedbackGivenSection(deps.feedback),
      feedbackReceivedSection(deps.feedback),
      jobsPostedSection(deps.jobs),
      jobActivitySection(deps.jobs),
      adminActionsSection(deps.admin),
      messagesSection(deps.messages),
      messageImagesSection(deps.messages),
      sessionsSection(deps.sessions),
      messageReportsSection(deps.messageReports),
      credentialsSection(deps.credentials),
    ],
    erasers: [
      linkTokens(deps.tokens),
      business(deps.businesses),
      cooldowns(deps.rateLimits),
      avatarFiles(deps.avatars),
      membership(deps),
      { name: 'directory listing', erase: ({ userId }) => deps.directory.removeListing(userId) },
      savedProviders(deps.saved),
      portfolio(deps),
      credentials(deps),
      feedbackEraser(deps.feedback),
      jobsEraser(deps.jobs),
      { name: 'job alerts', erase: ({ userId }) => deps.jobAlerts.forgetProvider(userId) },
      { name: 'provider updates', erase: ({ userId }) => deps.providerUpdates.forget(userId) },
      messageImages(deps),
      { name: 'conversations', erase: ({ userId }) => deps.messages.forget(userId) },
      { name: 'message mails', erase: ({ userId }) => deps.messageMails.forget(userId) },
      { name: 'sessions', erase: ({ userId }) => endAllSignIns(deps, userId) },
      { name: 'places used from', erase: ({ userId }) => deps.sessions.forgetPlaces(userId) },
      // The reports stay for the moderators, their snapshot whole, but lead back to the reporter no more.
      { name: 'message reports', erase: ({ userId }) => deps.messageReports.forget(userId, DELETED_USER.id) },
      { name: 'logo files', erase: ({ userId }) => deps.logoFiles.deleteAll(logoPrefix(userId)) },
      auditTrail(deps.admin),
    ],
  };
}
