import { z } from 'zod';
import { providerIdParamsSchema } from './api/directory';
import { SECURITY_MESSAGES } from './profile';

/**
 * Feedback on a provider and the provider's reply (spec 02 sections 3-5, 8 and 9): what the
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

const rating = z
  .number(FEEDBACK_MESSAGES.ratingRequired)
  .int(FEEDBACK_MESSAGES.ratingRequired)
  .min(FEEDBACK_LIMITS.rating.min, FEEDBACK_MESSAGES.ratingRequired)
  .max(FEEDBACK_LIMITS.rating.max, FEEDBACK_MESSAGES.ratingRequired);

/**
 * New feedback, and an edit of one's own (the whole form again: a description left out or blank is
 * removed). The author's name is not sent: the server takes it from the author's profile.
 */
export const feedbackFormSchema = z.strictObject({
  rating,
  title: z.string(FEEDBACK_MESSAGES.titleRequired).trim().min(1, FEEDBACK_MESSAGES.titleRequired).max(FEEDBACK_LIMITS.titleMax, FEEDBACK_MESSAGES.titleTooLong),
  description: z.string().trim().max(FEEDBACK_LIMITS.descriptionMax, FEEDBACK_MESSAGES.descriptionTooLong).optional(),
});
export type FeedbackForm = z.input<typeof feedbackFormSchema>;

export const replyFormSchema = z.strictObject({
  text: z.string(FEEDBACK_MESSAGES.reply.required).trim().min(1, FEEDBACK_MESSAGES.reply.required).max(FEEDBACK_LIMITS.replyMax, FEEDBACK_MESSAGES.reply.tooLong),
});
export type ReplyForm = z.input<typeof replyFormSchema>;

export const feedbackParamsSchema = providerIdParamsSchema.extend({ feedbackId: z.string().trim().min(1).max(100) });

export const feedbackPageQuerySchema = z.object({
  cursor: z.string().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(FEEDBACK_PAGE_SIZE.max).default(FEEDBACK_PAGE_SIZE.default),
});

const feedbackReplySchema = z.object({
  text: z.string(),
  createdAt: z.iso.datetime(),
  /** The time of the last edit; the creation time until it is edited. */
  updatedAt: z.iso.datetime(),
});

export const feedbackEntrySchema = z.object({
  id: z.string(),
  providerId: z.string(),
  rating: z.number().int().min(FEEDBACK_LIMITS.rating.min).max(FEEDBACK_LIMITS.rating.max),
  title: z.string(),
  description: z.string().optional(),
  /** The author's first and last name when written, 'Anonymous User' without a name, 'Deleted user' once the account is erased. */
  authorName: z.string(),
  createdAt: z.iso.datetime(),
  /** When the author (or an admin) last edited it; absent if never. */
  updatedAt: z.iso.datetime().optional(),
  /** Published: shown publicly and counted in the rating. New feedback is; an admin may unpublish it. */
  approved: z.boolean(),
  /** "Verified job": the provider revealed the contact details of a job the author posted. */
  verifiedJob: z.boolean(),
  reply: feedbackReplySchema.optional(),
});
export type FeedbackEntry = z.infer<typeof feedbackEntrySchema>;

const feedbackRatingSchema = z.object({
  /** Mean of the published ratings, one decimal; null without any. */
  average: z.number().min(1).max(5).nullable(),
  count: z.number().int().min(0),
});

export const feedbackPageSchema = z.object({
  /** Newest first. */
  feedback: z.array(feedbackEntrySchema),
  /** Where the next page starts; absent on the last page. */
  nextCursor: z.string().optional(),
  /** The provider's rating as cards and the page show it (published feedback only). */
  rating: feedbackRatingSchema,
});
export type FeedbackPage = z.infer<typeof feedbackPageSchema>;

export const feedbackDeletedSchema = z.object({ providerId: z.string(), deleted: z.literal(true) });

export const replyResultSchema = z.object({
  /** True when this was the feedback's first reply ('Reply submitted'), false for an edit ('Reply updated'). */
  created: z.boolean(),
  feedback: feedbackEntrySchema,
});
export type ReplyResult = z.infer<typeof replyResultSchema>;
