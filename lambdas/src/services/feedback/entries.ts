import { FEEDBACK_MESSAGES, type FeedbackEntry, type FeedbackPage } from '@solutionz/shared';
import type { ProfileRecord } from '../../data/account-repository';
import type { FeedbackPageRecord, FeedbackRecord } from '../../data/feedback-repository';
import { InvalidCursorError } from '../../data/time-cursor';
import { ValidationError } from '../../errors';

/** Feedback as the page shows it: who wrote it only by the name it carries. */
export function toFeedbackEntry(record: FeedbackRecord): FeedbackEntry {
  return {
    id: record.id,
    providerId: record.providerId,
    rating: record.rating,
    title: record.title,
    ...(record.description ? { description: record.description } : {}),
    authorName: record.authorName,
    createdAt: record.createdAt,
    ...(record.updatedAt ? { updatedAt: record.updatedAt } : {}),
    approved: record.approved,
    verifiedJob: false,
    ...(record.reply ? { reply: { ...record.reply } } : {}),
  };
}

/** The rating the cards show, from the profile's aggregate of published feedback. */
export function ratingOf(profile: Pick<ProfileRecord, 'ratingCount' | 'ratingTotal'> | undefined): FeedbackPage['rating'] {
  const count = profile?.ratingCount ?? 0;
  return { average: count > 0 ? Math.round(((profile?.ratingTotal ?? 0) / count) * 10) / 10 : null, count };
}

/** The name feedback is shown under: the author's first and last name, else 'Anonymous User'. */
export function authorNameOf(profile: Pick<ProfileRecord, 'firstName' | 'lastName'> | undefined): string {
  return `${profile?.firstName ?? ''} ${profile?.lastName ?? ''}`.trim() || FEEDBACK_MESSAGES.anonymousAuthor;
}

/** A page read, with a cursor the repository did not make answered as the caller's mistake. */
export async function readPage(read: () => Promise<FeedbackPageRecord>, profile: ProfileRecord | undefined): Promise<FeedbackPage> {
  let page;
  try {
    page = await read();
  } catch (error) {
    if (error instanceof InvalidCursorError) throw new ValidationError({ 'query.cursor': FEEDBACK_MESSAGES.badCursor }, FEEDBACK_MESSAGES.badCursor, { cause: error });
    throw error;
  }
  return {
    feedback: page.feedback.map(toFeedbackEntry),
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
    rating: ratingOf(profile),
  };
}
