import { z } from 'zod';
import { formatCategorySelection, parseCategorySelection } from './category-selection';
import { PROFILE_LIMITS, tooLongMessage } from './profile-limits';

export { capped, PROFILE_LIMITS, tooLongMessage, tooManyCategoriesMessage } from './profile-limits';

/** A category selection as typed or picked, stored in its one canonical form. */
export const categorySelectionText = z
  .string()
  .trim()
  .min(1)
  .max(PROFILE_LIMITS.categoryMaxChars, tooLongMessage(PROFILE_LIMITS.categoryMaxChars))
  .transform((value) => formatCategorySelection(parseCategorySelection(value)));
