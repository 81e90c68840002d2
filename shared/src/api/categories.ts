import { z } from 'zod';

export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  displayOrder: z.number().int().positive(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryGroupSchema = z.object({
  name: z.string(),
  slug: z.string(),
  displayOrder: z.number().int().positive(),
  categories: z.array(categorySchema),
});
export type CategoryGroup = z.infer<typeof categoryGroupSchema>;

export const listCategoriesResponseSchema = z.object({ groups: z.array(categoryGroupSchema) });
export type ListCategoriesResponse = z.infer<typeof listCategoriesResponseSchema>;
