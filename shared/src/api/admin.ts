import { z } from 'zod';
import { ACCOUNT_MESSAGES, emailSchema, normalisePhone, PHONE_PATTERN } from '../accounts';
import { ACCOUNT_TYPES, ADMIN_USERS_PAGE_SIZE, AVATAR } from '../constants';
import { feedbackEntrySchema, feedbackFormSchema, feedbackParamsSchema } from '../feedback';
import { FEEDBACK_MESSAGES } from '../feedback-constants';
import { capped, categorySelectionText, PROFILE_LIMITS, tooLongMessage, tooManyCategoriesMessage } from '../profile-fields';
import { presignedUploadSchema, socialLinksSchema } from '../profile';
import { adminCategoryRoutes } from './admin-categories';
import { cursorSchema } from './cursor';
import { defineRoute, routeListOf, type RouteSpec } from './route-types';

/**
 * The admin console (spec 02: admin header, dashboard, users, feedback moderation; sections 4-6):
 * what the admin routes take and answer, their limits and their wording. Every admin action is
 * recorded in an append-only audit trail with a reason; restrictive and destructive ones require it.
 */

/** Feedback and audit pages are as long as a users page (ADMIN_USERS_PAGE_SIZE). */
export const ADMIN_FEEDBACK_PAGE_SIZE = ADMIN_USERS_PAGE_SIZE;
export const ADMIN_AUDIT_PAGE_SIZE = ADMIN_USERS_PAGE_SIZE;
/** The dashboard's Recent activity panel: the newest entries of the audit trail. */
export const ADMIN_RECENT_ACTIVITY = 10;
/** The categories column of the users table shows this many, then an ellipsis. */
export const ADMIN_USERS_CATEGORIES_SHOWN = 2;
export const ADMIN_LIMITS = { searchMaxChars: 100, reasonNoteMaxChars: 500 } as const;

/** Why an admin restricts, edits or removes something: one of these plus free text, stated to the person affected. */
export const ADMIN_REASON_CODES = ['spam', 'abusive', 'misleading', 'impersonation', 'policyBreach', 'requested', 'other'] as const;
export type AdminReasonCode = (typeof ADMIN_REASON_CODES)[number];
export const ADMIN_REASON_LABELS: Readonly<Record<AdminReasonCode, string>> = {
  spam: 'Spam or advertising',
  abusive: 'Abusive or offensive content',
  misleading: 'False or misleading information',
  impersonation: 'Impersonation or fake account',
  policyBreach: 'Breach of the terms of use',
  requested: 'Requested by the account holder',
  other: 'Other',
};

export const ADMIN_USER_FILTERS = ['all', ...ACCOUNT_TYPES] as const;
export type AdminUserFilter = (typeof ADMIN_USER_FILTERS)[number];
export const ADMIN_FEEDBACK_FILTERS = ['all', 'approved', 'pending'] as const;
export type AdminFeedbackFilter = (typeof ADMIN_FEEDBACK_FILTERS)[number];

export const ADMIN_CONSOLE_MESSAGES = {
  reasonRequired: 'Please choose a reason',
  reasonNoteRequired: 'Please describe the reason',
  reasonNoteTooLong: `The reason must be at most ${ADMIN_LIMITS.reasonNoteMaxChars} characters`,
  reasonHint: 'The person affected is e-mailed this reason.',
  statsFailed: 'Failed to load the dashboard',
  analyticsFailed: 'Failed to load analytics data',
  analyticsLoading: 'Loading analytics...',
  /** Deployed stages: admin routes answer 403 ADMIN_MFA_REQUIRED until the admin has 2-step verification on. */
  mfaRequired: 'Administrators must turn on 2-step verification before using the admin console.',
  auditFailed: 'Failed to load the activity',
  users: {
    loadFailed: 'Failed to load users',
    statusFailed: 'Failed to update user status',
    visibilityFailed: 'Failed to update user visibility',
    deleteFailed: 'Failed to delete user',
    updateFailed: 'Failed to update user',
    emailUnavailable: 'Email unavailable',
    namesRequired: 'First name and last name are required',
    deleteWarning:
      'This permanently deletes the account and all of its data, reviews and jobs, and cancels any membership. This action cannot be undone.',
    notFound: 'User not found',
    updated: 'User updated',
    activated: 'User activated',
    deactivated: 'User deactivated',
    shown: 'User is visible in the directory',
    hidden: 'User is hidden from the directory',
    deleted: 'User deleted',
    /** 409s of an account type change: what would break. */
    typeChange: {
      admins: 'An admin account cannot be changed to another type, and no account can be made an admin here.',
      membership: 'This provider has a membership. It must end before the account can become a client.',
      unclaimed: 'This business has not been claimed yet, so it has no account that could become a client.',
    },
    /** The acting admin on their own account (409). */
    notOnYourself: 'You cannot do this to your own account.',
    /** An admin account is only ever removed, by another admin (409 for deactivating or hiding it). */
    adminProtected: 'Admin accounts cannot be deactivated or hidden. Another administrator can remove one.',
    /** What removing an admin account does, in the reason dialog. */
    adminDeleteWarning:
      'This permanently removes the administrator account and its sign-in. The audit trail keeps its actions under a pseudonym. This action cannot be undone.',
    /**
     * Two admins removed each other at once: the other one went first, so this admin's own account is being
     * removed and nothing was done (409).
     */
    actorChanged: 'Your own account was changed in the meantime, so nothing was done.',
    /** Another admin changed the same account between reading and writing (409): reload and try again. */
    changedMeanwhile: 'This user was changed by someone else in the meantime. Please reload and try again.',
    /** An admin stopped the person messaging after a report (issue 26); lifting it: */
    messagingStopped: 'Messaging stopped',
    messagingAllowed: 'This person can send messages again',
    allowMessagingFailed: 'Messaging was not allowed again',
    /** There is no ban to lift (409): never stopped, or lifted already. */
    messagingNotStopped: 'This person is not stopped from messaging: there is nothing to lift.',
  },
  createProvider: {
    validationError: 'Validation Error',
    businessNameRequired: ACCOUNT_MESSAGES.businessNameRequired,
    clientCreation: { title: 'Client creation', description: 'Clients must sign up through the standard registration flow.' },
    created: 'Provider created successfully and added to the directory',
    failed: 'Failed to create provider',
    logoMissing: 'No uploaded logo was found. Please choose the file again.',
    logoWrongType: 'Please upload a PNG, JPG, or JPEG image.',
    logoTooLarge: 'Please upload an image smaller than 2MB.',
  },
  feedback: {
    loadFailed: FEEDBACK_MESSAGES.loadFailed,
    updateFailed: FEEDBACK_MESSAGES.updateFailed,
    deleteFailed: FEEDBACK_MESSAGES.deleteFailed,
    approvalFailed: 'Failed to update feedback approval',
    deleteConfirm: FEEDBACK_MESSAGES.deleteConfirm,
    approved: 'Feedback approved',
    unapproved: 'Feedback unpublished',
    updated: FEEDBACK_MESSAGES.updated,
    deleted: FEEDBACK_MESSAGES.deleted,
    notFound: FEEDBACK_MESSAGES.notFound,
  },
} as const;

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

export const ADMIN_AUDIT_ACTIONS = [
  'user.update',
  'user.typeChange',
  'user.activate',
  'user.deactivate',
  'user.show',
  'user.hide',
  'user.delete',
  'provider.create',
  'feedback.approve',
  'feedback.unapprove',
  'feedback.update',
  'feedback.delete',
  'claim.approve',
  'claim.refuse',
  'claim.verify',
  'category.create',
  'category.update',
  'category.delete',
  'category.reorder',
  'report.dismiss',
  'report.blockMessaging',
  'report.deactivate',
  'user.allowMessaging',
  // Reads of a person's private data: the record, the claimants' addresses, the reported conversations.
  'user.view',
  'claims.view',
  'report.view',
] as const;
export type AdminAuditAction = (typeof ADMIN_AUDIT_ACTIONS)[number];
export const ADMIN_AUDIT_ACTION_LABELS: Readonly<Record<AdminAuditAction, string>> = {
  'user.update': 'edited a user',
  'user.typeChange': 'changed an account type',
  'user.activate': 'activated a user',
  'user.deactivate': 'deactivated a user',
  'user.show': 'showed a user in the directory',
  'user.hide': 'hid a user from the directory',
  'user.delete': 'deleted a user',
  'provider.create': 'created a provider',
  'feedback.approve': 'approved feedback',
  'feedback.unapprove': 'unpublished feedback',
  'feedback.update': 'edited feedback',
  'feedback.delete': 'deleted feedback',
  'claim.approve': 'approved a business claim',
  'claim.refuse': 'refused a business claim',
  // Not an admin's act: the claimant proved the business's recorded address, and the business moved to them.
  'claim.verify': 'took over a business through its recorded email address',
  'category.create': 'added a category',
  'category.update': 'edited a category',
  'category.delete': 'deleted a category',
  'category.reorder': 'reordered categories',
  'report.dismiss': 'dismissed a conversation report',
  'report.blockMessaging': 'stopped a reported person from messaging',
  'report.deactivate': 'deactivated a reported person',
  'user.allowMessaging': 'allowed a person to send messages again',
  'user.view': "viewed a person's record",
  'claims.view': "viewed business claims with the claimants' addresses",
  'report.view': 'viewed reported conversations',
};

/**
 * A destructive action of many steps is recorded as `started` before its first step and marked `completed`
 * after its last, so a failure half-way leaves a record, and asking again finishes it. One-step actions are
 * `completed` when written.
 */
export const ADMIN_AUDIT_STATES = ['started', 'completed'] as const;
export const ADMIN_AUDIT_STATE_LABELS: Readonly<Record<(typeof ADMIN_AUDIT_STATES)[number], string>> = {
  started: 'Not finished: asking again completes it',
  completed: 'Completed',
};

/**
 * How the audit trail names a person whose account was erased: no name or address is left, only a short
 * pseudonym derived from their id, the same in every entry they appear in.
 */
export const erasedPersonName = (pseudonym: string) => `Deleted user ${pseudonym}`;

/** What an audit entry is about. */
export const ADMIN_AUDIT_TARGET_KINDS = ['user', 'feedback', 'category', 'report', 'business', 'list'] as const;
export type AdminAuditTargetKind = (typeof ADMIN_AUDIT_TARGET_KINDS)[number];

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


const adminAuditQuerySchema = z.object({
  cursor: cursorSchema,
  /** Only the entries about one user or one feedback. */
  targetId: z.string().trim().min(1).max(100).optional(),
});
const adminAuditPageSchema = z.object({ entries: z.array(adminAuditEntrySchema), nextCursor: z.string().optional() });
export type AdminAuditPage = z.infer<typeof adminAuditPageSchema>;

// ── Dashboard ───────────────────────────────────────────────────────────────────────────────────

const adminDashboardSchema = z.object({
  stats: z.object({
    /** Providers with a business name, admin-created businesses included. */
    businesses: z.number().int().min(0),
    /** Visible, active providers that the directory lists. */
    listedProviders: z.number().int().min(0),
    /** Businesses created since the start of this month (UK time). */
    businessesThisMonth: z.number().int().min(0),
    /** Feedback awaiting approval (approved false). */
    pendingFeedback: z.number().int().min(0),
    /** Conversation reports awaiting an admin (issue 26). */
    openReports: z.number().int().min(0),
  }),
  /** The newest ADMIN_RECENT_ACTIVITY entries of the audit trail. */
  recentActivity: z.array(adminAuditEntrySchema).max(ADMIN_RECENT_ACTIVITY),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

// ── Analytics ───────────────────────────────────────────────────────────────────────────────────

/** The analytics' daily series covers this many UK days, today included. */
export const ADMIN_ANALYTICS_DAYS = 30;

/** Most Popular Categories lists this many at most. */
export const ADMIN_POPULAR_CATEGORIES = 10;

const count = z.number().int().min(0);

const adminAnalyticsSchema = z.object({
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
  popularCategories: z
    .array(z.object({ categoryId: z.string(), name: z.string(), groupName: z.string(), providerCount: count }))
    .max(ADMIN_POPULAR_CATEGORIES),
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

const adminUsersQuerySchema = z.object({
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
  /** An admin stopped the person sending messages after a report (issue 26): since when, and which report; null when they may send. */
  messagingBan: z.object({ since: z.iso.datetime(), reportId: z.string() }).nullable(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummarySchema>;

/** The spec's admin user record: every field of the row plus the profile's own. */
const adminUserRecordSchema = adminUserSummarySchema.extend({
  bio: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  location: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  updatedAt: z.iso.datetime().nullable(),
  /** With the reason the reporter chose (one of MESSAGE_REPORT_REASONS), null once the report is gone. */
  messagingBan: z.object({ since: z.iso.datetime(), reportId: z.string(), reportReason: z.string().nullable() }).nullable(),
});
export type AdminUserRecord = z.infer<typeof adminUserRecordSchema>;

const adminUsersPageSchema = z.object({ users: z.array(adminUserSummarySchema), nextCursor: z.string().optional() });
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

const adminUserParamsSchema = z.object({ userId: z.string().trim().min(1).max(100) });

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
const adminUserVisibleSchema = z
  .strictObject({ visible: z.boolean(), reason: adminReasonSchema.optional() })
  .superRefine(reasonWhenRestricting((value) => !(value as { visible: boolean }).visible));
const adminDeletionSchema = z.strictObject({ reason: adminReasonSchema });
const adminUserDeletedSchema = z.object({ userId: z.string(), deleted: z.literal(true) });

// ── Create provider ─────────────────────────────────────────────────────────────────────────────

const optionalText = (max: number) => z.string().trim().max(max, tooLongMessage(max)).optional();

/**
 * The spec's new-provider payload. The logo is uploaded first (adminLogoUpload) and named here by
 * the key the server chose. Choosing a client is refused with the spec's notice.
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

const adminCreatedProviderSchema = z.object({ provider: adminUserRecordSchema });

/** The logo goes to the logos bucket through the same presigned POST and server re-check as an avatar. */
const adminLogoUploadRequestSchema = z.strictObject({
  contentType: z.enum(AVATAR.mimeTypes, ADMIN_CONSOLE_MESSAGES.createProvider.logoWrongType),
  size: z.number().int().positive().max(AVATAR.maxBytes, ADMIN_CONSOLE_MESSAGES.createProvider.logoTooLarge),
});

// ── Feedback moderation ─────────────────────────────────────────────────────────────────────────

const adminFeedbackQuerySchema = z.object({ status: z.enum(ADMIN_FEEDBACK_FILTERS).default('all'), cursor: cursorSchema });

const adminFeedbackEntrySchema = feedbackEntrySchema.extend({
  /** The provider's name and business name as the list shows them. */
  providerName: z.string(),
  businessName: z.string().nullable(),
});
export type AdminFeedbackEntry = z.infer<typeof adminFeedbackEntrySchema>;

const adminFeedbackPageSchema = z.object({
  /** Newest first. */
  feedback: z.array(adminFeedbackEntrySchema),
  counts: z.object({ all: z.number().int().min(0), approved: z.number().int().min(0), pending: z.number().int().min(0) }),
  nextCursor: z.string().optional(),
});
export type AdminFeedbackPage = z.infer<typeof adminFeedbackPageSchema>;

const adminFeedbackParamsSchema = feedbackParamsSchema;
export const adminFeedbackApprovalSchema = z
  .strictObject({ approved: z.boolean(), reason: adminReasonSchema.optional() })
  .superRefine(reasonWhenRestricting((value) => !(value as { approved: boolean }).approved));
/** Title, description and rating 1-5 as the author's own form takes them, and the reason the author is told. */
export const adminFeedbackUpdateSchema = feedbackFormSchema.extend({ reason: adminReasonSchema });
const adminFeedbackResultSchema = z.object({ feedback: adminFeedbackEntrySchema });
const adminFeedbackDeletedSchema = z.object({ feedbackId: z.string(), deleted: z.literal(true) });

// ── The routes ──────────────────────────────────────────────────────────────────────────────────

const USER = '/api/admin/users/{userId}';
const FEEDBACK = '/api/admin/feedback/{providerId}/{feedbackId}';

/** The admin console's routes, part of the one route table (`routes` spreads them in). */
export const adminConsoleRoutes = {
  adminDashboard: defineRoute({
    method: 'GET',
    path: '/api/admin/dashboard',
    area: 'admin',
    access: 'admin',
    summary: "The dashboard's four counters (kept by the writes) and the last 10 entries of the audit trail",
    response: adminDashboardSchema,
  }),
  adminListUsers: defineRoute({
    method: 'GET',
    path: '/api/admin/users',
    area: 'admin',
    access: 'admin',
    summary: 'Every account, 20 a page, by word and prefix search over names, business name and e-mail, and by type; with e-mail addresses',
    query: adminUsersQuerySchema,
    response: adminUsersPageSchema,
  }),
  adminGetUser: defineRoute({
    method: 'GET',
    path: USER,
    area: 'admin',
    access: 'admin',
    summary: "One account's admin record; the read is audited (user.view)",
    params: adminUserParamsSchema,
    response: adminUserRecordSchema,
  }),
  adminUpdateUser: defineRoute({
    method: 'PATCH',
    path: USER,
    area: 'admin',
    access: 'admin',
    summary: 'Edit names and the account type (409 with the reason where a type change would break something); audited',
    params: adminUserParamsSchema,
    body: adminUserUpdateSchema,
    response: adminUserRecordSchema,
  }),
  adminSetUserActive: defineRoute({
    method: 'PUT',
    path: `${USER}/active`,
    area: 'admin',
    access: 'admin',
    summary: 'Activate or deactivate (reason required: Cognito disabled, sessions ended, out of the directory, mailed); audited',
    params: adminUserParamsSchema,
    body: adminUserActiveSchema,
    response: adminUserRecordSchema,
  }),
  adminSetUserVisible: defineRoute({
    method: 'PUT',
    path: `${USER}/visible`,
    area: 'admin',
    access: 'admin',
    summary: 'Show or hide in the directory at once (reason required to hide, mailed to the provider); audited',
    params: adminUserParamsSchema,
    body: adminUserVisibleSchema,
    response: adminUserRecordSchema,
  }),
  adminDeleteUser: defineRoute({
    method: 'POST',
    path: `${USER}/deletion`,
    area: 'admin',
    access: 'admin',
    summary:
      "Erase an account as its own deletion does, Stripe included (reason required): an admin's by another admin only; audited before the first step (started), so asking again after a failure finishes it",
    params: adminUserParamsSchema,
    body: adminDeletionSchema,
    response: adminUserDeletedSchema,
  }),
  adminAllowMessaging: defineRoute({
    method: 'DELETE',
    path: `${USER}/messaging-ban`,
    area: 'admin',
    access: 'admin',
    summary: 'Lift the messaging ban an admin put on the person after a report (409 when there is none); mailed to the person; audited',
    params: adminUserParamsSchema,
    response: z.object({ userId: z.string(), messagingBan: z.null() }),
  }),
  adminLogoUpload: defineRoute({
    method: 'POST',
    path: '/api/admin/providers/logo-upload',
    area: 'admin',
    access: 'admin',
    summary: 'A presigned POST for a business logo into the logos bucket (PNG or JPEG, 2MB at most)',
    body: adminLogoUploadRequestSchema,
    response: presignedUploadSchema,
    successStatus: 201,
  }),
  adminCreateProvider: defineRoute({
    method: 'POST',
    path: '/api/admin/providers',
    area: 'admin',
    access: 'admin',
    summary: 'Create an unclaimed business without a login, listed by an admin-granted listing (clients refused); audited',
    body: adminCreateProviderSchema,
    response: adminCreatedProviderSchema,
    successStatus: 201,
  }),
  adminListFeedback: defineRoute({
    method: 'GET',
    path: '/api/admin/feedback',
    area: 'admin',
    access: 'admin',
    summary: "Every feedback with the provider's name and business name, newest first, by status, with the counts of each status",
    query: adminFeedbackQuerySchema,
    response: adminFeedbackPageSchema,
  }),
  adminSetFeedbackApproval: defineRoute({
    method: 'PUT',
    path: `${FEEDBACK}/approval`,
    area: 'admin',
    access: 'admin',
    summary: 'Approve, or unpublish with a reason mailed to the author (the rating follows in the same transaction); audited',
    params: adminFeedbackParamsSchema,
    body: adminFeedbackApprovalSchema,
    response: adminFeedbackResultSchema,
  }),
  adminUpdateFeedback: defineRoute({
    method: 'PATCH',
    path: FEEDBACK,
    area: 'admin',
    access: 'admin',
    summary: 'Edit title, description and rating with a reason mailed to the author (the rating follows); audited',
    params: adminFeedbackParamsSchema,
    body: adminFeedbackUpdateSchema,
    response: adminFeedbackResultSchema,
  }),
  adminDeleteFeedback: defineRoute({
    method: 'POST',
    path: `${FEEDBACK}/deletion`,
    area: 'admin',
    access: 'admin',
    summary: 'Delete feedback with a reason mailed to the author (the rating follows); audited',
    params: adminFeedbackParamsSchema,
    body: adminDeletionSchema,
    response: adminFeedbackDeletedSchema,
  }),
  adminListAudit: defineRoute({
    method: 'GET',
    path: '/api/admin/audit',
    area: 'admin',
    access: 'admin',
    summary: 'The append-only audit trail, newest first, optionally about one target; no route edits or deletes it',
    query: adminAuditQuerySchema,
    response: adminAuditPageSchema,
  }),
  adminAnalytics: defineRoute({
    method: 'GET',
    path: '/api/admin/analytics',
    area: 'admin',
    access: 'admin',
    summary: 'The analytics: account and feedback counters, sign-ups and jobs per UK day for 30 days (kept by the writes), recent activity',
    response: adminAnalyticsSchema,
  }),
  ...adminCategoryRoutes,
} as const satisfies Record<string, RouteSpec>;

export type AdminConsoleRoutes = typeof adminConsoleRoutes;
export const adminConsoleRouteList = routeListOf(adminConsoleRoutes);

/** How long ago something happened, in the spec's words (spec 02 section 9). */
export function relativeTimeText(at: string, now: Date): string {
  const hours = Math.floor((now.getTime() - new Date(at).getTime()) / 3_600_000);
  if (hours < 1) return 'Less than an hour ago';
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}
