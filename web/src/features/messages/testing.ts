import type { ConversationThread } from '@solutionz/shared';

type ConversationSummary = ConversationThread['conversation'];

/** A conversation as the thread's answer describes it, nobody blocked and sending allowed, with `overrides` applied (for the screen tests). */
export function conversationSummary(
  overrides: Partial<ConversationSummary> & Pick<ConversationSummary, 'conversationId' | 'other' | 'lastLine'>,
): ConversationSummary {
  return {
    job: null,
    lastFromMe: false,
    lastActivityAt: '2026-11-26T12:00:00.000Z',
    unread: 0,
    blockedByMe: false,
    blockedByThem: false,
    messagingStopped: false,
    canSend: true,
    ...overrides,
  };
}
