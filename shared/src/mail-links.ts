/**
 * The addresses notification mails link to, apart from their schemas: the web's path table reads them
 * at start-up, and validation code has no place in the first JavaScript a visitor loads.
 */

/** The web page a job alert mail's unsubscribe link opens (it posts the token to the API). */
export const JOB_ALERT_UNSUBSCRIBE_PATH = '/job-alerts/unsubscribe';

/**
 * Where mail programs unsubscribe from job alerts without opening anything (RFC 8058): the mail's
 * List-Unsubscribe header names it with the token in the query, and List-Unsubscribe-Post says a POST of
 * `List-Unsubscribe=One-Click` is enough.
 */
export const JOB_ALERT_ONE_CLICK_PATH = '/api/job-alerts/unsubscribe/one-click';

/** The web page a provider update mail's unsubscribe link opens. */
export const PROVIDER_UPDATES_UNSUBSCRIBE_PATH = '/provider-updates/unsubscribe';

/** Where mail programs unsubscribe from provider updates without opening anything (RFC 8058). */
export const PROVIDER_UPDATES_ONE_CLICK_PATH = '/api/provider-updates/unsubscribe/one-click';

/** The web page a message mail's "turn message e-mails off" link opens. */
export const MESSAGE_MAILS_UNSUBSCRIBE_PATH = '/message-mails/unsubscribe';

/** Where mail programs turn message e-mails off without opening anything (RFC 8058). */
export const MESSAGE_MAILS_ONE_CLICK_PATH = '/api/message-mails/unsubscribe/one-click';

/**
 * The other mails the message mails' unsubscribe page and routes turn off, named by `?mail=` (absent: message
 * e-mails); their links carry the person's message mails token.
 */
export const UNSUBSCRIBE_MAIL_KINDS = ['messages', 'credential-reminders'] as const;
export type UnsubscribeMailKind = (typeof UNSUBSCRIBE_MAIL_KINDS)[number];

/** The web page a claim mail's link opens to finish claiming a business (it does nothing until the button is pressed). */
export const CLAIM_COMPLETE_PATH = '/claim-business/complete';

/** The web page a claim mail's "this wasn't me" link opens to cancel the request. */
export const CLAIM_CANCEL_PATH = '/claim-business/cancel';
