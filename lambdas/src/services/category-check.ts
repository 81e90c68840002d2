import { ADMIN_CATEGORY_MESSAGES } from '@solutionz/shared';
import type { DirectoryRepository } from '../data/directory-repository';
import { ValidationError } from '../errors';

/**
 * A category the admin deleted is refused in a new selection, by name; selections of live categories,
 * whole groups and `Other:` texts pass.
 */
export async function refuseDeletedCategories(
  directory: Pick<DirectoryRepository, 'taxonomy'>,
  selections: readonly string[] | undefined,
  field: string,
): Promise<void> {
  if (!selections?.length) return;
  const { retired, groups } = await directory.taxonomy();
  const live = new Set(groups.flatMap((group) => group.subcategories.map((sub) => `${group.name} > ${sub.name}`)));
  const deleted = selections.find((selection) => retired.has(selection) && !live.has(selection));
  if (!deleted) return;
  const message = ADMIN_CATEGORY_MESSAGES.inactive(retired.get(deleted)!);
  throw new ValidationError({ [field]: message }, message);
}
