import { z } from 'zod';

/** The one error shape every API answer uses (DESIGN.md section 3). */
export const ERROR_CODES = {
  validation: { status: 400, code: 'VALIDATION_FAILED' },
  unauthorized: { status: 401, code: 'UNAUTHORIZED' },
  forbidden: { status: 403, code: 'FORBIDDEN' },
  notFound: { status: 404, code: 'NOT_FOUND' },
  methodNotAllowed: { status: 405, code: 'METHOD_NOT_ALLOWED' },
  conflict: { status: 409, code: 'CONFLICT' },
  unprocessable: { status: 422, code: 'UNPROCESSABLE' },
  rateLimited: { status: 429, code: 'RATE_LIMITED' },
  internal: { status: 500, code: 'INTERNAL' },
} as const;
export type ErrorKind = keyof typeof ERROR_CODES;

export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Per-field messages keyed by dotted path (`body.email`, `query.radius`). */
    fields: z.record(z.string(), z.string()).optional(),
    retryAfterSeconds: z.number().int().positive().optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
