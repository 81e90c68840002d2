import { FEEDBACK_MESSAGES, type FeedbackEntry, type FeedbackPage } from '@solutionz/shared';
import type { ProfileRecord } from '../../data/account-repository';
import type { FeedbackPageRecord, FeedbackRecord } from '../../data/feedback-repository';
import type { FeedbackDeps } from './deps';
import { readWithCursor } from '../page-cursor';

/** Feedback as the page shows it: who wrote it only by the name it carries. */
function toFeedbackEntry(record: FeedbackRecord, verifiedJob: boolean): FeedbackEntry {
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
    verifiedJob,
    ...(record.reply ? { reply: { ...record.reply } } : {}),
  };
}

/**
 * Feedback entries, each marked "Verified job" when its provider revealed a job of its author: one batch
 * read of the markers per provider (a page is one provider's), never a read per entry. Feedback of an
 * erased author has no author left to verify.
 */
export async function toFeedbackEntries(deps: Pick<FeedbackDeps, 'jobs'>, records: readonly FeedbackRecord[]): Promise<FeedbackEntry[]> {
  const authorsByProvider = new Map<string, string[]>();
  for (const { providerId, authorId } of records) {
    if (authorId) authorsByProvider.set(providerId, [...(authorsByProvider.get(providerId) ?? []), authorId]);
  }
  const verified = new Map(
    await Promise.all(
      [...authorsByProvider].map(async ([providerId, authorIds]) => [providerId, await deps.jobs.verifiedClients(providerId, authorIds)] as const),
    ),
  );
  return records.map((record) => toFeedbackEntry(record, record.authorId !== undefined && verified.get(record.providerId)?.has(record.authorId) === true));
}

export async function toFeedbackEntryOf(deps: Pick<FeedbackDeps, 'jobs'>, record: FeedbackRecord): Promise<FeedbackEntry> {
  const [entry] = await toFeedbackEntries(deps, [record]);
  return entry!;
}

/** The rating the cards show, from the profile's aggregate of published feedback. */
function ratingOf(profile: Pick<ProfileRecord, 'ratingCount' | 'ratingTotal'> | undefined): FeedbackPage['rating'] {
  const count = profile?.ratingCount ?? 0;
  return { average: count > 0 ? Math.round(((profile?.ratingTotal ?? 0) / count) * 10) / 10 : null, count };
}

/** The name feedback is shown under: the author's first and last name, else 'Anonymous User'. */
export function authorNameOf(profile: Pick<ProfileRecord, 'firstName' | 'lastName'> | undefined): string {
  return `${profile?.firstName ?? ''} ${profile?.lastName ?? ''}`.trim() || FEEDBACK_MESSAGES.anonymousAuthor;
}

/** A page read, with a cursor the repository did not make answered as the caller's mistake. */
export async function readPage(
  deps: Pick<FeedbackDeps, 'jobs'>,
  read: () => Promise<FeedbackPageRecord>,
  profile: ProfileRecord | undefined,
): Promise<FeedbackPage> {
  const page = await readWithCursor(read, FEEDBACK_MESSAGES.badCursor);
  return {
    feedback: await toFeedbackEntries(deps, page.feedback),
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
    rating: ratingOf(profile),
  };
}
