/**
 * The codes of the one error shape every API answer uses (docs/product/site.md#api-errors; the body is apiErrorBodySchema in
 * errors.ts). Apart from the schema, so that reading an error code loads no zod.
 */
export const ERROR_CODES = {
  validation: { status: 400, code: 'VALIDATION_FAILED' },
  /** A confirmation or reset link whose token is unknown, used or expired. */
  tokenInvalid: { status: 400, code: 'TOKEN_INVALID' },
  unauthorized: { status: 401, code: 'UNAUTHORIZED' },
  /** The account signed out everywhere (or changed its password) after this token was issued. */
  sessionRevoked: { status: 401, code: 'SESSION_REVOKED' },
  forbidden: { status: 403, code: 'FORBIDDEN' },
  /** An administrator deactivated the account: every signed-in route refuses it. */
  accountDeactivated: { status: 403, code: 'ACCOUNT_DEACTIVATED' },
  /** The stage requires administrators to have 2-step verification on, and this one has not: the web sends them to set it up. */
  adminMfaRequired: { status: 403, code: 'ADMIN_MFA_REQUIRED' },
  /** The route acts on others and the caller's e-mail address is not confirmed yet: the answer offers the resend. */
  emailNotConfirmed: { status: 403, code: 'EMAIL_NOT_CONFIRMED' },
  notFound: { status: 404, code: 'NOT_FOUND' },
  methodNotAllowed: { status: 405, code: 'METHOD_NOT_ALLOWED' },
  conflict: { status: 409, code: 'CONFLICT' },
  unprocessable: { status: 422, code: 'UNPROCESSABLE' },
  rateLimited: { status: 429, code: 'RATE_LIMITED' },
  /** Our mail service refused or could not be reached; the body's `category` says how. */
  emailDelivery: { status: 502, code: 'EMAIL_DELIVERY_FAILED' },
  internal: { status: 500, code: 'INTERNAL' },
} as const;
export type ErrorKind = keyof typeof ERROR_CODES;
