import { z } from 'zod';

/** The figure as the provider page and the directory cards carry it; null while too few conversations count. */
export const responseTimeSchema = z
  .strictObject({
    /** Client conversations counted: answered ones, and unanswered ones older than 48 hours. */
    conversations: z.number().int().min(0),
    /** The median time to the first reply; null when more than half were never answered. */
    medianSeconds: z.number().int().min(0).nullable(),
    /** Whole per cent of the counted conversations answered within 48 hours. */
    repliedWithin48hPercent: z.number().int().min(0).max(100),
  })
  .nullable();
export type ResponseTime = z.infer<typeof responseTimeSchema>;
