import { Entity } from 'electrodb';
import { pk, sk } from './key-templates';

/** A listed provider's card, where they are and the scopes they are indexed under (see directory.ts). */
export const listingEntity = new Entity({
  model: { entity: 'listing', version: '1', service: 'solutionz' },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    businessName: { type: 'string' },
    name: { type: 'string', required: true },
    avatarKey: { type: 'string' },
    categories: { type: 'list', items: { type: 'string' }, required: true },
    skills: { type: 'list', items: { type: 'string' }, required: true },
    ratingAverage: { type: 'number' },
    ratingCount: { type: 'number', required: true },
    bio: { type: 'string' },
    locationName: { type: 'string' },
    lat: { type: 'number' },
    lng: { type: 'number' },
    geohash: { type: 'string' },
    listedUntil: { type: 'string' },
    /** The provider's response facts, copied from the profile (response-times.ts). */
    responseLog: { type: 'list', items: { type: 'string' } },
    /** The scopes it is indexed under. */
    scopes: { type: 'list', items: { type: 'string' }, required: true },
    /** Each write expects the version it read, so concurrent syncs of one provider take turns. */
    version: { type: 'number', required: true },
    /** Being taken out of the indexes: no longer listed, its entries not all gone yet. */
    tombstone: { type: 'boolean' },
  },
  indexes: {
    byUser: { pk: pk('LISTING#${userId}', ['userId']), sk: sk('LISTING', []) },
  },
});
