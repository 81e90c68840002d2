/** Business constants (docs/product/): one place each. */

export const PRODUCT_NAME = 'Solutionz';
export const HOME_TITLE = `${PRODUCT_NAME} | Your ultimate destination for trusted local services`;
/** The titles of the static pages the build prerenders besides the home page's (the app sets the same once live). */
export const BUSINESS_PAGE_TITLE = `For businesses | ${PRODUCT_NAME}`;
export const ACCESSIBILITY_PAGE_TITLE = `Accessibility statement | ${PRODUCT_NAME}`;
export const CONTACT_EMAIL = 'hello@solutionz.co.uk';

export const ROLE_LABELS = { client: 'Solutionz Seeker', provider: 'Solutionz Provider', admin: 'Admin' } as const;
export type AccountType = keyof typeof ROLE_LABELS;
export const ACCOUNT_TYPES = ['client', 'provider', 'admin'] as const satisfies readonly AccountType[];

export const PLANS = {
  monthly: { id: 'monthly', label: 'Monthly Plan', pricePence: 299, interval: 'month' },
  yearly: { id: 'yearly', label: 'Annual Plan', pricePence: 2000, interval: 'year' },
} as const;
export type PlanId = keyof typeof PLANS;
export const BASIC_PLAN_LABEL = 'Basic Plan';
export const DEFAULT_PLAN: PlanId = 'yearly';
/** Twelve monthly payments, the comparison the yearly plan is sold against (£35.88). */
export const YEARLY_COMPARISON_PENCE = PLANS.monthly.pricePence * 12;
export const COUPON_FIRST100 = { code: 'FIRST100', freeMonths: 12, maxRedemptions: 100 } as const;

export const RADIUS_OPTIONS_MILES = [5, 10, 25, 50, 100] as const;
export type RadiusMiles = (typeof RADIUS_OPTIONS_MILES)[number];
export const DEFAULT_RADIUS_MILES: RadiusMiles = 25;
export const EARTH_RADIUS_MILES = 3959;
/** Typing has to pause this long before places are looked up. */
export const LOCATION_SEARCH_DEBOUNCE_MS = 300;

export const GEOLOCATION = { enableHighAccuracy: true, timeoutMs: 10_000, maximumAgeMs: 300_000 } as const;

/**
 * The only Cognito user attributes a person may write with their own access token (the app client's
 * write attributes): harmless preferences nothing reads. Cognito lets a client without a list write
 * every standard attribute, the e-mail among them, which must change only through our e-mail change.
 */
export const SELF_WRITABLE_USER_ATTRIBUTES = ['locale', 'zoneinfo'] as const;

export const PASSWORD_MIN_LENGTH = 8;
/** Cognito's own limit: a longer password could never be set. */
export const PASSWORD_MAX_LENGTH = 256;
/** The longest address mail can carry: RFC 5321's 256-octet path less its angle brackets. */
export const EMAIL_MAX_LENGTH = 254;
export const PHONE_DIGITS = { min: 10, max: 15 } as const;

export const BUSINESS_SEARCH = { minChars: 2, debounceMs: 300, maxResults: 5, closeAfterBlurMs: 200 } as const;

export const EMAIL_RESEND_COUNTDOWN_S = 60;
/** A minute, as the resend countdown. */
export const SIGNUP_RATE_LIMIT_COUNTDOWN_S = 60;
/**
 * Sign-up attempts the server accepts in one fixed window, per source IP and per e-mail address.
 * Generous enough for a household or office behind one address.
 */
export const SIGNUP_RATE_LIMIT = { windowSeconds: 600, perIp: 30, perEmail: 5 } as const;
/**
 * Link mails anyone may ask for without signing in (the confirmation again, a password reset), per kind
 * of mail and day, on top of the resend countdown (which runs per address and client address):
 * - `perAddressFromIp` to one address asked for from one client address: what one person needs;
 * - `perAddressFromStrangers` to one address asked for from client addresses its account was never used
 *   from, all of them together: someone else can use up only this share, so the owner, at home or on
 *   their phone, still gets a reset the same day;
 * - `perAddress` to one address in all: however the requests are spread, an address is not mail-bombed;
 * - `perClientIp` asked for from one client address: a script mailing strangers is stopped within the day.
 * A client address counts as the account's own for `knownSourceDays` after the account was last used from it
 * signed in (or signed up from it). An e-mail change (signed in) counts `emailChangesPerAccount` requests of an
 * account a day, besides the per-address and per-client-address caps (docs/product/accounts.md#link-mail-caps).
 */
export const MAIL_RATE_LIMIT = {
  windowSeconds: 86_400,
  perAddressFromIp: 3,
  perAddressFromStrangers: 5,
  perAddress: 10,
  perClientIp: 30,
  emailChangesPerAccount: 5,
  knownSourceDays: 90,
} as const;
export const REDIRECT_AFTER_CONFIRM_MS = 1000;
export const REDIRECT_AFTER_PASSWORD_RESET_MS = 3000;
export const REDIRECT_AFTER_PAYMENT_MS = 1500;

/**
 * Session upkeep (docs/product/accounts.md#sessions): tokens are renewed this long before they expire, and a
 * refresh that failed for a passing reason is retried after 200 ms, doubling, a few times.
 */
export const SESSION_REFRESH = { marginMs: 60_000, retryBaseMs: 200, maxRetries: 5 } as const;
/**
 * How long a sign-in lasts: the web app client's refresh token validity (the auth stack's and the local
 * pool's). Cognito does not extend it when tokens are refreshed, so a session counts as active until then.
 */
export const REFRESH_TOKEN_VALIDITY_DAYS = 30;
/**
 * Sessions counted per person at most (the admin analytics' active sessions): a sign-in beyond this ends
 * the person's oldest, so one account signing in over and over cannot inflate the figure.
 */
export const SESSIONS_PER_PERSON = 10;

/** How often an open "E-mail confirmation required" banner asks whether the address was confirmed. */
export const EMAIL_CONFIRMATION_POLL_MS = 10_000;

/**
 * How often an open conversation and the inbox ask for new messages, in milliseconds: a new message shows within
 * `default`; a stage's runtime config may set another interval within `min` and `max` (`messagePollMs`).
 */
export const MESSAGE_POLL_MS = { default: 10_000, min: 250, max: 60_000 } as const;

export const TOAST = {
  maxVisible: 5,
  defaultDurationMs: 5000,
  profileDurationMs: 4000,
  signOutDurationMs: 4000,
} as const;

export const AVATAR = { maxBytes: 2 * 1024 * 1024, mimeTypes: ['image/png', 'image/jpeg'], extensions: ['png', 'jpeg', 'jpg'] } as const;
export const MEDIA = { maxBytes: 10 * 1024 * 1024, mimePrefixes: ['image/', 'video/'] } as const;
export const STORAGE_CACHE_CONTROL_S = 3600;

export const SOCIAL_LINK_KEYS = ['website', 'linkedin', 'twitter', 'instagram', 'facebook', 'youtube', 'tiktok'] as const;
export type SocialLinkKey = (typeof SOCIAL_LINK_KEYS)[number];

export const CATEGORY_CHIP_MAX_CHARS = 25;
export const CATEGORY_CHIPS_SHOWN = 3;

// The admin console's figures (docs/product/admin.md); the analytics' windows and list lengths are in api/admin-constants.ts.
export const ADMIN_USERS_PAGE_SIZE = 20;
/** The shortest bar of Most Popular Categories, as a share of the most popular one's. */
export const POPULAR_CATEGORY_MIN_BAR_PERCENT = 10;
/** Rows of the Reviews tab's loading skeleton. */
export const REVIEWS_SKELETON_ROWS = 3;

export const TOKEN_TTL = { emailConfirmationHours: 24, passwordResetHours: 1, emailChangeHours: 24, businessClaimHours: 24 } as const;

/** en-GB date formats (date-fns tokens). */
export const DATE_FORMATS = { short: 'dd MMM yyyy', long: 'd MMMM yyyy', reply: 'MMM d, yyyy', numeric: 'dd/MM/yyyy' } as const;
export const LOCALE = 'en-GB';
export const CURRENCY = 'GBP';
