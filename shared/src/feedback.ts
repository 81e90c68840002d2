import { z } from 'zod';
import { providerIdParamsSchema } from './api/directory';
import { FEEDBACK_LIMITS, FEEDBACK_MESSAGES, FEEDBACK_PAGE_SIZE } from './feedback-constants';

/** Feedback's schemas; its limits and wording are in feedback-constants.ts, so that a page showing feedback loads no zod. */

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
  text: z
    .string(FEEDBACK_MESSAGES.reply.required)
    .trim()
    .min(1, FEEDBACK_MESSAGES.reply.required)
    .max(FEEDBACK_LIMITS.replyMax, FEEDBACK_MESSAGES.reply.tooLong),
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
