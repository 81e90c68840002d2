import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ProfileRecord } from './account-repository';
import { STAT, statUpdateItem } from './admin';
import { createCategoryRepository } from './category-repository';
import { ALL_SCOPE, DIRECTORY_COUNT_ENTITY, listingItem, listingKey, scopeCountSlots, scopeEntries, type ListingRecord } from './directory';
import { cachedLiveTaxonomy } from './live-taxonomy';
import { countsUpdate, type Item, type TransactItems } from './raw-commands';
import { createTableStore } from './table-store';
import { TABLE } from './table-definition';
import { isListed, listingOf, listingScopes } from './listing-rule';

/**
 * An admin-listed business moving to the person who claimed it: every item keyed by the business's
 * provider id is read here and turned into the writes of one transaction that re-keys it under the
 * claimant (copies put, originals deleted), each write conditional on what was read, so a change that
 * lands in between cancels the move rather than being lost. Items keyed by the provider's id:
 *
 *   profile            USER#<id> / PROFILE                      merged into the claimant's profile, then deleted
 *   listing + entries  LISTING#<id>, LISTED#/GEO#/UNPLACED#…    re-keyed; counts move only where the place or scopes differ
 *   portfolio          USER#<id> / PORTFOLIO_ITEM#…, PORTFOLIO  re-keyed; the counter is added to the claimant's
 *   feedback           FEEDBACK#<fid> (GSI keys by provider)    rewritten with the new provider id, rating aggregate summed
 *   feedback authors   USER#<author> / FEEDBACK_FOR#<id>        re-keyed
 *   saved providers    USER#<client> / SAVED_PROVIDER#<id>      re-keyed, so the clients' saved lists keep the business
 *   business           BUSINESS#<bid> / BUSINESS                ownerUserId becomes the claimant
 *   move marker        USER#<id> / MOVED_TO                     written, so the old page finds the new one
 *
 * Left alone: the users index (derived: synced after the move), the Provider Updates throttles (they lapse
 * by TTL) and the S3 objects (the copied items keep pointing at them).
 */

const { partitionKey: PK, sortKey: SK } = TABLE;

/** The fields of the business that come over onto the claimant's profile (their name, address and account stay). */
const BUSINESS_FIELDS = [
  'businessName',
  'businessId',
  'bio',
  'location',
  'placeName',
  'lat',
  'lng',
  'geohash',
  'placePrecision',
  'phoneNumber',
  'socialLinks',
  'skills',
  'avatarKey',
  'listingGrantedBy',
  'listingGrantedAt',
] as const satisfies readonly (keyof ProfileRecord)[];

export interface TransferPlan {
  /** The provider id the business had. */
  readonly from: string;
  readonly items: TransactItems;
}

type Write = Record<string, unknown>;
const withoutReturn = ({ ReturnValues: _unused, ...params }: Write) => params;
const put = (params: Write) => ({ Put: withoutReturn(params) }) as TransactItems[number];
const remove = (params: Write) => ({ Delete: withoutReturn(params) }) as TransactItems[number];
const update = (params: Write) => ({ Update: withoutReturn(params) }) as TransactItems[number];

/** A merged profile: the claimant's own, with every business field the business has, and both rating aggregates. */
function mergedProfile(claimant: ProfileRecord, business: ProfileRecord, at: string): ProfileRecord {
  const fields = Object.fromEntries(BUSINESS_FIELDS.filter((field) => business[field] !== undefined).map((field) => [field, business[field]]));
  const ratingCount = (claimant.ratingCount ?? 0) + (business.ratingCount ?? 0);
  return {
    ...claimant,
    ...fields,
    categories: business.categories.length > 0 ? [...business.categories] : [...claimant.categories],
    ...(ratingCount > 0 ? { ratingCount, ratingTotal: (claimant.ratingTotal ?? 0) + (business.ratingTotal ?? 0) } : {}),
    updatedAt: at,
  };
}

const keyOf = (item: Item) => `${String(item[PK])}\u0000${String(item[SK])}`;

export function createBusinessTransfer(client: DynamoDBDocumentClient, tableName: string) {
  const store = createTableStore(client, tableName);
  const { profile, listing, portfolioItem, portfolioCounter, feedback, feedbackAuthor, savedProvider, business, profileMove } = store.entities;
  const taxonomy = cachedLiveTaxonomy(createCategoryRepository(client, tableName), tableName);

  /** Equal to what was read, or still absent when it was. */
  const same = (name: string, value: unknown) => (value === undefined ? `attribute_not_exists(#${name})` : `#${name} = :${name}`);

  /**
   * The directory's part: the business's listing and its entries go, the claimant's (if they were listed
   * themselves) too, and the merged profile's listing is written in their place. Entries whose keys both
   * sides write are put once; counts are summed per item, so a listing moving between ids in the same
   * place and scopes moves no count at all.
   */
  async function listingWrites(from: ProfileRecord, to: ProfileRecord, merged: ProfileRecord, now: Date): Promise<TransactItems> {
    const [{ data: old }, { data: own }] = await Promise.all([
      listing.get({ userId: from.userId }).go({ consistent: true }),
      listing.get({ userId: to.userId }).go({ consistent: true }),
    ]);
    const wanted = isListed(merged, now) ? listingOf(merged) : undefined;
    const wantedScopes = wanted ? listingScopes(merged, (await taxonomy()).groups) : [];
    const entries = new Map<string, { item: Item; keep: boolean }>();
    const counts = new Map<string, { key: Item; deltas: Map<string, number> }>();
    let listed = 0;
    const account = (stored: ListingRecord, scopes: readonly string[], sign: 1 | -1) => {
      for (const scope of scopes) {
        for (const item of scopeEntries(stored, scope)) {
          if (sign === 1 || !entries.get(keyOf(item))?.keep) entries.set(keyOf(item), { item, keep: sign === 1 });
        }
        for (const { key, attribute } of scopeCountSlots(stored, scope)) {
          const slot = counts.get(keyOf(key)) ?? { key, deltas: new Map<string, number>() };
          slot.deltas.set(attribute, (slot.deltas.get(attribute) ?? 0) + sign);
          counts.set(keyOf(key), slot);
        }
        if (scope === ALL_SCOPE) listed += sign;
      }
    };
    if (old && !old.tombstone) account(old, old.scopes, -1);
    if (own && !own.tombstone) account(own, own.scopes, -1);
    if (wanted) account(wanted, wantedScopes, 1);

    const names = { '#pk': PK };
    const writes: TransactItems = [];
    if (old)
      writes.push({
        Delete: {
          TableName: tableName,
          Key: listingKey(from.userId),
          ConditionExpression: '#version = :version',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':version': old.version },
        },
      });
    if (wanted) {
      writes.push({
        Put: {
          TableName: tableName,
          Item: listingItem(wanted, wantedScopes, (own?.version ?? 0) + 1),
          ConditionExpression: own ? '#version = :version' : 'attribute_not_exists(#pk)',
          ExpressionAttributeNames: own ? { '#version': 'version' } : names,
          ...(own ? { ExpressionAttributeValues: { ':version': own.version } } : {}),
        },
      });
    } else if (own) {
      writes.push({
        Delete: {
          TableName: tableName,
          Key: listingKey(to.userId),
          ConditionExpression: '#version = :version',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':version': own.version },
        },
      });
    }
    for (const { item, keep } of entries.values()) {
      writes.push(keep ? { Put: { TableName: tableName, Item: item } } : { Delete: { TableName: tableName, Key: { [PK]: item[PK], [SK]: item[SK] } } });
    }
    for (const { key, deltas } of counts.values()) {
      const moved = [...deltas].filter(([, delta]) => delta !== 0);
      if (moved.length === 0) continue;
      writes.push(countsUpdate(tableName, key, moved, DIRECTORY_COUNT_ENTITY));
    }
    if (listed !== 0) writes.push(statUpdateItem(tableName, STAT.listedProviders, listed));
    return writes;
  }

  return {
    /**
     * Reads the business's items and answers the writes that move them to the claimant: undefined when the
     * business's profile is no longer an unclaimed one or the claimant has no provider profile.
     */
    async plan(businessId: string, claimantUserId: string, now: Date): Promise<TransferPlan | undefined> {
      const { data: stored } = await business.get({ businessId }).go({ consistent: true });
      const fromId = stored?.ownerUserId;
      if (!stored || !fromId) return undefined;
      const [{ data: from }, { data: to }] = await Promise.all([
        profile.get({ userId: fromId }).go({ consistent: true }),
        profile.get({ userId: claimantUserId }).go({ consistent: true }),
      ]);
      if (!from?.unclaimed || to?.accountType !== 'provider') return undefined;
      const [fromProfile, toProfile] = [from as ProfileRecord, to as ProfileRecord];
      const at = now.toISOString();
      const merged = mergedProfile(toProfile, fromProfile, at);

      const [portfolio, counters, received, savers] = await Promise.all([
        portfolioItem.query.byUser({ userId: fromId }).go({ pages: 'all' }),
        Promise.all([
          portfolioCounter.get({ userId: fromId }).go({ consistent: true }),
          portfolioCounter.get({ userId: claimantUserId }).go({ consistent: true }),
        ]),
        feedback.query.received({ providerId: fromId }).go({ pages: 'all' }),
        savedProvider.query.savers({ providerId: fromId }).go({ pages: 'all' }),
      ]);
      const [fromCounter] = counters.map((counter) => counter.data);

      const profileCondition = (record: ProfileRecord) => ({
        ConditionExpression: `#updatedAt = :updatedAt AND ${same('ratingCount', record.ratingCount)} AND ${same('ratingTotal', record.ratingTotal)}`,
        ExpressionAttributeNames: { '#updatedAt': 'updatedAt', '#ratingCount': 'ratingCount', '#ratingTotal': 'ratingTotal' },
        ExpressionAttributeValues: {
          ':updatedAt': record.updatedAt,
          ...(record.ratingCount === undefined ? {} : { ':ratingCount': record.ratingCount }),
          ...(record.ratingTotal === undefined ? {} : { ':ratingTotal': record.ratingTotal }),
        },
      });
      const profileKey = (userId: string) => profile.delete({ userId }).params<{ Key: Item }>().Key;
      const mergedItem = profile
        .put({ ...merged, categories: [...merged.categories], ...(merged.skills ? { skills: [...merged.skills] } : {}) } as never)
        .params<{ Item: Item }>().Item;

      const items: TransactItems = [
        { Put: { TableName: tableName, Item: mergedItem, ...profileCondition(toProfile) } },
        { Delete: { TableName: tableName, Key: profileKey(fromId), ...profileCondition(fromProfile) } },
        put(profileMove.put({ userId: fromId, movedTo: claimantUserId, movedAt: at }).params()),
        update(
          business
            .patch({ businessId })
            .set({ ownerUserId: claimantUserId })
            .where((attr, op) => op.eq(attr.ownerUserId, fromId))
            .params(),
        ),
        // The business's profile no longer counts as an account of its own.
        statUpdateItem(tableName, STAT.accounts('provider'), -1),
        ...(await listingWrites(fromProfile, toProfile, merged, now)),
      ];

      for (const item of portfolio.data) {
        items.push(
          put(
            portfolioItem
              .put({ ...item, userId: claimantUserId })
              .where((attr, op) => op.notExists(attr.itemId))
              .params(),
          ),
        );
        items.push(
          remove(
            portfolioItem
              .delete({ userId: fromId, itemId: item.itemId })
              .where((attr, op) => op.eq(attr.updatedAt, item.updatedAt))
              .params(),
          ),
        );
      }
      if (fromCounter) {
        items.push(
          remove(
            portfolioCounter
              .delete({ userId: fromId })
              .where((attr, op) => op.eq(attr.itemCount, fromCounter.itemCount))
              .params(),
          ),
        );
        if (fromCounter.itemCount !== 0)
          items.push(update(portfolioCounter.update({ userId: claimantUserId }).add({ itemCount: fromCounter.itemCount }).params()));
      }

      for (const entry of received.data) {
        items.push(
          put(
            feedback
              .put({ ...entry, providerId: claimantUserId })
              .where(
                (attr, op) =>
                  `${op.eq(attr.approved, entry.approved)} AND ${entry.updatedAt ? op.eq(attr.updatedAt, entry.updatedAt) : op.notExists(attr.updatedAt)} AND ${entry.replyUpdatedAt ? op.eq(attr.replyUpdatedAt, entry.replyUpdatedAt) : op.notExists(attr.replyUpdatedAt)}`,
              )
              .params(),
          ),
        );
        if (entry.authorId) {
          items.push(remove(feedbackAuthor.delete({ authorId: entry.authorId, providerId: fromId }).params()));
          items.push(
            put(
              feedbackAuthor
                .put({ authorId: entry.authorId, providerId: claimantUserId, feedbackId: entry.feedbackId })
                .where((attr, op) => op.notExists(attr.feedbackId))
                .params(),
            ),
          );
        }
      }

      for (const saved of savers.data) {
        items.push(remove(savedProvider.delete({ userId: saved.userId, providerId: fromId }).params()));
        items.push(put(savedProvider.put({ userId: saved.userId, providerId: claimantUserId, savedAt: saved.savedAt }).params()));
      }
      return { from: fromId, items };
    },
  };
}
