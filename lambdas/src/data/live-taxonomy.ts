import { formatCategorySelection, TAXONOMY, type TaxonomyGroup } from '@solutionz/shared';

/** The taxonomy as the admin keeps it: active groups and categories, and the selections of deleted ones. */
export interface LiveTaxonomy {
  readonly groups: readonly TaxonomyGroup[];
  /** `Group > Name` of each deleted category, to its name. */
  readonly retired: ReadonlyMap<string, string>;
}

/** What the live taxonomy is made from: every group and category as the category repository stores them, active or not. */
interface StoredTaxonomy {
  readonly groups: readonly {
    readonly groupId: string;
    readonly name: string;
    readonly slug: string;
    readonly displayOrder: number;
    readonly isActive: boolean;
  }[];
  readonly categories: readonly {
    readonly groupId: string;
    readonly groupName: string;
    readonly name: string;
    readonly slug: string;
    readonly displayOrder: number;
    readonly isActive: boolean;
  }[];
}

const byOrder = (a: { displayOrder: number }, b: { displayOrder: number }) => a.displayOrder - b.displayOrder;

/**
 * A table not seeded yet (the seed runs on start and on deploy) reads as the seed it is about to get. A group
 * whose every category was deleted offers nothing to pick or browse, so readers do not see it (the admin does).
 */
function liveTaxonomyOf({ groups, categories }: StoredTaxonomy): LiveTaxonomy {
  if (groups.length === 0) return { groups: TAXONOMY, retired: new Map() };
  return {
    groups: groups
      .filter((group) => group.isActive)
      .sort(byOrder)
      .map((group) => ({
        name: group.name,
        slug: group.slug,
        subcategories: categories
          .filter((category) => category.isActive && category.groupId === group.groupId)
          .sort(byOrder)
          .map((category) => ({ name: category.name, slug: category.slug })),
      }))
      .filter((group) => group.subcategories.length > 0),
    retired: new Map(
      categories
        .filter((category) => !category.isActive)
        .map((category) => [formatCategorySelection({ kind: 'sub', group: category.groupName, sub: category.name }), category.name]),
    ),
  };
}

/** As GET /api/categories is kept at the edge: an admin's change reaches every reader within a minute. */
const TAXONOMY_CACHE_MS = 60_000;
const cache = new Map<string, { readonly until: number; readonly taxonomy: Promise<LiveTaxonomy> }>();

/**
 * The live taxonomy read once a minute per table and Lambda instance (one Query of ~100 small items), so a
 * check of a selection or a listing's scopes costs no read of its own. A table not seeded yet is not kept.
 */
export function cachedLiveTaxonomy(
  categories: { listAll(): Promise<StoredTaxonomy> },
  tableName: string,
  now: () => number = Date.now,
): () => Promise<LiveTaxonomy> {
  return () => {
    const held = cache.get(tableName);
    if (held && held.until > now()) return held.taxonomy;
    const taxonomy = categories.listAll().then(liveTaxonomyOf);
    cache.set(tableName, { until: now() + TAXONOMY_CACHE_MS, taxonomy });
    taxonomy.then(
      (read) => read.groups === TAXONOMY && cache.delete(tableName),
      () => cache.delete(tableName),
    );
    return taxonomy;
  };
}

/** A change of the taxonomy made here is read back at once by this instance (others within the minute). */
export function forgetLiveTaxonomy(tableName: string): void {
  cache.delete(tableName);
}
