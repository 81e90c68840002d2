import { FEEDBACK_MESSAGES, type FeedbackEntry, type FeedbackForm, type FeedbackPage, type RouteQuery, type Routes } from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import { isListed } from '../../data/listing-rule';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import type { FeedbackDeps } from './deps';
import { authorNameOf, readPage, toFeedbackEntryOf } from './entries';

type PageQuery = RouteQuery<Routes['listProviderFeedback']>;
/** The form as the route's schema leaves it: trimmed, a blank description dropped here. */
type Form = Required<Pick<FeedbackForm, 'rating' | 'title'>> & Pick<FeedbackForm, 'description'>;

const content = ({ rating, title, description }: Form) => ({ rating, title, ...(description ? { description } : {}) });

/** Brings the provider's card in line with the rating just changed (the directory takes turns when many land at once). */
function syncCard(deps: Pick<FeedbackDeps, 'directory'>, providerId: string, now: Date): Promise<void> {
  return deps.directory.syncListing(providerId, now);
}

/**
 * A listed provider's published feedback, newest first (docs/product/feedback.md#reading-feedback). Anyone may read it while the
 * provider is listed; otherwise the provider is not found, as their page is.
 */
export async function listProviderFeedback(
  deps: Pick<FeedbackDeps, 'feedback' | 'accounts' | 'jobs' | 'clock'>,
  providerId: string,
  query: PageQuery,
): Promise<FeedbackPage> {
  const profile = await deps.accounts.getProfile(providerId);
  if (!isListed(profile, deps.clock())) throw new NotFoundError(FEEDBACK_MESSAGES.providerUnavailable);
  return readPage(deps, () => deps.feedback.listPublished(providerId, query), profile);
}

/** Everything addressed to the calling provider, published or not, listed or not (the Reviews tab, their own page). */
export async function listMyProviderFeedback(
  deps: Pick<FeedbackDeps, 'feedback' | 'accounts' | 'jobs'>,
  caller: AuthorizedCaller,
  query: PageQuery,
): Promise<FeedbackPage> {
  const profile = await deps.accounts.getProfile(caller.userId);
  return readPage(deps, () => deps.feedback.listReceived(caller.userId, query), profile);
}

export async function getMyFeedbackFor(deps: Pick<FeedbackDeps, 'feedback' | 'jobs'>, caller: AuthorizedCaller, providerId: string): Promise<FeedbackEntry> {
  const mine = await deps.feedback.findByAuthor(providerId, caller.userId);
  if (!mine) throw new NotFoundError(FEEDBACK_MESSAGES.notFound);
  return toFeedbackEntryOf(deps, mine);
}

/**
 * A client's feedback on a listed provider, published at once and counted in the provider's rating
 * (docs/product/feedback.md#leaving-feedback). One per client and provider: the data layer's conditional write refuses a
 * second, however many arrive together.
 */
export async function createFeedback(deps: FeedbackDeps, caller: AuthorizedCaller, providerId: string, form: Form): Promise<FeedbackEntry> {
  if (providerId === caller.userId) throw new ForbiddenError(FEEDBACK_MESSAGES.ownPage);
  const now = deps.clock();
  const [provider, author] = await Promise.all([deps.accounts.getProfile(providerId), deps.accounts.getProfile(caller.userId)]);
  if (!isListed(provider, now)) throw new NotFoundError(FEEDBACK_MESSAGES.providerUnavailable);
  const feedback = {
    id: deps.newId(),
    providerId,
    authorId: caller.userId,
    authorName: authorNameOf(author),
    ...content(form),
    approved: true,
    createdAt: now.toISOString(),
  };
  const outcome = await deps.feedback.create(feedback);
  if (outcome === 'duplicate') throw new ConflictError(FEEDBACK_MESSAGES.duplicate);
  if (outcome === 'no-provider') throw new NotFoundError(FEEDBACK_MESSAGES.providerUnavailable);
  await syncCard(deps, providerId, now);
  return toFeedbackEntryOf(deps, feedback);
}

/** The author changes their own feedback (the whole form); a published one's rating moves the aggregate. */
export async function updateMyFeedback(deps: FeedbackDeps, caller: AuthorizedCaller, providerId: string, form: Form): Promise<FeedbackEntry> {
  const mine = await deps.feedback.findByAuthor(providerId, caller.userId);
  const now = deps.clock();
  const updated = mine && (await deps.feedback.edit(mine.id, content(form), now, { authorId: caller.userId }));
  if (!updated) throw new NotFoundError(FEEDBACK_MESSAGES.notFound);
  if (updated.approved && updated.rating !== mine.rating) await syncCard(deps, providerId, now);
  return toFeedbackEntryOf(deps, updated);
}

/** The author deletes their own feedback, with its reply; a published one leaves the aggregate. */
export async function deleteMyFeedback(deps: FeedbackDeps, caller: AuthorizedCaller, providerId: string): Promise<{ providerId: string; deleted: true }> {
  const mine = await deps.feedback.findByAuthor(providerId, caller.userId);
  const removed = mine && (await deps.feedback.remove(mine.id, { authorId: caller.userId }));
  if (!removed) throw new NotFoundError(FEEDBACK_MESSAGES.notFound);
  if (removed.approved) await syncCard(deps, providerId, deps.clock());
  return { providerId, deleted: true };
}
