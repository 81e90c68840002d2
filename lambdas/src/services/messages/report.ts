import { MESSAGE_REPORT_LIMITS, MESSAGE_REPORT_MESSAGES as R, type MessageReportReason } from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import type { AccountRepository } from '../../data/account-repository';
import type { MessageReportsRepository, ReportedMessage } from '../../data/message-reports-repository';
import type { MessagesRepository } from '../../data/messages-repository';
import type { RateLimitRepository } from '../../data/rate-limit-repository';
import { DAY_MS } from '../../data/provider-updates';
import { ConflictError, RateLimitedError } from '../../errors';
import { onlyParticipants, personOf, sideOf } from './conversations';
import { noteTurnedAway, type ResponseTimesDeps } from './response-times';

/** What reporting a conversation uses, passed in so tests can swap any part. */
export interface ReportDeps {
  readonly messages: Pick<MessagesRepository, 'getConversation' | 'thread'>;
  readonly accounts: Pick<AccountRepository, 'getProfiles'>;
  readonly rateLimits: Pick<RateLimitRepository, 'takeQuota'>;
  readonly reports: Pick<MessageReportsRepository, 'create' | 'hasOpen'>;
  readonly clock: () => Date;
  readonly random: { id(): string };
  /** A conversation the provider reports leaves their response figure (response-times.ts). */
  readonly responseTimes: ResponseTimesDeps['responseTimes'];
  readonly directory: ResponseTimesDeps['directory'];
}

/**
 * A participant reports the conversation: it reaches the admins' queue with the last messages as they
 * are now (names and roles, never e-mail addresses). One open report per person and conversation (a
 * conditional write, so two at once make one), and a daily cap per reporter.
 */
export async function reportConversation(
  deps: ReportDeps,
  caller: AuthorizedCaller,
  conversationId: string,
  input: { reason: MessageReportReason; note: string },
): Promise<{ reportId: string; status: 'open' }> {
  onlyParticipants(caller);
  const { conversation, side, otherId } = sideOf(await deps.messages.getConversation(conversationId), caller);
  // Asked again: said so before a use of the day's cap is taken (the write below is what decides).
  if (await deps.reports.hasOpen(conversationId, caller.userId)) throw new ConflictError(R.alreadyReported);
  const now = deps.clock();
  const quota = await deps.rateLimits.takeQuota('message-report', caller.userId, MESSAGE_REPORT_LIMITS.perReporterPerDay, DAY_MS / 1000, now);
  if (!quota.taken) throw new RateLimitedError(R.dailyCap, quota.retryAfterSeconds);

  const [page, profiles] = await Promise.all([
    deps.messages.thread(conversationId, undefined, MESSAGE_REPORT_LIMITS.snapshotMessages),
    deps.accounts.getProfiles([conversation.clientId, conversation.providerId]),
  ]);
  const nameOf = (userId: string) => personOf(userId, profiles.get(userId)).name;
  const snapshot: ReportedMessage[] = page.items
    .map((sent) => ({
      sentAt: sent.sentAt,
      senderId: sent.senderId,
      senderName: nameOf(sent.senderId),
      senderRole: sent.senderId === conversation.clientId ? ('client' as const) : ('provider' as const),
      text: sent.text,
    }))
    .reverse();
  const reportId = deps.random.id();
  const outcome = await deps.reports.create({
    reportId,
    conversationId,
    reporterId: caller.userId,
    reportedId: otherId,
    reporterRole: side,
    reason: input.reason,
    note: input.note,
    createdAt: now.toISOString(),
    snapshot,
  });
  if (outcome === 'duplicate') throw new ConflictError(R.alreadyReported);
  if (side === 'provider') await noteTurnedAway(deps, conversation, 'reported');
  return { reportId, status: 'open' };
}
