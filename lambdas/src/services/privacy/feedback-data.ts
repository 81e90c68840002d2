import { FEEDBACK_MESSAGES } from '@solutionz/shared';
import type { FeedbackRecord, FeedbackRepository } from '../../data/feedback-repository';
import type { Eraser, ExportSection } from './personal-data';

/** One feedback as the export shows it; other people appear only by the name their feedback carries. */
function exported(feedback: FeedbackRecord) {
  return {
    rating: feedback.rating,
    title: feedback.title,
    description: feedback.description ?? null,
    published: feedback.approved,
    createdAt: feedback.createdAt,
    updatedAt: feedback.updatedAt ?? null,
    reply: feedback.reply ? { ...feedback.reply } : null,
  };
}

/** Feedback the person left on providers, with the providers' replies. */
export function feedbackGivenSection(feedback: FeedbackRepository): ExportSection {
  return {
    name: 'feedbackGiven',
    async collect({ userId }) {
      return (await feedback.listAllGiven(userId)).map((item) => ({ providerId: item.providerId, authorName: item.authorName, ...exported(item) }));
    },
  };
}

/** Feedback a provider received, with their replies. */
export function feedbackReceivedSection(feedback: FeedbackRepository): ExportSection {
  return {
    name: 'feedbackReceived',
    async collect({ userId }) {
      return (await feedback.listAllReceived(userId)).map((item) => ({ authorName: item.authorName, ...exported(item) }));
    },
  };
}

/**
 * What a person wrote about others stays, shown as from 'Deleted user' with nothing left that leads to
 * them; what others wrote about a provider goes with the provider, with the provider's replies.
 */
export function feedbackEraser(feedback: FeedbackRepository): Eraser {
  return {
    name: 'feedback',
    async erase({ userId }) {
      await feedback.detachAuthor(userId, FEEDBACK_MESSAGES.deletedAuthor);
      await feedback.removeAllReceived(userId);
    },
  };
}
