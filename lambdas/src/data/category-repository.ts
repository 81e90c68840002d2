import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { auditAttributes, type AuditRecord } from './admin-repository';
import { forgetLiveTaxonomy } from './live-taxonomy';
import { createTableStore } from './table-store';
import { isConditionFailure } from './write-outcomes';

export interface CategoryGroupRecord {
  readonly groupId: string;
  readonly name: string;
  readonly slug: string;
  readonly displayOrder: number;
  readonly isActive: boolean;
  /** Absent until the group's categories are first changed. */
  readonly version?: number;
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
  /** Selection texts providers may still hold, while their update runs. */
  readonly staleSelections?: string[];
  readonly providersCursor?: string;
}

/**
 * One change of the taxonomy, written in one transaction with its audit entry: each group it touches
 * is written only if its version is still the one read (else nothing is written and the change answers
 * 'conflict', to be worked out again from what is stored now).
 */
interface TaxonomyChange {
  readonly groups: readonly { readonly group: CategoryGroupRecord; readonly readVersion: number | undefined }[];
  readonly putCategories: readonly CategoryRecord[];
  readonly deleteCategories: readonly { readonly groupId: string; readonly categoryId: string }[];
  readonly audit?: AuditRecord;
}

export interface CategoryGroupWithCategories extends CategoryGroupRecord {
  readonly categories: readonly CategoryRecord[];
}

export interface Taxonomy {
  readonly groups: readonly CategoryGroupRecord[];
  readonly categories: readonly CategoryRecord[];
}

export interface CategoryRepository {
  /** Active groups by display order, each with its active categories by display order. */
  listActive(): Promise<CategoryGroupWithCategories[]>;
  /** Every group and category, active or not; `consistent` reads what a write just before it left. */
  listAll(options?: { consistent?: boolean }): Promise<Taxonomy>;
  applyChange(change: TaxonomyChange): Promise<'applied' | 'conflict'>;
  /** Records how far a provider update has got; done clears it. False when the category changed meanwhile. */
  saveProvidersProgress(category: CategoryRecord, next: { cursor: string } | 'done'): Promise<boolean>;
  putGroups(groups: readonly CategoryGroupRecord[]): Promise<void>;
  putCategories(categories: readonly CategoryRecord[]): Promise<void>;
}

const byDisplayOrder = (a: { displayOrder: number; name: string }, b: { displayOrder: number; name: string }) =>
  a.displayOrder - b.displayOrder || a.name.localeCompare(b.name, 'en-GB');

export function createCategoryRepository(client: DynamoDBDocumentClient, tableName: string): CategoryRepository {
  const service = createTableStore(client, tableName);

  async function listAll(options: { consistent?: boolean } = {}): Promise<Taxonomy> {
    const { data } = await service.collections.taxonomy({}).go({ pages: 'all', ...(options.consistent ? { consistent: true } : {}) });
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

    async applyChange({ groups, putCategories, deleteCategories, audit }) {
      const result = await service.transaction
        .write(({ categoryGroup, category, auditEntry }) => [
          ...groups.map(({ group, readVersion }) =>
            categoryGroup
              .put({ ...group, version: (readVersion ?? 0) + 1 })
              .where((attr, op) => (readVersion === undefined ? op.notExists(attr.version) : op.eq(attr.version, readVersion)))
              .commit(),
          ),
          ...deleteCategories.map((key) => category.delete(key).commit()),
          ...putCategories.map((record) => category.put(record).commit()),
          ...(audit ? [auditEntry.create(auditAttributes(audit)).commit()] : []),
        ])
        .go();
      if (!result.canceled) {
        forgetLiveTaxonomy(tableName);
        return 'applied';
      }
      const codes = (result.data as { code: string }[]).map((item) => item.code);
      if (codes.some((code) => code === 'ConditionalCheckFailed' || code === 'TransactionConflict')) return 'conflict';
      throw new Error(`The taxonomy change was cancelled: ${codes.join(', ')}`);
    },

    async saveProvidersProgress(record, next) {
      const key = { groupId: record.groupId, categoryId: record.categoryId };
      const guard = (
        attr: { providersCursor: unknown; staleSelections: unknown },
        op: { eq: (a: never, v: unknown) => string; notExists: (a: never) => string },
      ) =>
        [
          record.providersCursor === undefined ? op.notExists(attr.providersCursor as never) : op.eq(attr.providersCursor as never, record.providersCursor),
          op.eq(attr.staleSelections as never, [...(record.staleSelections ?? [])]),
        ].join(' AND ');
      try {
        const update = service.entities.category.patch(key);
        await (next === 'done' ? update.remove(['staleSelections', 'providersCursor']) : update.set({ providersCursor: next.cursor }))
          .where((attr, op) => guard(attr, op as never))
          .go({ response: 'none' });
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
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
