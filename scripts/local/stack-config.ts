import { fileURLToPath } from 'node:url';

/** The names and addresses every local stack uses, whatever its ports (stack.ts re-exports them). */

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const LOCAL_TABLE_NAME = 'solutionz-local';
export const LOCAL_REGION = 'eu-west-2';
export const LOCAL_STAGE = 'local';
export const LOCAL_MAIL_FROM = 'no-reply@solutionz.local';
/** The local admins' mailbox (the local SES keeps every mail): where a business claim is announced. */
export const LOCAL_ADMIN_NOTIFY_ADDRESS = 'admins@solutionz.local';
export const LOCAL_ADMIN_EMAIL_DOMAIN = 'admin.solutionz.local';
/** The local Stripe signs its webhooks with this, and the webhook handler checks them with it. */
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_solutionz_local_webhooks';
