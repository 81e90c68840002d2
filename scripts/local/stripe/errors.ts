/**
 * Stripe's error answers: the JSON body `{ error: { type, message, code?, param?, decline_code? } }` and
 * the status the SDK maps to its error classes (400 and 404 StripeInvalidRequestError, 401
 * StripeAuthenticationError, 402 StripeCardError).
 */

export interface StripeErrorBody {
  readonly type: 'invalid_request_error' | 'card_error' | 'api_error' | 'idempotency_error';
  readonly message: string;
  readonly code?: string;
  readonly param?: string;
  readonly decline_code?: string;
  readonly doc_url?: string;
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

function invalid(status: number, message: string, code?: string, param?: string): StripeApiError {
  return new StripeApiError(status, {
    type: 'invalid_request_error',
    message,
    ...(code ? { code, doc_url: `https://docs.stripe.com/error-codes/${code.replaceAll('_', '-')}` } : {}),
    ...(param ? { param } : {}),
  });
}

export const stripeErrors = {
  missingParam: (param: string) => invalid(400, `Missing required param: ${param}.`, 'parameter_missing', param),
  unknownParam: (param: string) => invalid(400, `Received unknown parameter: ${param}`, 'parameter_unknown', param),
  emptyParam: (param: string) =>
    invalid(
      400,
      `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
      'parameter_invalid_empty',
      param,
    ),
  invalidInteger: (param: string, value: unknown) => invalid(400, `Invalid integer: ${String(value)}`, 'parameter_invalid_integer', param),
  invalidBoolean: (param: string, value: unknown) => invalid(400, `Invalid boolean: ${String(value)}`, undefined, param),
  invalidValue: (param: string, message: string) => invalid(400, message, undefined, param),
  invalidRequest: (message: string, param?: string) => invalid(400, message, undefined, param),
  /** A resource named in the URL that does not exist. */
  noSuchResource: (kind: string, id: string) => invalid(404, `No such ${kind}: '${id}'`, 'resource_missing', 'id'),
  /** A resource named by a parameter that does not exist. */
  noSuchReference: (kind: string, id: string, param: string) => invalid(400, `No such ${kind}: '${id}'`, 'resource_missing', param),
  alreadyExists: (what: string, param = 'id') => invalid(400, `${what} already exists.`, 'resource_already_exists', param),
  unrecognizedUrl: (method: string, path: string) =>
    invalid(404, `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`),
  noApiKey: () =>
    invalid(
      401,
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    ),
  invalidApiKey: (key: string) => invalid(401, `Invalid API Key provided: ${maskKey(key)}`),
  idempotencyMismatch: (key: string) =>
    new StripeApiError(400, {
      type: 'idempotency_error',
      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    }),
};

/** Stripe shows a key in an error with all but its prefix and last four characters starred out. */
function maskKey(key: string): string {
  if (key.length <= 12) return key.replace(/.(?=.{4})/g, '*');
  return `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}`;
}
