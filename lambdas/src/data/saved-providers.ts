import { Entity } from 'electrodb';
import { gsi1, gsi2, pk, sk } from './key-templates';
import { TABLE } from './table-definition';

/**
 * Saved professionals (docs/product/directory.md#saved-professionals): one item per person and provider they saved.
 * Every key format of these items is here and nowhere else.
 *
 *   "save / unsave one provider": PutItem (attribute_not_exists) / DeleteItem on
 *   PK = USER#<userId>, SK = SAVED_PROVIDER#<providerId>. The key makes a second save of the same
 *   provider the same item, so saving twice keeps one, with the time of the first save.
 *   "a person's saved providers, newest first" (the bookmarks tab, export, erasure): Query GSI1
 *   PK = USER#<userId>, SK begins_with SAVED_PROVIDER#, descending; the sort key is
 *   SAVED_PROVIDER#<savedAt>#<providerId>, so a page resumes strictly below the last one shown
 *   (`SK BETWEEN SAVED_PROVIDER# AND <last>`, the last itself dropped), whatever was saved meanwhile.
 * The GSI1 partition is the one the person's link tokens use (accounts.ts), under another prefix.
 *   "who saved this provider" (Provider Updates, provider-updates.ts): Query GSI2 PK = SAVERS_OF#<providerId>,
 *   paged; SK = USER#<userId>.
 */
export const savedProviderEntity = new Entity({
  model: { entity: 'savedProvider', version: '1', service: 'solutionz' },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    providerId: { type: 'string', required: true, readOnly: true },
    /** ISO time of the first save. */
    savedAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byProvider: { pk: pk('USER#${userId}', ['userId']), sk: sk('SAVED_PROVIDER#${providerId}', ['providerId']) },
    newestFirst: gsi1('USER#${userId}', ['userId'], 'SAVED_PROVIDER#${savedAt}#${providerId}', ['savedAt', 'providerId']),
    savers: gsi2('SAVERS_OF#${providerId}', ['providerId'], 'USER#${userId}', ['userId']),
  },
});

/**
 * The `newestFirst` keys spelled out for the paged Query, which needs a key condition ElectroDB does not
 * build (strictly below a position, and no lower than the prefix).
 */
const GSI1 = TABLE.globalIndexes[0];
export const newestFirstKeys = {
  index: GSI1.indexName,
  partitionKey: GSI1.partitionKey,
  sortKey: GSI1.sortKey,
  partition: (userId: string) => `USER#${userId}`,
  prefix: 'SAVED_PROVIDER#',
  sort: (savedAt: string, providerId: string) => `SAVED_PROVIDER#${savedAt}#${providerId}`,
} as const;
