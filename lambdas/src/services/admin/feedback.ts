import {
  ADMIN_CONSOLE_MESSAGES,
  ADMIN_FEEDBACK_PAGE_SIZE,
  type AdminFeedbackEntry,
  type AdminFeedbackFilter,
  type AdminFeedbackPage,
  type AdminReason,
} from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import type { ProfileRecord } from '../../data/account-repository';
import type { FeedbackRecord } from '../../data/feedback-repository';
import { NotFoundError } from '../../errors';
import { toFeedbackEntries } from '../feedback/entries';
import { PUBLIC_COPIES } from '../public-copies';
import { actorOf, auditRecord, withCursor } from './audit';
import type { AdminConsoleDeps } from './deps';
import { notifyAffected, type ModerationNotice } from './notices';

const MESSAGES = ADMIN_CONSOLE_MESSAGES.feedback;

const providerNameOf = (profile: ProfileRecord | undefined) => (profile ? `${profile.firstName} ${profile.lastName}`.trim() : '');

/** Entries with the provider's name and business name: one batch read of the page's providers. */
async function withProviders(deps: AdminConsoleDeps, records: readonly FeedbackRecord[]): Promise<AdminFeedbackEntry[]> {
  const [entries, providers] = await Promise.all([
    toFeedbackEntries(deps, records),
    records.length ? deps.accounts.getProfiles(records.map((record) => record.providerId)) : new Map<string, ProfileRecord>(),
  ]);
  return entries.map((entry) => {
    const provider = providers.get(entry.providerId);
    return { ...entry, providerName: providerNameOf(provider), businessName: provider?.businessName ?? null };
  });
}

export async function listFeedback(
  deps: AdminConsoleDeps,
  _caller: AuthorizedCaller,
  query: { status: AdminFeedbackFilter; cursor?: string | undefined },
): Promise<AdminFeedbackPage> {
  const [page, stats] = await Promise.all([
    withCursor(() => deps.feedback.listForModeration(query.status, { limit: ADMIN_FEEDBACK_PAGE_SIZE, ...(query.cursor ? { cursor: query.cursor } : {}) })),
    deps.admin.stats(deps.clock()),
  ]);
  return {
    feedback: await withProviders(deps, page.feedback),
    counts: { all: stats.approvedFeedback + stats.pendingFeedback, approved: stats.approvedFeedback, pending: stats.pendingFeedback },
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
  };
}

/** The feedback addressed to the provider named in the path, and how the audit trail and the author's mail name it. */
async function moderated(deps: AdminConsoleDeps, providerId: string, feedbackId: string) {
  const record = await deps.feedback.get(feedbackId);
  if (!record || record.providerId !== providerId) throw new NotFoundError(MESSAGES.notFound);
  return named(deps, record);
}

async function named(deps: AdminConsoleDeps, record: FeedbackRecord) {
  const provider = await deps.accounts.getProfile(record.providerId);
  const providerName = provider?.businessName ?? providerNameOf(provider);
  return { record, providerName, label: `"${record.title}" for ${providerName}` };
}

/** The author is told what was done to their feedback, and why. */
async function tellAuthor(deps: AdminConsoleDeps, record: FeedbackRecord, notice: ModerationNotice, reason: AdminReason | undefined): Promise<void> {
  if (!record.authorId) return;
  const author = await deps.accounts.getProfile(record.authorId);
  await notifyAffected(deps, author?.email, notice, reason);
}

async function answer(deps: AdminConsoleDeps, record: FeedbackRecord): Promise<{ feedback: AdminFeedbackEntry }> {
  const [entry] = await withProviders(deps, [record]);
  return { feedback: entry! };
}

const gone = (): never => {
  throw new NotFoundError(MESSAGES.notFound);
};

/**
 * Publishing or unpublishing moves the provider's rating and the moderation counts in the feedback's own
 * transaction, with the audit entry; the directory card follows. Asking for the state it has already
 * changes and records nothing.
 */
export async function setFeedbackApproval(
  deps: AdminConsoleDeps,
  caller: AuthorizedCaller,
  params: { providerId: string; feedbackId: string },
  input: { approved: boolean; reason?: AdminReason | undefined },
): Promise<{ feedback: AdminFeedbackEntry }> {
  const actor = actorOf(caller);
  const { record, providerName, label } = await moderated(deps, params.providerId, params.feedbackId);
  const audit = auditRecord(deps, actor, {
    action: input.approved ? 'feedback.approve' : 'feedback.unapprove',
    target: { kind: 'feedback', id: record.id, label },
    before: { approved: record.approved },
    after: { approved: input.approved },
    reason: input.reason,
  });
  const outcome = (await deps.feedback.setApproved(record.id, input.approved, audit)) ?? gone();
  if (outcome.changed) {
    await deps.directory.syncListing(record.providerId, deps.clock());
    await deps.publicCache.purge(PUBLIC_COPIES.provider(record.providerId));
    if (!input.approved) await tellAuthor(deps, record, { kind: 'feedback-unpublished', title: record.title, providerName }, input.reason);
  }
  return answer(deps, outcome.feedback);
}

export async function updateFeedback(
  deps: AdminConsoleDeps,
  caller: AuthorizedCaller,
  params: { providerId: string; feedbackId: string },
  input: { rating: number; title: string; description?: string | undefined; reason: AdminReason },
): Promise<{ feedback: AdminFeedbackEntry }> {
  const actor = actorOf(caller);
  const { record, providerName, label } = await moderated(deps, params.providerId, params.feedbackId);
  const change = { rating: input.rating, title: input.title, ...(input.description ? { description: input.description } : {}) };
  const audit = auditRecord(deps, actor, {
    action: 'feedback.update',
    target: { kind: 'feedback', id: record.id, label },
    before: { rating: record.rating, title: record.title, description: record.description ?? null },
    after: { rating: change.rating, title: change.title, description: change.description ?? null },
    reason: input.reason,
  });
  const updated = (await deps.feedback.edit(record.id, change, deps.clock(), {}, audit)) ?? gone();
  await deps.directory.syncListing(record.providerId, deps.clock());
  await deps.publicCache.purge(PUBLIC_COPIES.provider(record.providerId));
  await tellAuthor(deps, record, { kind: 'feedback-edited', title: record.title, providerName }, input.reason);
  return answer(deps, updated);
}

/** What a feedback deletion changes besides the feedback itself: the provider's listing and cached page. */
async function afterDeletion(deps: AdminConsoleDeps, providerId: string): Promise<void> {
  await deps.directory.syncListing(providerId, deps.clock());
  await deps.publicCache.purge(PUBLIC_COPIES.provider(providerId));
}

/**
 * The feedback goes with its rating, counts and a `started` audit entry in one transaction; the author is
 * told (while the feedback is at hand), the listing and cached page follow, then the entry is completed.
 * Asked again after a failure on the way, the feedback is gone but its started entry is there: the rest is
 * done and the entry completed.
 */
export async function deleteFeedback(
  deps: AdminConsoleDeps,
  caller: AuthorizedCaller,
  params: { providerId: string; feedbackId: string },
  input: { reason: AdminReason },
): Promise<{ feedbackId: string; deleted: true }> {
  const found = await deps.feedback.get(params.feedbackId);
  if (!found) {
    const unfinished = await deps.admin.unfinishedAudit(params.feedbackId, 'feedback.delete');
    if (unfinished?.before?.providerId !== params.providerId) gone();
    await afterDeletion(deps, params.providerId);
    await deps.admin.completeAudit(unfinished!);
    return { feedbackId: params.feedbackId, deleted: true };
  }
  if (found.providerId !== params.providerId) gone();
  const { record, providerName, label } = await named(deps, found);
  const audit = auditRecord(deps, actorOf(caller), {
    action: 'feedback.delete',
    target: { kind: 'feedback', id: record.id, label },
    before: { rating: record.rating, title: record.title, approved: record.approved, providerId: record.providerId },
    reason: input.reason,
    state: 'started',
  });
  if (!(await deps.feedback.remove(record.id, {}, audit))) gone();
  await tellAuthor(deps, record, { kind: 'feedback-deleted', title: record.title, providerName }, input.reason);
  await afterDeletion(deps, record.providerId);
  await deps.admin.completeAudit(audit);
  return { feedbackId: record.id, deleted: true };
}
