import { ERROR_CODES, MESSAGES, SECURITY_MESSAGES, type ApiErrorBody, type EmailFailureCategory, type ErrorKind, type Place } from '@solutionz/shared';

/**
 * Domain errors that services throw and the middleware maps to the API error shape
 * (docs/architecture.md#lambdas). Only errors below 500 are exposed: their message reaches the caller.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly expose: boolean;
  readonly fields?: Readonly<Record<string, string>>;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    kind: ErrorKind,
    message: string,
    options: { fields?: Record<string, string>; headers?: Record<string, string>; cause?: unknown; expose?: boolean } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.statusCode = ERROR_CODES[kind].status;
    this.code = ERROR_CODES[kind].code;
    this.expose = options.expose ?? this.statusCode < 500;
    this.fields = options.fields;
    this.headers = options.headers ?? {};
  }

  toJSON(): ApiErrorBody {
    if (!this.expose) return { error: { code: ERROR_CODES.internal.code, message: MESSAGES.api.internal } };
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: { ...this.fields } } : {}) } };
  }
}

export class ValidationError extends HttpError {
  /** `fields` maps a dotted path (`body.email`) to the message for that field. */
  constructor(fields: Record<string, string>, message: string = MESSAGES.api.invalidRequest, options: { cause?: unknown } = {}) {
    super('validation', message, { fields, ...options });
  }
}

/** A link token that is unknown, already used or expired. */
export class InvalidTokenError extends HttpError {
  constructor(message: string) {
    super('tokenInvalid', message);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message: string = MESSAGES.api.unauthorized) {
    super('unauthorized', message, { headers: { 'www-authenticate': 'Bearer' } });
  }
}

export class SessionRevokedError extends HttpError {
  constructor() {
    super('sessionRevoked', SECURITY_MESSAGES.sessionRevoked, { headers: { 'www-authenticate': 'Bearer error="invalid_token"' } });
  }
}

export class AccountDeactivatedError extends HttpError {
  constructor() {
    super('accountDeactivated', SECURITY_MESSAGES.deactivated);
  }
}

/** The route acts on others and the caller has not confirmed their e-mail address yet. */
export class EmailNotConfirmedError extends HttpError {
  constructor() {
    super('emailNotConfirmed', MESSAGES.emailConfirmationRequired);
  }
}

/** The stage requires 2-step verification of administrators, and the caller has not turned it on. */
export class AdminMfaRequiredError extends HttpError {
  constructor(message: string) {
    super('adminMfaRequired', message);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message: string = MESSAGES.api.forbidden) {
    super('forbidden', message);
  }
}

export class NotFoundError extends HttpError {
  constructor(message: string = MESSAGES.api.notFound) {
    super('notFound', message);
  }
}

export class MethodNotAllowedError extends HttpError {
  constructor(allowed: readonly string[]) {
    super('methodNotAllowed', MESSAGES.api.methodNotAllowed, { headers: { allow: allowed.join(', ') } });
  }
}

export class ConflictError extends HttpError {
  constructor(message: string) {
    super('conflict', message);
  }
}

export class RateLimitedError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    /** Set when the limit is on sending e-mail, so the page can show the RATE_LIMIT wording (docs/product/accounts.md#e-mail-delivery-failures). */
    readonly category?: EmailFailureCategory,
  ) {
    super('rateLimited', message, { headers: { 'retry-after': String(retryAfterSeconds) } });
  }

  override toJSON(): ApiErrorBody {
    const body = super.toJSON();
    return { error: { ...body.error, retryAfterSeconds: this.retryAfterSeconds, ...(this.category ? { category: this.category } : {}) } };
  }
}

/**
 * Our mail service failed (502). Exposed although it is a 5xx: the page shows a message per
 * `category` (docs/product/accounts.md#e-mail-delivery-failures), and the message holds nothing internal.
 */
export class EmailDeliveryError extends HttpError {
  constructor(
    readonly category: EmailFailureCategory,
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super('emailDelivery', message, { ...options, expose: true });
  }

  override toJSON(): ApiErrorBody {
    const body = super.toJSON();
    return { error: { ...body.error, category: this.category } };
  }
}

/** A typed location that names no UK place (or several): a field error, with places to choose from. */
export class PlaceNotFoundError extends ValidationError {
  constructor(
    field: string,
    message: string,
    readonly suggestions: readonly Place[],
  ) {
    super({ [field]: message });
  }

  override toJSON(): ApiErrorBody {
    const body = super.toJSON();
    return { error: { ...body.error, suggestions: [...this.suggestions] } };
  }
}
