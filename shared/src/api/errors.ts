import { z } from 'zod';
import { EMAIL_FAILURE_CATEGORIES } from '../email-delivery';
import { placeSchema } from './locations';

/** The one error shape every API answer uses (docs/product/site.md#api-errors); its codes are ERROR_CODES (error-codes.ts). */
export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Per-field messages keyed by dotted path (`body.email`, `query.radius`). */
    fields: z.record(z.string(), z.string()).optional(),
    retryAfterSeconds: z.number().int().positive().optional(),
    /** Why an e-mail could not be sent (docs/product/accounts.md#e-mail-delivery-failures), on e-mail delivery failures and their rate limit. */
    category: z.enum(EMAIL_FAILURE_CATEGORIES).optional(),
    /** Places to choose from when a typed location could not be placed (or meant several). */
    suggestions: z.array(placeSchema).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
