import { RESPONSE_TIME_RULES, type ResponseTime } from '@solutionz/shared';
import type { DirectoryRepository } from '../../data/directory-repository';
import type { ConversationRecord, MessageRecord } from '../../data/messages-repository';
import { decodeResponseLog } from '../../data/response-times';
import type { ResponseTimesRepository } from '../../data/response-times-repository';

/** What keeps a provider's response time: the facts, and the listing that carries the figure. */
export interface ResponseTimesDeps {
  readonly responseTimes: Pick<ResponseTimesRepository, 'clientStarted' | 'providerReplied' | 'publish' | 'exclude' | 'includeUnblocked'>;
  readonly directory: Pick<DirectoryRepository, 'syncListing'>;
  readonly clock: () => Date;
}

const DAY_MS = 86_400_000;
const ANSWERED_WITHIN_SECONDS = RESPONSE_TIME_RULES.answeredWithinHours * 3600;

/**
 * After a message is stored: a client's first message of a conversation they started, or the provider's
 * first reply to one, goes into the provider's facts and the figure on their page and card. A conversation
 * a provider started (from a job) is not a client waiting for an answer, so it does not count.
 */
export async function noteResponseTime(
  deps: ResponseTimesDeps,
  conversation: ConversationRecord,
  sent: Pick<MessageRecord, 'senderId' | 'sentAt'>,
  started: boolean,
): Promise<void> {
  if (conversation.startedBy !== conversation.clientId) return;
  if (started && sent.senderId === conversation.clientId) {
    await deps.responseTimes.clientStarted(conversation.providerId, conversation.conversationId, new Date(conversation.createdAt));
  } else if (sent.senderId === conversation.providerId && conversation.firstReplyAt === undefined) {
    if (!(await deps.responseTimes.providerReplied(conversation, new Date(sent.sentAt)))) return;
  } else {
    return;
  }
  const now = deps.clock();
  await deps.responseTimes.publish(conversation.providerId, now);
  await deps.directory.syncListing(conversation.providerId, now);
}

/**
 * The provider blocked, unblocked or reported a conversation a client started. One the provider turned away
 * is not a client left waiting for an answer: it leaves the figure while blocked, and for good once reported,
 * and the figure on their page and card is published again.
 */
export async function noteTurnedAway(
  deps: ResponseTimesDeps,
  conversation: Pick<ConversationRecord, 'conversationId' | 'clientId' | 'providerId' | 'startedBy'>,
  action: 'blocked' | 'unblocked' | 'reported',
): Promise<void> {
  if (conversation.startedBy !== conversation.clientId) return;
  const changed =
    action === 'unblocked'
      ? await deps.responseTimes.includeUnblocked(conversation.providerId, conversation.conversationId)
      : await deps.responseTimes.exclude(conversation.providerId, conversation.conversationId, action);
  if (!changed) return;
  const now = deps.clock();
  await deps.responseTimes.publish(conversation.providerId, now);
  await deps.directory.syncListing(conversation.providerId, now);
}

/** The median of ascending values; Infinity stands for "never answered". */
function median(sorted: readonly number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The figure at `now` from the provider's facts. Counted: the client conversations of the last 90 days that
 * were answered, and those still unanswered 48 hours on (they count as never answered: against the 48-hour
 * share, and as an endless wait in the median); one unanswered for less than 48 hours is not counted yet.
 * Null (New on Solutionz) below three counted conversations.
 */
export function responseTimeOf(log: readonly string[] | undefined, now: Date): ResponseTime {
  const since = now.getTime() - RESPONSE_TIME_RULES.windowDays * DAY_MS;
  const waits = decodeResponseLog(log)
    .filter((fact) => fact.at >= since && fact.at <= now.getTime())
    .flatMap((fact) => {
      if (fact.replySeconds !== undefined && fact.at + fact.replySeconds * 1000 <= now.getTime()) return [fact.replySeconds];
      return now.getTime() - fact.at >= ANSWERED_WITHIN_SECONDS * 1000 ? [Number.POSITIVE_INFINITY] : [];
    })
    .sort((a, b) => a - b);
  if (waits.length < RESPONSE_TIME_RULES.minConversations) return null;
  const middle = median(waits);
  return {
    conversations: waits.length,
    medianSeconds: Number.isFinite(middle) ? Math.round(middle) : null,
    repliedWithin48hPercent: Math.round((100 * waits.filter((wait) => wait <= ANSWERED_WITHIN_SECONDS).length) / waits.length),
  };
}
