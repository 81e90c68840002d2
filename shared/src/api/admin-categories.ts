import { z } from 'zod';
import { capped, tooLongMessage } from '../profile-fields';
import { defineRoute, type RouteSpec } from './route-types';

/**
 * The admin's categories screen (docs/product/categories.md#managing-categories):
 * what its routes take and answer, their limits and their wording.
 */

export const ADMIN_CATEGORY_LIMITS = { nameMaxChars: 60, groupNameMaxChars: 60, maxCategoriesPerGroup: 60 } as const;

export const ADMIN_CATEGORY_MESSAGES = {
  title: 'Categories Management',
  validationError: 'Validation Error',
  nameRequired: 'Category name is required',
  groupRequired: 'Please select or create a group',
  groupChoiceBoth: 'Select an existing group or name a new one, not both',
  /** A selection is stored as `Group > Sub` or `Other: text`, so a name may hold neither. */
  nameReserved: 'A name cannot contain " > " or start with "Other:"',
  nameTaken: 'This group already has a category with that name',
  groupTaken: 'A group with this name already exists. Please select it instead',
  groupNotFound: 'That group no longer exists. Please reload and try again',
  groupFull: `A group can hold at most ${ADMIN_CATEGORY_LIMITS.maxCategoriesPerGroup} categories`,
  notFound: 'Category not found',
  orderMismatch: 'The group has changed since it was loaded. Please reload and try again',
  deleteConfirm: 'Are you sure you want to delete this category? This will remove it from all providers.',
  loadFailed: 'Failed to load categories',
  orderFailed: 'Failed to update category order',
  addFailed: 'Failed to add category',
  updateFailed: 'Failed to update category',
  deleteFailed: 'Failed to delete category',
  statsFailed: 'Failed to load category statistics',
  orderUpdated: 'Category order updated',
  added: 'Category added successfully',
  updated: 'Category updated successfully',
  deleted: 'Category deleted successfully',
  providersUpdating: 'Updating the providers who offer it…',
  providersUpdated: 'Every provider who offered it has been updated',
  /** Offered in a new selection after its deletion. */
  inactive: (name: string) => `"${name}" is no longer offered. Please choose another category`,
  usedBy: (count: number) => `This category is used by ${count} service ${count === 1 ? 'provider' : 'providers'} on the platform.`,
  /** A row's count: every provider who has it (a deletion takes it from all of them), and how many of them the directory lists. */
  rowCount: (count: number, listed: number) => `Used by ${count} ${count === 1 ? 'provider' : 'providers'} (${listed} listed)`,
} as const;

const M = ADMIN_CATEGORY_MESSAGES;

const reserved = (name: string) => name.includes(' > ') || /^other:/i.test(name);

const categoryName = z
  .string(M.nameRequired)
  .trim()
  .min(1, M.nameRequired)
  .max(ADMIN_CATEGORY_LIMITS.nameMaxChars, capped(tooLongMessage(ADMIN_CATEGORY_LIMITS.nameMaxChars)))
  .refine((name) => !reserved(name), M.nameReserved);
const groupName = z
  .string()
  .trim()
  .max(ADMIN_CATEGORY_LIMITS.groupNameMaxChars, capped(tooLongMessage(ADMIN_CATEGORY_LIMITS.groupNameMaxChars)))
  .refine((name) => !reserved(name), M.nameReserved);
const id = z.string().trim().min(1).max(100);

/** Add Category: a name and exactly one of an existing group or a new group's name. */
const adminCategoryCreateSchema = z
  .strictObject({ name: categoryName, groupId: z.string().trim().max(100).default(''), newGroupName: groupName.default('') })
  .superRefine((value, ctx) => {
    if (!value.groupId && !value.newGroupName) ctx.addIssue({ code: 'custom', path: ['groupId'], message: M.groupRequired });
    if (value.groupId && value.newGroupName) ctx.addIssue({ code: 'custom', path: ['newGroupName'], message: M.groupChoiceBoth });
  });

/** Edit: the name and the group it belongs to. */
const adminCategoryUpdateSchema = z.strictObject({ name: categoryName, groupId: id.max(100, M.groupRequired) });

const adminCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  groupId: z.string(),
  groupName: z.string(),
  displayOrder: z.number().int().positive(),
  /** Every provider who has it, listed or not (a count the users index keeps): a deletion removes it from all of them. */
  providerCount: z.number().int().min(0),
  /** Of them, the providers the directory lists (a count the directory keeps). */
  listedProviderCount: z.number().int().min(0),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

const adminCategoryGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  displayOrder: z.number().int().positive(),
  categories: z.array(adminCategorySchema),
});
export type AdminCategoryGroup = z.infer<typeof adminCategoryGroupSchema>;

const adminCategoriesSchema = z.object({
  groups: z.array(adminCategoryGroupSchema),
  /** Categories whose providers are still being updated after an edit or a deletion. */
  updatingProviders: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type AdminCategories = z.infer<typeof adminCategoriesSchema>;

const adminCategoryResultSchema = z.object({ category: adminCategorySchema, providersDone: z.boolean() });
export type AdminCategoryResult = z.infer<typeof adminCategoryResultSchema>;
const adminCategoryDeletedSchema = z.object({ categoryId: z.string(), deleted: z.literal(true), providersDone: z.boolean() });
const adminCategoryProvidersSchema = z.object({ categoryId: z.string(), providersDone: z.boolean(), providersUpdated: z.number().int().min(0) });
export type AdminCategoryProviders = z.infer<typeof adminCategoryProvidersSchema>;

const adminCategoryStatsSchema = z.object({
  categoryId: z.string(),
  name: z.string(),
  groupName: z.string(),
  providerCount: z.number().int().min(0),
  listedProviderCount: z.number().int().min(0),
});
export type AdminCategoryStats = z.infer<typeof adminCategoryStatsSchema>;

const adminCategoryOrderSchema = z.strictObject({ categoryIds: z.array(id).min(1).max(ADMIN_CATEGORY_LIMITS.maxCategoriesPerGroup) });

const categoryParams = z.object({ categoryId: id });
const groupParams = z.object({ groupId: id });
const CATEGORY = '/api/admin/categories/{categoryId}';

export const adminCategoryRoutes = {
  adminListCategories: defineRoute({
    method: 'GET',
    path: '/api/admin/categories',
    area: 'admin',
    access: 'admin',
    summary: 'Active groups and categories in display order with their provider counts, and the categories whose providers are still being updated',
    response: adminCategoriesSchema,
  }),
  adminCreateCategory: defineRoute({
    method: 'POST',
    path: '/api/admin/categories',
    area: 'admin',
    access: 'admin',
    summary: 'Add a category at the end of an existing group or of a new group (names unique within a group); audited',
    body: adminCategoryCreateSchema,
    response: adminCategoryResultSchema,
    successStatus: 201,
  }),
  adminUpdateCategory: defineRoute({
    method: 'PATCH',
    path: CATEGORY,
    area: 'admin',
    access: 'admin',
    summary: "Rename a category or move it to another group; providers' selections follow; audited",
    params: categoryParams,
    body: adminCategoryUpdateSchema,
    response: adminCategoryResultSchema,
  }),
  adminDeleteCategory: defineRoute({
    method: 'POST',
    path: `${CATEGORY}/deletion`,
    area: 'admin',
    access: 'admin',
    summary: 'Soft delete (inactive): refused in new selections, taken off every provider, their listings and counts; jobs keep their text; audited',
    params: categoryParams,
    response: adminCategoryDeletedSchema,
  }),
  adminContinueCategoryProviders: defineRoute({
    method: 'POST',
    path: `${CATEGORY}/provider-updates`,
    area: 'admin',
    access: 'admin',
    summary: 'Carries on updating the providers of an edited or deleted category, a chunk at a time, until providersDone',
    params: categoryParams,
    response: adminCategoryProvidersSchema,
  }),
  adminCategoryStatistics: defineRoute({
    method: 'GET',
    path: `${CATEGORY}/statistics`,
    area: 'admin',
    access: 'admin',
    summary: 'Total providers (a kept count) and the group of one category',
    params: categoryParams,
    response: adminCategoryStatsSchema,
  }),
  adminReorderCategories: defineRoute({
    method: 'PUT',
    path: '/api/admin/category-groups/{groupId}/order',
    area: 'admin',
    access: 'admin',
    summary: "A group's categories in their new order (every active one, once): display order 1..n, conditional on the group's version; audited",
    params: groupParams,
    body: adminCategoryOrderSchema,
    response: adminCategoryGroupSchema,
  }),
} as const satisfies Record<string, RouteSpec>;
