import { PRODUCT_NAME } from '@solutionz/shared';

/** What is sold lives in shared (the membership adapter and `npm run stripe:setup` read it too). */
export { STRIPE_CATALOGUE } from '@solutionz/shared';

/** The business name the hosted pages show (Stripe takes it from the account's public details). */
export const BUSINESS_NAME = PRODUCT_NAME;
