import { FEEDBACK_MESSAGES, type ReplyResult } from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import { ForbiddenError, NotFoundError } from '../../errors';
import type { FeedbackDeps } from './deps';
import { toFeedbackEntryOf } from './entries';

/**
 * The provider's one reply to feedback addressed to them (docs/product/feedback.md#replies): written the
 * first time, replaced after; `created` tells the page which it was ('Reply submitted' or 'Reply updated').
 */
export async function replyToFeedback(
  deps: Pick<FeedbackDeps, 'feedback' | 'jobs' | 'clock'>,
  caller: AuthorizedCaller,
  target: { providerId: string; feedbackId: string },
  text: string,
): Promise<ReplyResult> {
  const feedback = await deps.feedback.get(target.feedbackId);
  if (!feedback || feedback.providerId !== target.providerId) throw new NotFoundError(FEEDBACK_MESSAGES.notFound);
  if (feedback.providerId !== caller.userId) throw new ForbiddenError(FEEDBACK_MESSAGES.reply.notYours);
  const result = await deps.feedback.putReply(feedback.id, caller.userId, text, deps.clock());
  if (!result) throw new NotFoundError(FEEDBACK_MESSAGES.notFound);
  return { created: result.created, feedback: await toFeedbackEntryOf(deps, result.feedback) };
}
