import { ACCOUNT_TYPES, ADMIN_USERS_PAGE_SIZE } from '../constants';

/**
 * The admin console (docs/product/admin.md: its header, dashboard, users and feedback moderation): its page
 * sizes, limits and the codes its routes take, apart from the schemas (admin.ts), so that a page using these
 * loads no zod. Its wording is in admin-messages.ts.
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

export const ADMIN_USER_FILTERS = ['all', ...ACCOUNT_TYPES] as const;
export type AdminUserFilter = (typeof ADMIN_USER_FILTERS)[number];
export const ADMIN_FEEDBACK_FILTERS = ['all', 'approved', 'pending'] as const;
export type AdminFeedbackFilter = (typeof ADMIN_FEEDBACK_FILTERS)[number];

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
  'credential.verify',
  'credential.reject',
  'credential.viewEvidence',
  'credentialOption.create',
  'credentialOption.update',
  'credentialOption.delete',
] as const;
export type AdminAuditAction = (typeof ADMIN_AUDIT_ACTIONS)[number];

/**
 * A destructive action of many steps is recorded as `started` before its first step and marked `completed`
 * after its last, so a failure half-way leaves a record, and asking again finishes it. One-step actions are
 * `completed` when written.
 */
export const ADMIN_AUDIT_STATES = ['started', 'completed'] as const;
export type AdminAuditState = (typeof ADMIN_AUDIT_STATES)[number];

/** What an audit entry is about. */
export const ADMIN_AUDIT_TARGET_KINDS = ['user', 'feedback', 'category', 'report', 'business', 'list', 'credential', 'credentialOption'] as const;
export type AdminAuditTargetKind = (typeof ADMIN_AUDIT_TARGET_KINDS)[number];

// ── Analytics ───────────────────────────────────────────────────────────────────────────────────

/** The analytics' daily series covers this many UK days, today included. */
export const ADMIN_ANALYTICS_DAYS = 30;

/** Most Popular Categories lists this many at most. */
export const ADMIN_POPULAR_CATEGORIES = 10;
