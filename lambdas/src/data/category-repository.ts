import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createTableStore } from './table-store';

export interface CategoryGroupRecord {
  readonly groupId: string;
  readonly name: string;
  readonly slug: string;
  readonly displayOrder: number;
  readonly isActive: boolean;
}

export interface CategoryRecord {
  readonly categoryId: string;
  readonly groupId: string;
  readonly groupName: string;
  readonly groupSlug: string;
  readonly name: string;
  readonly slug: string;
  readonly displayOrder: number;
  readonly isActive: boolean;
}

export interface CategoryGroupWithCategories extends CategoryGroupRecord {
  readonly categories: readonly CategoryRecord[];
}

interface Taxonomy {
  readonly groups: readonly CategoryGroupRecord[];
  readonly categories: readonly CategoryRecord[];
}

export interface CategoryRepository {
  /** Active groups by display order, each with its active categories by display order. */
  listActive(): Promise<CategoryGroupWithCategories[]>;
  /** Every group and category, active or not. */
  listAll(): Promise<Taxonomy>;
  putGroups(groups: readonly CategoryGroupRecord[]): Promise<void>;
  putCategories(categories: readonly CategoryRecord[]): Promise<void>;
}

const byDisplayOrder = (a: { displayOrder: number; name: string }, b: { displayOrder: number; name: string }) =>
  a.displayOrder - b.displayOrder || a.name.localeCompare(b.name, 'en-GB');

export function createCategoryRepository(client: DynamoDBDocumentClient, tableName: string): CategoryRepository {
  const service = createTableStore(client, tableName);

  async function listAll(): Promise<Taxonomy> {
    const { data } = await service.collections.taxonomy({}).go({ pages: 'all' });
    return { groups: data.categoryGroup, categories: data.category };
  }

  return {
    listAll,

    async listActive() {
      const { groups, categories } = await listAll();
      return groups
        .filter((group) => group.isActive)
        .sort(byDisplayOrder)
        .map((group) => ({
          ...group,
          categories: categories.filter((category) => category.isActive && category.groupId === group.groupId).sort(byDisplayOrder),
        }));
    },

    async putGroups(groups) {
      if (groups.length === 0) return;
      const { unprocessed } = await service.entities.categoryGroup.put([...groups]).go();
      if (unprocessed.length > 0) throw new Error(`${unprocessed.length} category groups were not written`);
    },

    async putCategories(categories) {
      if (categories.length === 0) return;
      const { unprocessed } = await service.entities.category.put([...categories]).go();
      if (unprocessed.length > 0) throw new Error(`${unprocessed.length} categories were not written`);
    },
  };
}
