import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AdminReportAction, MessageReportReason } from '@solutionz/shared';
import { STAT } from './admin';
import { untilProcessed } from './batch';
import { auditWrites, type AuditRecord } from './admin-repository';
import { reportsOfStatus } from './message-reports';
import { pageBelow, type Item } from './raw-commands';
import { createTableStore } from './table-store';
import { decodeTimeCursor, encodeTimeCursor } from './time-cursor';
import { transparencyWrites } from './transparency-repository';
import { CONFLICT, retryOnConflict } from './write-outcomes';

/** One message of a report's snapshot, as it was when the report was made. */
export interface ReportedMessage {
  readonly sentAt: string;
  readonly senderId: string;
  /** The sender's display name then: never an e-mail address. */
  readonly senderName: string;
  readonly senderRole: 'client' | 'provider';
  readonly text: string;
}

export interface MessageReportRecord {
  readonly reportId: string;
  readonly conversationId: string;
  readonly reporterId: string;
  readonly reportedId: string;
  readonly reporterRole: 'client' | 'provider';
  readonly reason: MessageReportReason;
  readonly note: string;
  readonly status: 'open' | 'dismissed' | 'actioned';
  readonly createdAt: string;
  /** Oldest first. */
  readonly snapshot: readonly ReportedMessage[];
  readonly resolvedAt?: string;
  readonly resolvedBy?: string;
  readonly action?: AdminReportAction;
  readonly resolutionNote?: string;
}

type NewReport = Omit<MessageReportRecord, 'status' | 'resolvedAt' | 'resolvedBy' | 'action' | 'resolutionNote'>;

interface Resolution {
  readonly action: AdminReportAction;
  readonly at: string;
  readonly by: string;
  readonly note: string;
  readonly audit: AuditRecord;
}

/** An admin's stop on a person's messaging: the report acted on, and when. */
export interface MessagingBan {
  readonly reportId: string;
  readonly at: string;
}

interface Page<T> {
  readonly items: T[];
  readonly nextCursor?: string;
}

export interface MessageReportsRepository {
  /**
   * The report, its "open report of this person for this conversation" mark and the open count, in one
   * transaction: 'duplicate' when the person has an open report of the conversation already.
   */
  create(report: NewReport): Promise<'created' | 'duplicate'>;
  hasOpen(conversationId: string, reporterId: string): Promise<boolean>;
  get(reportId: string): Promise<MessageReportRecord | undefined>;
  /** A page of open reports, newest first; throws InvalidCursorError for a cursor it did not make. */
  listOpen(cursor: string | undefined, limit: number): Promise<Page<MessageReportRecord>>;
  /**
   * Takes the report out of the open queue with the admin's decision and audit entry, and stops the
   * reported person messaging when that is the action, all in one transaction on condition that it is
   * still open: 'notOpen' when another admin handled it first.
   */
  resolve(reportId: string, resolution: Resolution): Promise<'resolved' | 'notOpen' | 'gone'>;
  /** Whether an admin stopped the person sending messages. */
  messagingBlocked(userId: string): Promise<boolean>;
  /** The person's messaging ban (which report, since when), if an admin put one. */
  messagingBan(userId: string): Promise<MessagingBan | undefined>;
  /** The bans of a page of people, by person (one BatchGetItem for a page of 100 at most). */
  messagingBans(userIds: readonly string[]): Promise<Map<string, MessagingBan>>;
  /**
   * Lifts the ban with its audit entry in one transaction, on condition that it is still the one read
   * (`reportId`): 'stale' when it is gone or another report's ban replaced it meanwhile.
   */
  liftMessagingBan(userId: string, reportId: string, audit: AuditRecord): Promise<'lifted' | 'stale'>;
  /** Every report the person made, newest first (their data export). */
  listByReporter(reporterId: string): Promise<MessageReportRecord[]>;
  /**
   * Account erasure: a messaging ban goes; the reports the person made stay for the moderators (their
   * snapshot whole) but lead back to them no more (the reporter reads `replacementId`).
   */
  forget(userId: string, replacementId: string): Promise<void>;
}

const toReport = (item: Item): MessageReportRecord => ({
  reportId: item.reportId as string,
  conversationId: item.conversationId as string,
  reporterId: item.reporterId as string,
  reportedId: item.reportedId as string,
  reporterRole: item.reporterRole as MessageReportRecord['reporterRole'],
  reason: item.reason as MessageReportReason,
  note: typeof item.note === 'string' ? item.note : '',
  status: item.status as MessageReportRecord['status'],
  createdAt: item.createdAt as string,
  snapshot: JSON.parse(item.snapshot as string) as ReportedMessage[],
  ...(typeof item.resolvedAt === 'string' ? { resolvedAt: item.resolvedAt } : {}),
  ...(typeof item.resolvedBy === 'string' ? { resolvedBy: item.resolvedBy } : {}),
  ...(typeof item.action === 'string' ? { action: item.action as AdminReportAction } : {}),
  ...(typeof item.resolutionNote === 'string' ? { resolutionNote: item.resolutionNote } : {}),
});

const secondsBetween = (from: string, to: string) => Math.max(0, (Date.parse(to) - Date.parse(from)) / 1000);

export function createMessageReportsRepository(client: DynamoDBDocumentClient, tableName: string): MessageReportsRepository {
  const store = createTableStore(client, tableName);
  const { messageReport, openReportMark, messagingBan } = store.entities;

  async function get(reportId: string) {
    const { data } = await messageReport.get({ reportId }).go({ consistent: true });
    return data ? toReport(data) : undefined;
  }

  return {
    async create(report) {
      const { snapshot, note, ...rest } = report;
      return retryOnConflict<'created' | 'duplicate'>(`The report ${report.reportId}`, async () => {
        const result = await store.transaction
          .write((entities) => [
            entities.openReportMark.create({ conversationId: report.conversationId, reporterId: report.reporterId, reportId: report.reportId }).commit(),
            entities.messageReport.create({ ...rest, ...(note ? { note } : {}), status: 'open', snapshot: JSON.stringify(snapshot) }).commit(),
            entities.adminStat.update({ name: STAT.openReports }).add({ count: 1 }).commit(),
            ...transparencyWrites(entities, [{ figure: 'report.received' }], report.createdAt),
          ])
          .go();
        if (!result.canceled) return 'created';
        const codes = (result.data as { code: string }[]).map((item) => item.code);
        if (codes[0] === 'ConditionalCheckFailed') return 'duplicate';
        if (codes.includes('TransactionConflict')) return CONFLICT;
        throw new Error(`The report ${report.reportId} was cancelled: ${codes.join(', ')}`);
      });
    },

    async hasOpen(conversationId, reporterId) {
      const { data } = await openReportMark.get({ conversationId, reporterId }).go({ consistent: true });
      return data !== null;
    },

    get,

    async listOpen(cursor, limit) {
      const list = reportsOfStatus('open');
      const after = cursor === undefined ? undefined : decodeTimeCursor(cursor);
      const items = (await pageBelow(client, tableName, list, after ? list.position(after.at, after.id) : undefined, limit)).map(toReport);
      const shown = items.slice(0, limit);
      return items.length > limit ? { items: shown, nextCursor: encodeTimeCursor(shown.at(-1)!.createdAt, shown.at(-1)!.reportId) } : { items: shown };
    },

    async resolve(reportId, resolution) {
      return retryOnConflict<'resolved' | 'notOpen' | 'gone'>(`Handling report ${reportId}`, async () => {
        const report = await get(reportId);
        if (!report) return 'gone';
        if (report.status !== 'open') return 'notOpen';
        const status = resolution.action === 'dismiss' ? 'dismissed' : 'actioned';
        const result = await store.transaction
          .write((entities) => [
            entities.messageReport
              .patch({ reportId })
              .set({
                status,
                resolvedAt: resolution.at,
                resolvedBy: resolution.by,
                action: resolution.action,
                ...(resolution.note ? { resolutionNote: resolution.note } : {}),
              })
              .composite({ createdAt: report.createdAt })
              .where((attr, op) => op.eq(attr.status, 'open'))
              .commit(),
            entities.openReportMark.delete({ conversationId: report.conversationId, reporterId: report.reporterId }).commit(),
            entities.adminStat.update({ name: STAT.openReports }).add({ count: -1 }).commit(),
            // The time it took is counted in its bucket, for the median the transparency page gives.
            ...auditWrites(entities, resolution.audit, [{ figure: 'report.resolved', resolveSeconds: secondsBetween(report.createdAt, resolution.at) }]),
            ...(resolution.action === 'blockMessaging' ? [entities.messagingBan.put({ userId: report.reportedId, reportId, at: resolution.at }).commit()] : []),
          ])
          .go();
        if (!result.canceled) return 'resolved';
        const codes = (result.data as { code: string }[]).map((item) => item.code);
        if (codes[0] === 'ConditionalCheckFailed') return 'notOpen';
        if (codes.includes('TransactionConflict')) return CONFLICT;
        throw new Error(`Handling report ${reportId} was cancelled: ${codes.join(', ')}`);
      });
    },

    async messagingBlocked(userId) {
      const { data } = await messagingBan.get({ userId }).go({ consistent: true });
      return data !== null;
    },

    async messagingBan(userId) {
      const { data } = await messagingBan.get({ userId }).go({ consistent: true });
      return data ? { reportId: data.reportId, at: data.at } : undefined;
    },

    async messagingBans(userIds) {
      const found = new Map<string, MessagingBan>();
      if (userIds.length === 0) return found;
      await untilProcessed(
        'Messaging ban reads',
        [...new Set(userIds)].map((userId) => ({ userId })),
        async (pending) => {
          const { data, unprocessed } = await messagingBan.get([...pending]).go();
          for (const ban of data) found.set(ban.userId, { reportId: ban.reportId, at: ban.at });
          return unprocessed;
        },
      );
      return found;
    },

    async liftMessagingBan(userId, reportId, audit) {
      return retryOnConflict<'lifted' | 'stale'>(`Lifting the messaging ban of ${userId}`, async () => {
        const result = await store.transaction
          .write((entities) => [
            entities.messagingBan
              .delete({ userId })
              .where((attr, op) => op.eq(attr.reportId, reportId))
              .commit(),
            ...auditWrites(entities, audit),
          ])
          .go();
        if (!result.canceled) return 'lifted';
        const codes = (result.data as { code: string }[]).map((item) => item.code);
        if (codes[0] === 'ConditionalCheckFailed') return 'stale';
        if (codes.includes('TransactionConflict')) return CONFLICT;
        throw new Error(`Lifting the messaging ban of ${userId} was cancelled: ${codes.join(', ')}`);
      });
    },

    async listByReporter(reporterId) {
      const { data } = await messageReport.query.byReporter({ reporterId }).go({ pages: 'all', order: 'desc' });
      return data.map((item) => toReport(item as Item));
    },

    async forget(userId, replacementId) {
      await messagingBan.delete({ userId }).go({ response: 'none' });
      const { data } = await messageReport.query.byReporter({ reporterId: userId }).go({ pages: 'all' });
      for (const item of data) {
        if (item.status === 'open') await openReportMark.delete({ conversationId: item.conversationId, reporterId: userId }).go({ response: 'none' });
        await messageReport
          .patch({ reportId: item.reportId })
          .set({ reporterId: replacementId })
          .composite({ createdAt: item.createdAt })
          .go({ response: 'none' });
      }
    },
  };
}
