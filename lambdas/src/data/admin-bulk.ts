import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { inParallel } from '../in-parallel';
import type { ProfileRecord } from './account-repository';
import { accountEmailEntity, businessEntity, businessWordEntity } from './accounts';
import { countedAccounts, STAT, ukDay, ukMonth, userIndexEntryEntity, userIndexHeadEntity } from './admin';
import { addToDay, addToStat, addToTransparency } from './admin-repository';
import { countedCategories, slotOf, userIndexEntries } from './user-index';
import { nameWords, wordItem } from './business-repository';
import { chunks } from './batch';
import { bulkLoadProviders } from './directory-bulk';
import { feedbackAuthorEntity, feedbackEntity } from './feedback';
import type { FeedbackRecord } from './feedback-repository';
import { PARAMS_ONLY } from './key-templates';
import { directoryIndexCommands, type Item } from './raw-commands';
import { counterChangesAt } from './transparency';

/**
 * Many accounts and feedback at once (the admin benchmark): exactly the items sign-up, the users index,
 * the directory and the feedback repository's writes would leave, written in parallel batches without
 * conditions. The profiles carry the rating aggregate of their published feedback, the dashboard's
 * counters are added up in memory and added once each, and the directory lists the listed providers
 * (directory-bulk.ts). For loading a table nothing else writes meanwhile, with accounts and feedback new
 * to it; never a request path. The confirmation tokens of sign-up are not written: confirmed accounts
 * hold no live one.
 */

/**
 * Feedback as a client left it (with its author's link); `approved` is the state it was moderated to; `reply`
 * the provider's reply as the feedback repository's `putReply` leaves it (on the feedback item), written `at`.
 */
export type BulkFeedback = Omit<FeedbackRecord, 'updatedAt' | 'reply' | 'authorId'> & {
  readonly authorId: string;
  readonly reply?: { readonly text: string; readonly at: string };
};

/** Accounts per round: their items are built, written and dropped before the next round, so 50,000 accounts fit in memory. */
const ACCOUNTS_PER_ROUND = 2_000;
/** Counter additions in flight at once. */
const PARALLEL_COUNTERS = 8;

const itemOf = (put: { params: <T>(options: typeof PARAMS_ONLY) => T }) => put.params<{ Item: Item }>(PARAMS_ONLY).Item;

/** The items an account leaves besides its profile and listing: e-mail owner, business with its words, users index. */
function accountItems(profile: ProfileRecord): Item[] {
  const entries = userIndexEntries(profile);
  const items = [
    itemOf(
      accountEmailEntity.put({ email: profile.email, reservationId: profile.userId, reservedUntil: Date.parse(profile.createdAt), userId: profile.userId }),
    ),
    itemOf(userIndexHeadEntity.put({ userId: profile.userId, version: 1, slots: entries.map(slotOf), categories: countedCategories(profile) })),
    ...entries.map((entry) => itemOf(userIndexEntryEntity.put({ userId: profile.userId, ...entry }))),
  ];
  if (profile.businessId && profile.businessName) {
    const business = { businessId: profile.businessId, businessName: profile.businessName };
    items.push(
      itemOf(businessEntity.put({ ...business, businessEmail: profile.email, ownerUserId: profile.userId, createdAt: profile.createdAt })),
      ...nameWords(profile.businessName).map((word) => itemOf(businessWordEntity.put(wordItem(word, business)))),
    );
  }
  return items;
}

function feedbackItems({ id, reply, ...feedback }: BulkFeedback): Item[] {
  return [
    itemOf(
      feedbackEntity.put({ ...feedback, feedbackId: id, ...(reply ? { replyText: reply.text, replyCreatedAt: reply.at, replyUpdatedAt: reply.at } : {}) }),
    ),
    itemOf(feedbackAuthorEntity.put({ authorId: feedback.authorId, providerId: feedback.providerId, feedbackId: id })),
  ];
}

/**
 * Writes the accounts (profiles with the rating of their published feedback), the feedback, and every
 * index and counter they move; answers how many providers were listed and how many items were written.
 */
export async function bulkLoadAccounts(
  client: DynamoDBDocumentClient,
  tableName: string,
  accounts: { readonly profiles: readonly ProfileRecord[]; readonly feedback: readonly BulkFeedback[] },
  now: Date,
): Promise<{ listed: number; items: number }> {
  const index = directoryIndexCommands(client, tableName);
  const ratings = new Map<string, { ratingCount: number; ratingTotal: number }>();
  for (const feedback of accounts.feedback.filter((one) => one.approved)) {
    const rating = ratings.get(feedback.providerId) ?? { ratingCount: 0, ratingTotal: 0 };
    ratings.set(feedback.providerId, { ratingCount: rating.ratingCount + 1, ratingTotal: rating.ratingTotal + feedback.rating });
  }
  const stats = new Map<string, number>();
  const count = (name: string, delta = 1) => stats.set(name, (stats.get(name) ?? 0) + delta);
  const signups = new Map<string, number>();

  let listed = 0;
  let written = 0;
  for (const round of chunks(accounts.profiles, ACCOUNTS_PER_ROUND)) {
    const rated = round.map((profile) => {
      const rating = ratings.get(profile.userId);
      return rating
        ? { ...profile, ratingCount: (profile.ratingCount ?? 0) + rating.ratingCount, ratingTotal: (profile.ratingTotal ?? 0) + rating.ratingTotal }
        : profile;
    });
    listed += (await bulkLoadProviders(client, tableName, rated, now)).listed;
    const items = rated.flatMap(accountItems);
    await index.batchPut(items);
    written += rated.length + items.length;
    for (const profile of rated) {
      for (const name of countedAccounts(profile.accountType)) count(name);
      for (const selection of countedCategories(profile)) count(STAT.providersWith(selection));
      signups.set(ukDay(profile.createdAt), (signups.get(ukDay(profile.createdAt)) ?? 0) + 1);
    }
    for (const profile of rated.filter((one) => one.businessId && one.businessName)) {
      count(STAT.businesses);
      count(STAT.businessesIn(ukMonth(profile.createdAt)));
    }
  }
  for (const round of chunks(accounts.feedback, ACCOUNTS_PER_ROUND)) {
    const items = round.flatMap(feedbackItems);
    await index.batchPut(items);
    written += items.length;
    for (const feedback of round) count(STAT.feedback(feedback.approved));
  }
  // Each counter once, several at a time (additions, so their order does not matter).
  const additions = [
    ...[...stats].map(
      ([name, delta]) =>
        () =>
          addToStat(client, tableName, name, delta),
    ),
    ...[...signups].map(
      ([day, delta]) =>
        () =>
          addToDay(client, tableName, day, 'signups', delta),
    ),
    // Feedback published as it was written (the feedback repository counts it in the same transaction).
    ...counterChangesAt(accounts.feedback.filter((one) => one.approved).map((one) => ({ figure: 'feedback.published' as const, at: one.createdAt }))).map(
      (change) => () => addToTransparency(client, tableName, change),
    ),
  ];
  await inParallel(additions, PARALLEL_COUNTERS, (add) => add());
  return { listed, items: written };
}
