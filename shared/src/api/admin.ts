import { z } from 'zod';
import { ACCOUNT_MESSAGES, emailSchema, normalisePhone, PHONE_PATTERN } from '../accounts';
import { ACCOUNT_TYPES, AVATAR } from '../constants';
import { feedbackEntrySchema, feedbackFormSchema, feedbackParamsSchema } from '../feedback';
import { socialLinksSchema } from '../profile';
import { capped, categorySelectionText, PROFILE_LIMITS, tooLongMessage, tooManyCategoriesMessage } from '../profile-fields';
import {
  ADMIN_ANALYTICS_DAYS,
  ADMIN_AUDIT_ACTIONS,
  ADMIN_AUDIT_STATES,
  ADMIN_AUDIT_TARGET_KINDS,
  ADMIN_FEEDBACK_FILTERS,
  ADMIN_LIMITS,
  ADMIN_POPULAR_CATEGORIES,
  ADMIN_REASON_CODES,
  ADMIN_RECENT_ACTIVITY,
  ADMIN_USER_FILTERS,
} from './admin-constants';
import { ADMIN_CONSOLE_MESSAGES } from './admin-messages';
import { cursorSchema } from './cursor';

/**
 * The admin console (docs/product/admin.md: its header, dashboard, users and feedback moderation): what the
 * admin routes (admin-routes.ts) take and answer. Every admin action is recorded in an append-only audit
 * trail with a reason; restrictive and destructive ones require it.
 */

// ── Reasons ─────────────────────────────────────────────────────────────────────────────────────

export const adminReasonSchema = z
  .strictObject({
    code: z.enum(ADMIN_REASON_CODES, ADMIN_CONSOLE_MESSAGES.reasonRequired),
    note: z.string().trim().max(ADMIN_LIMITS.reasonNoteMaxChars, ADMIN_CONSOLE_MESSAGES.reasonNoteTooLong).default(''),
  })
  .refine((reason) => reason.code !== 'other' || reason.note.length > 0, { path: ['note'], message: ADMIN_CONSOLE_MESSAGES.reasonNoteRequired });
export type AdminReason = z.output<typeof adminReasonSchema>;

/** Restricting (deactivate, hide, unpublish) needs a reason; lifting a restriction does not. */
function reasonWhenRestricting(restricting: (value: { reason?: AdminReason | undefined }) => boolean) {
  return (value: { reason?: AdminReason | undefined }, ctx: z.RefinementCtx) => {
    if (restricting(value) && !value.reason) ctx.addIssue({ code: 'custom', path: ['reason', 'code'], message: ADMIN_CONSOLE_MESSAGES.reasonRequired });
  };
}

// ── Audit trail ─────────────────────────────────────────────────────────────────────────────────

/** A snapshot of the fields an action changed; no e-mail addresses or secrets. */
const auditSnapshotSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]));

const adminAuditEntrySchema = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  /**
   * Who acted, by their id (kept for good) and their name as their profile says now; once their account is
   * erased, `erasedPersonName` of a pseudonym of the id.
   */
  actor: z.object({ id: z.string(), name: z.string() }),
  action: z.enum(ADMIN_AUDIT_ACTIONS),
  /**
   * What was acted on. A person is named as the actor is; anything else (feedback, a category, a report, a
   * page of a list) by a label as it read at the time.
   */
  target: z.object({ kind: z.enum(ADMIN_AUDIT_TARGET_KINDS), id: z.string(), label: z.string() }),
  state: z.enum(ADMIN_AUDIT_STATES),
  before: auditSnapshotSchema.nullable(),
  after: auditSnapshotSchema.nullable(),
  reason: z.object({ code: z.enum(ADMIN_REASON_CODES), note: z.string() }).nullable(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

export const adminAuditQuerySchema = z.object({
  cursor: cursorSchema,
  /** Only the entries about one user or one feedback. */
  targetId: z.string().trim().min(1).max(100).optional(),
});
export const adminAuditPageSchema = z.object({ entries: z.array(adminAuditEntrySchema), nextCursor: z.string().optional() });
export type AdminAuditPage = z.infer<typeof adminAuditPageSchema>;

// ── Dashboard ───────────────────────────────────────────────────────────────────────────────────

export const adminDashboardSchema = z.object({
  stats: z.object({
    /** Providers with a business name, admin-created businesses included. */
    businesses: z.number().int().min(0),
    /** Visible, active providers that the directory lists. */
    listedProviders: z.number().int().min(0),
    /** Businesses created since the start of this month (UK time). */
    businessesThisMonth: z.number().int().min(0),
    /** Feedback awaiting approval (approved false). */
    pendingFeedback: z.number().int().min(0),
    /** Conversation reports awaiting an admin. */
    openReports: z.number().int().min(0),
  }),
  /** The newest ADMIN_RECENT_ACTIVITY entries of the audit trail. */
  recentActivity: z.array(adminAuditEntrySchema).max(ADMIN_RECENT_ACTIVITY),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

// ── Analytics ───────────────────────────────────────────────────────────────────────────────────

const count = z.number().int().min(0);

export const adminAnalyticsSchema = z.object({
  stats: z.object({
    totalProviders: count,
    totalSeekers: count,
    /**
     * Sign-ins that have not ended: not signed out (here or everywhere) and their refresh token not run out
     * (to the hour); at most SESSIONS_PER_PERSON per person.
     */
    activeSessions: count,
    approvedFeedback: count,
    pendingFeedback: count,
    /** Sign-ups over the last ADMIN_ANALYTICS_DAYS UK days. */
    newUsers: count,
  }),
  /** The categories with the most listed providers (the counts /categories shows), most first; none with no provider. */
  popularCategories: z.array(z.object({ categoryId: z.string(), name: z.string(), groupName: z.string(), providerCount: count })).max(ADMIN_POPULAR_CATEGORIES),
  /** One entry per UK day, oldest first, days without activity included as zeros. */
  daily: z.array(z.object({ day: z.iso.date(), signups: count, jobs: count })).length(ADMIN_ANALYTICS_DAYS),
  /** The audit trail and sign-ups, newest first, ADMIN_RECENT_ACTIVITY at most. */
  recentActivity: z
    .array(
      z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('audit'), at: z.iso.datetime(), entry: adminAuditEntrySchema }),
        z.object({ kind: z.literal('signup'), at: z.iso.datetime(), userId: z.string(), name: z.string(), accountType: z.enum(['client', 'provider']) }),
      ]),
    )
    .max(ADMIN_RECENT_ACTIVITY),
});
export type AdminAnalytics = z.infer<typeof adminAnalyticsSchema>;

// ── Users ───────────────────────────────────────────────────────────────────────────────────────

/** How a provider comes to be listed: their own membership, a listing an admin granted (admin-created businesses), or neither. */
const ADMIN_LISTINGS = ['membership', 'adminGranted', 'none'] as const;
export type AdminListing = (typeof ADMIN_LISTINGS)[number];

export const adminUsersQuerySchema = z.object({
  /** Word and prefix match over first name, last name, business name and e-mail. */
  q: z.string().trim().max(ADMIN_LIMITS.searchMaxChars, tooLongMessage(ADMIN_LIMITS.searchMaxChars)).optional(),
  type: z.enum(ADMIN_USER_FILTERS).default('all'),
  cursor: cursorSchema,
});

const adminUserSummarySchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Null for an admin-created business, which has no login and no address of its own. */
  email: z.string().nullable(),
  accountType: z.enum(ACCOUNT_TYPES),
  businessName: z.string().nullable(),
  categories: z.array(z.string()),
  isActive: z.boolean(),
  isVisible: z.boolean(),
  listing: z.enum(ADMIN_LISTINGS),
  /** Created by an admin and not yet claimed: no login. */
  unclaimedBusiness: z.boolean(),
  createdAt: z.iso.datetime(),
  /** An admin stopped the person sending messages after a report: since when, and which report; null when they may send. */
  messagingBan: z.object({ since: z.iso.datetime(), reportId: z.string() }).nullable(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummarySchema>;

/** The admin user record (docs/product/admin.md#users): every field of the row plus the profile's own. */
export const adminUserRecordSchema = adminUserSummarySchema.extend({
  bio: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  location: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  updatedAt: z.iso.datetime().nullable(),
  /** With the reason the reporter chose (one of MESSAGE_REPORT_REASONS), null once the report is gone. */
  messagingBan: z.object({ since: z.iso.datetime(), reportId: z.string(), reportReason: z.string().nullable() }).nullable(),
});
export type AdminUserRecord = z.infer<typeof adminUserRecordSchema>;

export const adminUsersPageSchema = z.object({ users: z.array(adminUserSummarySchema), nextCursor: z.string().optional() });
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

export const adminUserParamsSchema = z.object({ userId: z.string().trim().min(1).max(100) });

const requiredName = z
  .string(ADMIN_CONSOLE_MESSAGES.users.namesRequired)
  .trim()
  .min(1, ADMIN_CONSOLE_MESSAGES.users.namesRequired)
  .max(PROFILE_LIMITS.nameMaxChars, tooLongMessage(PROFILE_LIMITS.nameMaxChars));

/** The edit-user form: names required; an account type change answers 409 where it would break something. */
export const adminUserUpdateSchema = z.strictObject({
  firstName: requiredName,
  lastName: requiredName,
  accountType: z.enum(['client', 'provider']).optional(),
  reason: adminReasonSchema.optional(),
});

export const adminUserActiveSchema = z
  .strictObject({ active: z.boolean(), reason: adminReasonSchema.optional() })
  .superRefine(reasonWhenRestricting((value) => !(value as { active: boolean }).active));
export const adminUserVisibleSchema = z
  .strictObject({ visible: z.boolean(), reason: adminReasonSchema.optional() })
  .superRefine(reasonWhenRestricting((value) => !(value as { visible: boolean }).visible));
export const adminDeletionSchema = z.strictObject({ reason: adminReasonSchema });
export const adminUserDeletedSchema = z.object({ userId: z.string(), deleted: z.literal(true) });

// ── Create provider ─────────────────────────────────────────────────────────────────────────────

const optionalText = (max: number) => z.string().trim().max(max, tooLongMessage(max)).optional();

/**
 * The new-provider payload (docs/product/admin.md#create-provider). The logo is uploaded first (adminLogoUpload) and
 * named here by the key the server chose. Choosing a client is refused with the product's notice.
 */
export const adminCreateProviderSchema = z
  .strictObject({
    accountType: z.enum(['provider', 'client']).default('provider'),
    firstName: z.string().trim().max(PROFILE_LIMITS.nameMaxChars, tooLongMessage(PROFILE_LIMITS.nameMaxChars)).default(''),
    lastName: z.string().trim().max(PROFILE_LIMITS.nameMaxChars, tooLongMessage(PROFILE_LIMITS.nameMaxChars)).default(''),
    businessName: z.string().trim().max(PROFILE_LIMITS.businessNameMaxChars, tooLongMessage(PROFILE_LIMITS.businessNameMaxChars)).default(''),
    location: optionalText(PROFILE_LIMITS.locationMaxChars),
    phoneNumber: z
      .string()
      .trim()
      .max(PROFILE_LIMITS.phoneMaxChars, capped(tooLongMessage(PROFILE_LIMITS.phoneMaxChars)))
      .refine((phone) => !phone || PHONE_PATTERN.test(normalisePhone(phone)), ACCOUNT_MESSAGES.phoneInvalid)
      .optional(),
    websiteUrl: socialLinksSchema.shape.website,
    bio: optionalText(PROFILE_LIMITS.bioMaxChars),
    categories: z.array(categorySelectionText).max(PROFILE_LIMITS.maxCategories, tooManyCategoriesMessage).optional(),
    logoKey: z.string().trim().min(1).max(300).optional(),
    /** The business's own address, as the business gave it: a claimant who confirms it is verified without a review. */
    businessEmail: emailSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.accountType === 'client') {
      ctx.addIssue({ code: 'custom', path: ['accountType'], message: ADMIN_CONSOLE_MESSAGES.createProvider.clientCreation.description });
      return;
    }
    if (!value.firstName || !value.lastName) {
      ctx.addIssue({ code: 'custom', path: [value.firstName ? 'lastName' : 'firstName'], message: ADMIN_CONSOLE_MESSAGES.users.namesRequired });
    }
    if (!value.businessName) ctx.addIssue({ code: 'custom', path: ['businessName'], message: ADMIN_CONSOLE_MESSAGES.createProvider.businessNameRequired });
  });
export type AdminCreateProviderInput = z.input<typeof adminCreateProviderSchema>;
export type AdminCreateProvider = z.output<typeof adminCreateProviderSchema>;

/** businessId: the business's id, which its claim link names for the admin to send to the owner. */
export const adminCreatedProviderSchema = z.object({ provider: adminUserRecordSchema, businessId: z.string() });

/** The logo goes to the logos bucket through the same presigned POST and server re-check as an avatar. */
export const adminLogoUploadRequestSchema = z.strictObject({
  contentType: z.enum(AVATAR.mimeTypes, ADMIN_CONSOLE_MESSAGES.createProvider.logoWrongType),
  size: z.number().int().positive().max(AVATAR.maxBytes, ADMIN_CONSOLE_MESSAGES.createProvider.logoTooLarge),
});

// ── Feedback moderation ─────────────────────────────────────────────────────────────────────────

export const adminFeedbackQuerySchema = z.object({ status: z.enum(ADMIN_FEEDBACK_FILTERS).default('all'), cursor: cursorSchema });

const adminFeedbackEntrySchema = feedbackEntrySchema.extend({
  /** The provider's name and business name as the list shows them. */
  providerName: z.string(),
  businessName: z.string().nullable(),
});
export type AdminFeedbackEntry = z.infer<typeof adminFeedbackEntrySchema>;

export const adminFeedbackPageSchema = z.object({
  /** Newest first. */
  feedback: z.array(adminFeedbackEntrySchema),
  counts: z.object({ all: z.number().int().min(0), approved: z.number().int().min(0), pending: z.number().int().min(0) }),
  nextCursor: z.string().optional(),
});
export type AdminFeedbackPage = z.infer<typeof adminFeedbackPageSchema>;

export const adminFeedbackParamsSchema = feedbackParamsSchema;
export const adminFeedbackApprovalSchema = z
  .strictObject({ approved: z.boolean(), reason: adminReasonSchema.optional() })
  .superRefine(reasonWhenRestricting((value) => !(value as { approved: boolean }).approved));
/** Title, description and rating 1-5 as the author's own form takes them, and the reason the author is told. */
export const adminFeedbackUpdateSchema = feedbackFormSchema.extend({ reason: adminReasonSchema });
export const adminFeedbackResultSchema = z.object({ feedback: adminFeedbackEntrySchema });
export const adminFeedbackDeletedSchema = z.object({ feedbackId: z.string(), deleted: z.literal(true) });
