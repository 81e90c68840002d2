import { Entity } from 'electrodb';
import { TABLE } from './table-definition';

/**
 * The service taxonomy as data, so the admin can manage it (first loaded from the shared
 * TAXONOMY by seed-categories.ts).
 *
 * Access pattern "list active categories ordered by group then display order":
 *   Query PK = "CATEGORIES" (the `taxonomy` collection) -> every group and category in one
 *   partition, about 90 small items, far below one 1 MB page; no Scan.
 * Sort keys hold ids, not display orders, so re-ordering is an attribute update rather than a key
 * rewrite; the repository orders the (small) result by displayOrder.
 *
 * A category's id is its slug, unique across groups and kept through renames and moves: the directory
 * counts and indexes providers by it. Moving a category to another group rewrites its item under the
 * new group's key in one transaction.
 *
 * A category repeats its group's name and slug: a provider's category can be shown and filtered
 * without reading the group. Renaming a group rewrites its categories (a handful of items).
 */
const TAXONOMY_PARTITION = 'CATEGORIES';

export const categoryGroupEntity = new Entity({
  model: { entity: 'categoryGroup', version: '1', service: 'solutionz' },
  attributes: {
    groupId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    slug: { type: 'string', required: true },
    displayOrder: { type: 'number', required: true },
    isActive: { type: 'boolean', required: true, default: true },
    /**
     * Moved by every change of the group's categories (add, edit, delete, reorder), each conditional on the
     * version it read, so concurrent changes take turns and display orders stay 1..n.
     */
    version: { type: 'number' },
  },
  indexes: {
    byId: {
      collection: 'taxonomy',
      pk: { field: TABLE.partitionKey, composite: [], template: TAXONOMY_PARTITION, casing: 'none' },
      sk: { field: TABLE.sortKey, composite: ['groupId'], template: 'GROUP#${groupId}', casing: 'none' },
    },
  },
});

export const categoryEntity = new Entity({
  model: { entity: 'category', version: '1', service: 'solutionz' },
  attributes: {
    categoryId: { type: 'string', required: true, readOnly: true },
    groupId: { type: 'string', required: true, readOnly: true },
    groupName: { type: 'string', required: true },
    groupSlug: { type: 'string', required: true },
    name: { type: 'string', required: true },
    slug: { type: 'string', required: true },
    displayOrder: { type: 'number', required: true },
    isActive: { type: 'boolean', required: true, default: true },
    /**
     * The selection texts (`Group > Name`) providers may still hold since the category was renamed, moved or
     * deleted, and how far the update of the providers has got (a users-index cursor).
     */
    staleSelections: { type: 'list', items: { type: 'string' } },
    providersCursor: { type: 'string' },
  },
  indexes: {
    byId: {
      collection: 'taxonomy',
      pk: { field: TABLE.partitionKey, composite: [], template: TAXONOMY_PARTITION, casing: 'none' },
      sk: { field: TABLE.sortKey, composite: ['groupId', 'categoryId'], template: 'GROUP#${groupId}#CATEGORY#${categoryId}', casing: 'none' },
    },
  },
});
