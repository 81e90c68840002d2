import { parseCategorySelection, type AccountType } from '@solutionz/shared';
import { STAT } from './admin';
import type { TableStore } from './table-store';
import { conflictPause, MAX_CONFLICT_RETRIES } from './write-outcomes';

/**
 * The admin console's users table: every person is found newest-first and by each word of their names, business
 * name and e-mail address, in `all` and in their account type (`userIndexEntry` items under one `userIndexHead` per
 * person, which lists their entries' slots). The account and admin repositories keep it after every write that
 * changes what a person is found by. The same transaction keeps the count of providers per category selection
 * (STAT.providersWith): the head lists the selections the person is counted under, so a sync moves only the difference
 * and, being conditional on the head's version, never counts anyone twice.
 */

/** What the index reads of a profile. */
interface IndexedPerson {
  readonly userId: string;
  readonly accountType: AccountType;
  readonly firstName: string;
  readonly lastName: string;
  readonly businessName?: string;
  readonly email: string;
  readonly createdAt: string;
  readonly categories: readonly string[];
}

/** Words a search finds a person by: names, business name and e-mail address, accents and case folded. */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** A person is found by at most this many words (a transaction holds the entries of two scopes). */
const MAX_USER_WORDS = 12;
const ALL = 'all';

function wordsOf(profile: IndexedPerson): string[] {
  const words = [profile.firstName, profile.lastName, profile.businessName ?? '', profile.email].flatMap(searchWords);
  return [...new Set(words)].slice(0, MAX_USER_WORDS);
}

interface IndexEntry {
  readonly bucket: string;
  readonly position: string;
}

export const wordBucket = (scope: string, word: string) => `WORD#${scope}#${word[0]}`;
export const listBucket = (scope: string) => `LIST#${scope}`;

/** Every entry that finds the person: newest-first and by word, in `all` and in their account type. */
export function userIndexEntries(profile: IndexedPerson): (IndexEntry & { words: string[] })[] {
  const words = wordsOf(profile);
  return [ALL, profile.accountType].flatMap((scope) => [
    { bucket: listBucket(scope), position: `${profile.createdAt}#${profile.userId}`, words },
    ...words.map((word) => ({ bucket: wordBucket(scope, word), position: `${word}#${profile.userId}`, words })),
  ]);
}

/** The selections a person is counted under: a provider's categories and whole groups (free `Other:` texts are not counted). */
export function countedCategories(profile: Pick<IndexedPerson, 'accountType' | 'categories'>): string[] {
  if (profile.accountType !== 'provider') return [];
  return [...new Set(profile.categories.filter((selection) => parseCategorySelection(selection).kind !== 'other'))];
}

export const slotOf = (entry: IndexEntry) => `${entry.bucket}|${entry.position}`;
function entryOfSlot(slot: string): IndexEntry {
  const at = slot.indexOf('|');
  return { bucket: slot.slice(0, at), position: slot.slice(at + 1) };
}

/** Writes the person's index entries as their profile is now (none when it is gone), taking out the stale ones. */
export async function syncUserIndex(store: TableStore, userId: string): Promise<void> {
  const { profile: profiles, userIndexHead } = store.entities;
  for (let attempt = 1; ; attempt++) {
    const [{ data: profile }, { data: head }] = await Promise.all([
      profiles.get({ userId }).go({ consistent: true }),
      userIndexHead.get({ userId }).go({ consistent: true }),
    ]);
    const wanted = profile ? userIndexEntries(profile) : [];
    const wantedSlots = new Set(wanted.map(slotOf));
    const stale = (head?.slots ?? []).filter((slot) => !wantedSlots.has(slot)).map(entryOfSlot);
    if (!head && wanted.length === 0) return;
    const counted = head?.categories ?? [];
    const categories = profile ? countedCategories(profile) : [];
    const moves = [
      ...categories.filter((selection) => !counted.includes(selection)).map((selection) => ({ selection, delta: 1 })),
      ...counted.filter((selection) => !categories.includes(selection)).map((selection) => ({ selection, delta: -1 })),
    ];
    const result = await store.transaction
      .write(({ userIndexHead: heads, userIndexEntry: entries, adminStat: stats }) => {
        const headWrite = wanted.length
          ? heads
              .put({ userId, version: (head?.version ?? 0) + 1, slots: [...wantedSlots], categories })
              .where((attr, op) => (head ? op.eq(attr.version, head.version) : op.notExists(attr.version)))
              .commit()
          : heads
              .delete({ userId })
              .where((attr, op) => op.eq(attr.version, head!.version))
              .commit();
        return [
          headWrite,
          ...stale.map((entry) => entries.delete({ userId, ...entry }).commit()),
          ...wanted.map((entry) => entries.put({ userId, ...entry }).commit()),
          ...moves.map(({ selection, delta }) =>
            stats
              .update({ name: STAT.providersWith(selection) })
              .add({ count: delta })
              .commit(),
          ),
        ];
      })
      .go();
    if (!result.canceled) return;
    const codes = (result.data as { code: string }[]).map((item) => item.code);
    // Another sync of the same person went first: read again and redo it from what is stored now.
    if (!codes.some((code) => code === 'ConditionalCheckFailed' || code === 'TransactionConflict') || attempt >= MAX_CONFLICT_RETRIES) {
      throw new Error(`The users index of ${userId} was not written: ${codes.join(', ')}`);
    }
    await conflictPause(attempt);
  }
}
