import { SECURITY_MESSAGES } from './security-messages';

/**
 * Feedback on a provider and the provider's reply (docs/product/feedback.md): what the
 * API takes and answers, the limits and the wording. The web's forms and the API validate with the same
 * schemas, so both give the same messages.
 */

export const FEEDBACK_LIMITS = { rating: { min: 1, max: 5 }, titleMax: 100, descriptionMax: 2000, replyMax: 2000 } as const;
export const FEEDBACK_PAGE_SIZE = { default: 10, max: 50 } as const;

export const FEEDBACK_MESSAGES = {
  ratingRequired: 'Please select a rating',
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${FEEDBACK_LIMITS.titleMax} characters`,
  descriptionTooLong: `Description must be at most ${FEEDBACK_LIMITS.descriptionMax} characters`,
  published: { title: 'Feedback submitted', description: 'Thank you for your feedback. It has been published.' },
  duplicate: 'You have already submitted feedback for this provider',
  loginRequired: { title: 'Authentication required', description: 'You must be logged in to submit feedback' },
  submitFailed: { title: 'Submission failed', fallback: 'Failed to submit feedback' },
  loadFailed: 'Failed to load feedback',
  /** The Reviews tab of the provider's own profile. */
  reviewsLoadFailed: 'Failed to load reviews. Please try again later.',
  /** A provider or an admin asking to leave feedback (403). */
  clientsOnly: 'Only clients can leave feedback.',
  ownPage: 'You cannot leave feedback on your own profile.',
  /** The provider is not listed (or does not exist): no public feedback and no new feedback (404). */
  providerUnavailable: 'This professional is not in the directory.',
  /** The caller has no feedback for this provider (404 from the `mine` routes). */
  notFound: 'Feedback not found',
  updated: 'Feedback updated',
  updateFailed: 'Failed to update feedback',
  deleted: 'Feedback deleted',
  deleteFailed: 'Failed to delete feedback',
  deleteConfirm: 'Are you sure you want to delete this feedback? This action cannot be undone.',
  /** Only a provider receives feedback (the caller of GET /api/me/feedback who is not one, 403). */
  providersOnly: 'Only service providers receive feedback.',
  anonymousAuthor: 'Anonymous User',
  deletedAuthor: SECURITY_MESSAGES.deletedUserName,
  badCursor: 'This page link has expired. Please reload the feedback.',
  reply: {
    needsConfirmedEmail: 'Replying to feedback needs a confirmed e-mail address.',
    required: 'Reply cannot be empty',
    tooLong: `Reply must be at most ${FEEDBACK_LIMITS.replyMax} characters`,
    submitted: 'Reply submitted',
    updated: 'Reply updated',
    submitFailed: { title: 'Submission failed', fallback: 'Failed to submit reply.' },
    updateFailed: { title: 'Update failed', fallback: 'Failed to update reply.' },
    /** A provider replying to feedback addressed to someone else (403). */
    notYours: 'You can only reply to feedback on your own profile.',
    /** Anyone but a provider (403). */
    providersOnly: 'Only the provider the feedback is addressed to can reply.',
  },
} as const;
