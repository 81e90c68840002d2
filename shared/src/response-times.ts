import type { ResponseTime } from './response-time-schema';

/**
 * How fast a provider answers clients, measured from the messages (docs/product/messages.md#response-times), never claimed: the median
 * time from a client's first message in a conversation the client started to the provider's first reply,
 * and the share of those conversations answered within 48 hours, over the last 90 days.
 */
export const RESPONSE_TIME_RULES = {
  /** Conversations started this long ago or more are not counted. */
  windowDays: 90,
  /** Fewer counted conversations than this: "New on Solutionz". */
  minConversations: 3,
  /** A conversation answered within this many hours counts for the reply rate; one still unanswered after it counts as missed. */
  answeredWithinHours: 48,
  /** The newest this many conversations of the window at most (what the public figure is worked out from). */
  maxConversations: 100,
} as const;

// The schema of the figure is in response-time-schema.ts, so that a page showing it loads no zod.

const HOUR_SECONDS = 3600;
const DAY_SECONDS = 24 * HOUR_SECONDS;

export const RESPONSE_TIME_MESSAGES = {
  newProvider: 'New on Solutionz',
  method:
    'Measured from messages on Solutionz over the last 90 days: the median time from a client’s first message to this provider’s first reply, and the share of conversations answered within 48 hours (one still unanswered after 48 hours counts as not answered).',
  filterLabel: 'Usually replies within a day',
} as const;

/** Whether the provider usually replies within a day (the directory's filter). */
export function repliesWithinDay(responseTime: ResponseTime): boolean {
  return responseTime !== null && responseTime.medianSeconds !== null && responseTime.medianSeconds <= DAY_SECONDS;
}

function within(seconds: number): string {
  if (seconds <= 60) return 'within a minute';
  if (seconds < HOUR_SECONDS) return `within ${Math.ceil(seconds / 60)} minutes`;
  if (seconds === HOUR_SECONDS) return 'within an hour';
  if (seconds < DAY_SECONDS) {
    const hours = Math.ceil(seconds / HOUR_SECONDS);
    return hours === 24 ? 'within a day' : `within ${hours} hours`;
  }
  if (seconds === DAY_SECONDS) return 'within a day';
  return `within ${Math.ceil(seconds / DAY_SECONDS)} days`;
}

/** What a page or a card says: the usual reply time (or "New on Solutionz") and the reply rate. */
export function responseTimeText(responseTime: ResponseTime): { readonly headline: string; readonly rate: string | null } {
  if (responseTime === null) return { headline: RESPONSE_TIME_MESSAGES.newProvider, rate: null };
  const rate = `Replies to ${responseTime.repliedWithin48hPercent}% of clients within 48 hours`;
  if (responseTime.medianSeconds === null) return { headline: 'Usually does not reply', rate };
  return { headline: `Usually replies ${within(responseTime.medianSeconds)}`, rate };
}
