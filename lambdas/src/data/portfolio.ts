import { Entity } from 'electrodb';
import { pk, sk } from './key-templates';

/**
 * A provider's portfolio. Every key format of these items is here and nowhere else.
 *
 *   "a provider's portfolio" (the page, the editor, export, erasure): Query PK = USER#<userId>,
 *   SK begins_with PORTFOLIO_ITEM#, all of it (at most PORTFOLIO_LIMITS.maxItemsPerProvider items), put
 *   in order by `position` in memory.
 *   "one item": GetItem PK = USER#<userId>, SK = PORTFOLIO_ITEM#<itemId>. The provider's id is in the
 *   key, so nobody reaches another provider's item by guessing its id.
 */
const PORTFOLIO_MEDIA_KINDS = ['image', 'video'] as const;

export const portfolioItemEntity = new Entity({
  model: { entity: 'portfolioItem', version: '1', service: 'solutionz' },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    itemId: { type: 'string', required: true, readOnly: true },
    title: { type: 'string', required: true },
    description: { type: 'string' },
    /**
     * Smaller comes first. A new item takes the time in ms, so it goes after everything; a reorder
     * numbers the items 0, 1, 2, ...
     */
    position: { type: 'number', required: true },
    media: {
      type: 'list',
      required: true,
      items: {
        type: 'map',
        properties: {
          id: { type: 'string', required: true },
          type: { type: PORTFOLIO_MEDIA_KINDS, required: true },
          filename: { type: 'string', required: true },
          /** The object in the portfolio bucket (served at /<key>). */
          key: { type: 'string' },
          /** A file kept elsewhere (a legacy item's image brought into a media list by an edit). */
          url: { type: 'string' },
          thumbnailKey: { type: 'string' },
          posterKey: { type: 'string' },
        },
      },
    },
    /** Legacy items carry one image URL instead of a media list. */
    imageUrl: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true },
    /** Also the version an edit expects to find (a concurrent edit makes it fail, not overwrite). */
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byUser: { pk: pk('USER#${userId}', ['userId']), sk: sk('PORTFOLIO_ITEM#${itemId}', ['itemId']) },
  },
});

/**
 * How many items a provider has: "add an item" is an UpdateItem `itemCount = itemCount + 1` conditional
 * on `itemCount < limit` in the same transaction as the item's PutItem, so concurrent adds never pass
 * the limit; a delete takes one off in the same transaction as the DeleteItem.
 *   PK = USER#<userId>, SK = PORTFOLIO.
 */
export const portfolioCounterEntity = new Entity({
  model: { entity: 'portfolioCounter', version: '1', service: 'solutionz' },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    itemCount: { type: 'number', required: true, default: 0 },
  },
  indexes: {
    byUser: { pk: pk('USER#${userId}', ['userId']), sk: sk('PORTFOLIO', []) },
  },
});
