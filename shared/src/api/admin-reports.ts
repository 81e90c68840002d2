import { z } from 'zod';
import { ADMIN_USERS_PAGE_SIZE } from '../constants';
import { adminReasonSchema } from './admin';
import { ADMIN_LIMITS } from './admin-constants';
import { ADMIN_CONSOLE_MESSAGES } from './admin-messages';
import { cursorSchema } from './cursor';
import { MESSAGE_REPORT_REASONS } from './messages';
import { defineRoute, type RouteSpec } from './route-types';

/**
 * The admin's queue of reported conversations (docs/product/admin.md#reported-conversations): open reports newest first, each with
 * the messages as they were when it was made; an admin dismisses it or acts on the reported person
 * (stops them messaging, or deactivates the account), once: two admins cannot both handle one report.
 */

export const ADMIN_REPORTS_PAGE_SIZE = ADMIN_USERS_PAGE_SIZE;

/** What an admin does with a report: dismiss it, or act on the reported person. */
export const ADMIN_REPORT_ACTIONS = ['dismiss', 'blockMessaging', 'deactivate'] as const;
export type AdminReportAction = (typeof ADMIN_REPORT_ACTIONS)[number];

export const ADMIN_REPORT_MESSAGES = {
  title: 'Reported conversations',
  loadFailed: 'Failed to load the reports',
  actionFailed: 'The report was not handled',
  empty: 'No open reports.',
  notFound: 'This report does not exist.',
  /** Another admin handled it first (409). */
  alreadyHandled: 'This report was already handled by another admin. Reload to see the open ones.',
  dismissed: 'Report dismissed',
  blockedMessaging: 'The reported person can no longer send messages',
  deactivated: 'The reported account was deactivated',
  noteTooLong: ADMIN_CONSOLE_MESSAGES.reasonNoteTooLong,
} as const;

const personSchema = z.object({
  userId: z.string(),
  /** A provider's business name, a client's name; "Deleted user" once the account is erased. */
  name: z.string(),
  role: z.enum(['client', 'provider']),
  deleted: z.boolean(),
});

const snapshotMessageSchema = z.object({
  sentAt: z.iso.datetime(),
  /** The sender's display name when the report was made (never an e-mail address). */
  senderName: z.string(),
  senderRole: z.enum(['client', 'provider']),
  /** Sent by the person who reported. */
  fromReporter: z.boolean(),
  text: z.string(),
});

const adminReportSchema = z.object({
  reportId: z.string(),
  conversationId: z.string(),
  createdAt: z.iso.datetime(),
  reason: z.enum(MESSAGE_REPORT_REASONS),
  note: z.string(),
  reporter: personSchema,
  reported: personSchema.extend({
    /** Whether the reported account is active and may message now (what the actions would change). */
    isActive: z.boolean(),
    messagingBlocked: z.boolean(),
  }),
  /** The last messages when the report was made, oldest first. */
  messages: z.array(snapshotMessageSchema),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

const adminReportsPageSchema = z.object({
  /** Open reports, newest first. */
  reports: z.array(adminReportSchema),
  openCount: z.number().int().min(0),
  nextCursor: z.string().optional(),
});
export type AdminReportsPage = z.infer<typeof adminReportsPageSchema>;

/** Dismissing takes an optional note; acting on the person takes a reason, as deactivating an account does. */
const adminReportResolutionSchema = z
  .strictObject({
    action: z.enum(ADMIN_REPORT_ACTIONS),
    note: z.string().trim().max(ADMIN_LIMITS.reasonNoteMaxChars, ADMIN_REPORT_MESSAGES.noteTooLong).default(''),
    reason: adminReasonSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.action !== 'dismiss' && !value.reason) ctx.addIssue({ code: 'custom', path: ['reason', 'code'], message: ADMIN_CONSOLE_MESSAGES.reasonRequired });
  });
export type AdminReportResolution = z.output<typeof adminReportResolutionSchema>;

const adminReportResolvedSchema = z.object({ reportId: z.string(), status: z.enum(['dismissed', 'actioned']), action: z.enum(ADMIN_REPORT_ACTIONS) });

export const adminReportRoutes = {
  adminListReports: defineRoute({
    method: 'GET',
    path: '/api/admin/reports',
    area: 'admin',
    access: 'admin',
    summary: 'Open conversation reports, newest first, 20 a page, each with the messages kept when it was made; no e-mail addresses',
    query: z.object({ cursor: cursorSchema }),
    response: adminReportsPageSchema,
  }),
  adminResolveReport: defineRoute({
    method: 'POST',
    path: '/api/admin/reports/{reportId}/resolution',
    area: 'admin',
    access: 'admin',
    summary:
      'Dismiss an open report (optional note) or act on the reported person (stop their messaging, or deactivate the account; reason required); once (409 when already handled); audited',
    params: z.object({ reportId: z.string().trim().min(1).max(100) }),
    body: adminReportResolutionSchema,
    response: adminReportResolvedSchema,
  }),
} as const satisfies Record<string, RouteSpec>;
