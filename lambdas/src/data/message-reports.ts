import { Entity } from 'electrodb';
import { MESSAGE_REPORT_REASONS, ADMIN_REPORT_ACTIONS } from '@solutionz/shared';
import { gsi1, gsi3, pagedIndex, pk, sk } from './key-templates';

/**
 * Reported conversations (docs/product/messages.md#reporting-a-conversation). Every key format of these items is here and nowhere else.
 *
 *   "a report": GetItem PK = MESSAGE_REPORT#<reportId>, SK = MESSAGE_REPORT. It keeps the last messages
 *   of the conversation as they were when it was made (`snapshot`, JSON), so a message deleted or an
 *   account erased later leaves it whole.
 *   "reports of one status, newest first" (the admin's queue): Query GSI3 PK = MESSAGE_REPORTS#<status>,
 *   SK = <createdAt>#<reportId>, descending, paged below the last shown. Handling a report moves it from
 *   the `open` partition to its new status in the same write.
 *   "does this person have an open report of this conversation": GetItem PK = CONVERSATION#<conversationId>,
 *   SK = OPEN_REPORT#<reporterId>; created with attribute_not_exists in the report's transaction (so of
 *   concurrent reports exactly one lands) and deleted in the transaction that handles it.
 *   "the reports a person made" (their data export, erasure): Query GSI1 PK = USER#<reporterId>,
 *   SK begins_with MESSAGE_REPORT#.
 *   "may this person send messages": GetItem PK = USER#<userId>, SK = MESSAGING_BAN, put by an admin's
 *   action on a report in that report's transaction; BatchGetItem of the same keys for a page of the admin's
 *   users list; deleted, on condition that it is still the ban of the report read, with the audit entry of
 *   the admin who lifts it.
 * The number of open reports is the admin counter `openReports` (admin.ts), moved in the same transactions.
 */
export const messageReportEntity = new Entity({
  model: { entity: 'messageReport', version: '1', service: 'solutionz' },
  attributes: {
    reportId: { type: 'string', required: true, readOnly: true },
    conversationId: { type: 'string', required: true, readOnly: true },
    reporterId: { type: 'string', required: true },
    reportedId: { type: 'string', required: true, readOnly: true },
    /** The reporter's side of the conversation (the reported person is on the other). */
    reporterRole: { type: ['client', 'provider'] as const, required: true, readOnly: true },
    reason: { type: MESSAGE_REPORT_REASONS, required: true, readOnly: true },
    note: { type: 'string' },
    status: { type: ['open', 'dismissed', 'actioned'] as const, required: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    /** JSON of the snapshot's messages, oldest first: sentAt, senderId, senderName, senderRole, text. */
    snapshot: { type: 'string', required: true, readOnly: true },
    resolvedAt: { type: 'string' },
    resolvedBy: { type: 'string' },
    action: { type: ADMIN_REPORT_ACTIONS },
    resolutionNote: { type: 'string' },
  },
  indexes: {
    byId: { pk: pk('MESSAGE_REPORT#${reportId}', ['reportId']), sk: sk('MESSAGE_REPORT', []) },
    byReporter: gsi1('USER#${reporterId}', ['reporterId'], 'MESSAGE_REPORT#${createdAt}#${reportId}', ['createdAt', 'reportId']),
    byStatus: gsi3('MESSAGE_REPORTS#${status}', ['status'], '${createdAt}#${reportId}', ['createdAt', 'reportId']),
  },
});

export const openReportMarkEntity = new Entity({
  model: { entity: 'openReportMark', version: '1', service: 'solutionz' },
  attributes: {
    conversationId: { type: 'string', required: true, readOnly: true },
    reporterId: { type: 'string', required: true, readOnly: true },
    reportId: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byReporter: { pk: pk('CONVERSATION#${conversationId}', ['conversationId']), sk: sk('OPEN_REPORT#${reporterId}', ['reporterId']) },
  },
});

export const messagingBanEntity = new Entity({
  model: { entity: 'messagingBan', version: '1', service: 'solutionz' },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    /** The report an admin acted on, and when. */
    reportId: { type: 'string', required: true },
    at: { type: 'string', required: true },
  },
  indexes: {
    byUser: { pk: pk('USER#${userId}', ['userId']), sk: sk('MESSAGING_BAN', []) },
  },
});

/** The admin's queue of one status, spelled out for the paged Query (raw-commands.ts `pageBelow`). */
export const reportsOfStatus = (status: 'open' | 'dismissed' | 'actioned') =>
  pagedIndex(2, `MESSAGE_REPORTS#${status}`, '', (createdAt, reportId) => `${createdAt}#${reportId}`);
