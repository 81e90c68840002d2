import { z } from 'zod';

const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  displayOrder: z.number().int().positive(),
  /** Listed providers in it (a maintained counter). */
  providerCount: z.number().int().min(0),
});
export type Category = z.infer<typeof categorySchema>;

const categoryGroupSchema = z.object({
  name: z.string(),
  slug: z.string(),
  displayOrder: z.number().int().positive(),
  categories: z.array(categorySchema),
  /** Listed providers in the group: anyone with the whole group or one of its subcategories. */
  providerCount: z.number().int().min(0),
});
export type CategoryGroup = z.infer<typeof categoryGroupSchema>;

export const listCategoriesResponseSchema = z.object({ groups: z.array(categoryGroupSchema) });
export type ListCategoriesResponse = z.infer<typeof listCategoriesResponseSchema>;
