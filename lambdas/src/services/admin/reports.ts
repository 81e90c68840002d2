import {
  ADMIN_REPORT_MESSAGES,
  ADMIN_REPORTS_PAGE_SIZE,
  MESSAGE_REPORT_REASON_LABELS,
  MESSAGING_MESSAGES,
  type AdminReport,
  type AdminReportResolution,
  type AdminReportsPage,
} from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import type { ProfileRecord } from '../../data/account-repository';
import type { MessageReportRecord } from '../../data/message-reports-repository';
import { ConflictError, NotFoundError } from '../../errors';
import { actorOf, auditRecord, recordRead, withCursor } from './audit';
import type { AdminConsoleDeps } from './deps';
import { notifyAffected } from './notices';
import { setUserActive } from './users';

type Role = 'client' | 'provider';

/** How the queue names a person: a provider's business name, a client's name; never an e-mail address. */
function personOf(userId: string, role: Role, profile: ProfileRecord | undefined) {
  if (!profile) return { userId, name: MESSAGING_MESSAGES.deletedUser, role, deleted: true };
  const fullName = `${profile.firstName} ${profile.lastName}`.trim();
  const name = (profile.accountType === 'provider' ? profile.businessName || fullName : fullName) || MESSAGING_MESSAGES.deletedUser;
  return { userId, name, role, deleted: false };
}

async function toEntries(deps: AdminConsoleDeps, records: readonly MessageReportRecord[]): Promise<AdminReport[]> {
  if (records.length === 0) return [];
  const people = [...new Set(records.flatMap((record) => [record.reporterId, record.reportedId]))];
  const reported = [...new Set(records.map((record) => record.reportedId))];
  const [profiles, bans] = await Promise.all([deps.accounts.getProfiles(people), deps.reports.messagingBans(reported)]);
  return records.map((record) => {
    const reportedRole: Role = record.reporterRole === 'client' ? 'provider' : 'client';
    const reportedProfile = profiles.get(record.reportedId);
    return {
      reportId: record.reportId,
      conversationId: record.conversationId,
      createdAt: record.createdAt,
      reason: record.reason,
      note: record.note,
      reporter: personOf(record.reporterId, record.reporterRole, profiles.get(record.reporterId)),
      reported: {
        ...personOf(record.reportedId, reportedRole, reportedProfile),
        isActive: reportedProfile?.isActive ?? false,
        messagingBlocked: bans.has(record.reportedId),
      },
      messages: record.snapshot.map((message) => ({
        sentAt: message.sentAt,
        senderName: message.senderName,
        senderRole: message.senderRole,
        fromReporter: message.senderId === record.reporterId,
        text: message.text,
      })),
    };
  });
}

/**
 * The open reports, newest first, with the number open (kept by the writes). A page with reports shows
 * the conversations' snapshots: the read is audited (`report.view`, naming the reports shown).
 */
export async function listReports(deps: AdminConsoleDeps, caller: AuthorizedCaller, query: { cursor?: string | undefined }): Promise<AdminReportsPage> {
  const [page, stats] = await Promise.all([withCursor(() => deps.reports.listOpen(query.cursor, ADMIN_REPORTS_PAGE_SIZE)), deps.admin.stats(deps.clock())]);
  const [reports] = await Promise.all([
    toEntries(deps, page.items),
    page.items.length
      ? recordRead(deps, caller, {
          action: 'report.view',
          target: { kind: 'list', id: 'reports', label: 'Open conversation reports' },
          after: { reportIds: page.items.map((item) => item.reportId) },
        })
      : undefined,
  ]);
  return { reports, openCount: stats.openReports, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
}

const STATUS = { dismiss: 'dismissed', blockMessaging: 'actioned', deactivate: 'actioned' } as const;

/**
 * Dismisses an open report or acts on the reported person, then takes it out of the queue with its audit
 * entry, on condition that it is still open (two admins cannot both handle it). Deactivation is the users
 * screen's own (audited, mailed, sessions ended) and comes first, so a failed one leaves the report open;
 * asked twice, it changes nothing the second time.
 */
export async function resolveReport(
  deps: AdminConsoleDeps,
  caller: AuthorizedCaller,
  reportId: string,
  input: AdminReportResolution,
): Promise<{ reportId: string; status: 'dismissed' | 'actioned'; action: AdminReportResolution['action'] }> {
  const actor = actorOf(caller);
  const report = await deps.reports.get(reportId);
  if (!report) throw new NotFoundError(ADMIN_REPORT_MESSAGES.notFound);
  if (report.status !== 'open') throw new ConflictError(ADMIN_REPORT_MESSAGES.alreadyHandled);
  if (input.action === 'deactivate') await setUserActive(deps, caller, report.reportedId, { active: false, reason: input.reason });

  const status = STATUS[input.action];
  const audit = auditRecord(deps, actor, {
    action: `report.${input.action}`,
    target: { kind: 'report', id: report.reportId, label: `Conversation report: ${MESSAGE_REPORT_REASON_LABELS[report.reason]}` },
    before: { status: 'open' },
    after: { status, reportedId: report.reportedId, ...(input.note ? { note: input.note } : {}) },
    reason: input.reason,
  });
  const outcome = await deps.reports.resolve(reportId, { action: input.action, at: deps.clock().toISOString(), by: actor.id, note: input.note, audit });
  if (outcome === 'gone') throw new NotFoundError(ADMIN_REPORT_MESSAGES.notFound);
  if (outcome === 'notOpen') throw new ConflictError(ADMIN_REPORT_MESSAGES.alreadyHandled);
  if (input.action === 'blockMessaging') {
    const reported = await deps.accounts.getProfile(report.reportedId);
    await notifyAffected(deps, reported?.email, { kind: 'messaging-stopped' }, input.reason);
  }
  return { reportId, status, action: input.action };
}
