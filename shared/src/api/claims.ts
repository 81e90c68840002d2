import { z } from 'zod';
import { ACCOUNT_MESSAGES, emailSchema, fullNameText, passwordSchema } from '../accounts';
import { PASSWORD_MAX_LENGTH } from '../constants';
import { splitFullName } from '../names';
import { PROFILE_LIMITS } from '../profile-fields';
import { adminReasonSchema } from './admin';
import { ADMIN_CONSOLE_MESSAGES } from './admin-messages';
import { cursorSchema } from './cursor';
import { defineRoute, type RouteSpec } from './route-types';

/**
 * Business claiming (docs/product/claims.md): a business an admin listed is claimed once. The claim
 * form asks for a name and an e-mail address and mails that address a link; whoever opens the link
 * chooses the account's password there, so only the reader of the mailbox ends up with an account. A
 * claim with the address the admin recorded for the business moves it at once; any other waits for an
 * admin's review.
 */

export const CLAIM_STATES = ['pending', 'verified', 'approved', 'refused'] as const;
export type ClaimState = (typeof CLAIM_STATES)[number];

/**
 * Claim requests the server accepts per source IP and per e-mail address in a window (each one mails
 * the address): far fewer than sign-ups, a person claims a business or two.
 */
export const CLAIM_RATE_LIMIT = { windowSeconds: 3600, perIp: 10, perEmail: 3 } as const;
/** Claim-notify mails to the admins a day at most, whatever the number of claims. */
export const CLAIM_NOTIFY_PER_DAY = 50;

export const CLAIM_MESSAGES = {
  /** What a claim can be refused with (docs/product/claims.md). */
  failed: 'Claim failed',
  /** Opening the new account on the claim link's page failed; the server's words follow. */
  signupFailed: 'Signup failed',
  claimed: 'Business claimed',
  nameRequired: 'Please enter your name',
  alreadyClaimed: 'This business has already been claimed. If it is yours, contact us and we will look into it.',
  notFound: 'This business does not exist or cannot be claimed.',
  findFirst: 'Find your business in the directory first: its page has a Claim it link when we listed it for you and nobody has claimed it yet.',
  rateLimited: 'Too many claims from this address. Please try again later.',
  /** The claim mail's link: unknown, expired, used, or cancelled with "this wasn't me". */
  linkInvalid: "This claim link is invalid, has expired or has already been used. Ask for a new one on the business's claim page.",
  /** The link's address has an account: the password is that account's, so the person signs in to finish. */
  accountExists: 'An account already uses this email address. Sign in with it to finish claiming the business.',
  /** Signed in as someone else than the address the link was sent to. */
  otherAddress: 'This link was sent to another email address. Sign in with the address it was sent to.',
  /** A business belongs to a provider account. */
  providerOnly: 'Only a provider account can own a business. The account of this email address is not a provider account: contact us and we will help.',
  requestSent: 'Check your inbox',
  cancelled: 'Claim cancelled',
  cancelledDescription: 'The request is cancelled and its link no longer works. Nothing was changed on your behalf.',
  displaced: 'The owner of the business proved the claim through the email address the business is registered with, so your claim was closed.',
  /** The claimant's dashboard. */
  claimsLoadFailed: 'Your claims could not be loaded.',
} as const;

const businessIdSchema = z.string().trim().min(1, CLAIM_MESSAGES.notFound).max(100, CLAIM_MESSAGES.notFound);
const claimParamsSchema = z.object({ businessId: businessIdSchema });

/** The claim form: a name (split on the first space) and the address the link goes to; the password is chosen on the link's page. */
export const claimRequestSchema = z
  .strictObject({
    fullName: fullNameText(CLAIM_MESSAGES.nameRequired),
    email: emailSchema,
  })
  .superRefine((value, ctx) => {
    const { firstName, lastName } = splitFullName(value.fullName);
    if (firstName.length > PROFILE_LIMITS.nameMaxChars || lastName.length > PROFILE_LIMITS.nameMaxChars) {
      ctx.addIssue({ code: 'custom', path: ['fullName'], message: ACCOUNT_MESSAGES.fullNameTooLong });
    }
  });
export type ClaimRequestInput = z.input<typeof claimRequestSchema>;
export type ClaimRequest = z.output<typeof claimRequestSchema>;

/** The same whether or not the address is the business's recorded one, and whether or not it has an account. */
const claimRequestResponseSchema = z.object({ businessId: z.string(), businessName: z.string(), email: z.string() });
export type ClaimRequestResponse = z.infer<typeof claimRequestResponseSchema>;

const claimTokenSchema = z.string().trim().min(1, CLAIM_MESSAGES.linkInvalid).max(200, CLAIM_MESSAGES.linkInvalid);
const claimTokenRequestSchema = z.strictObject({ token: claimTokenSchema });

/** What the link's page shows before anything is done: the business, the address, and whether it has an account. */
const claimLinkSchema = z.object({ businessId: z.string(), businessName: z.string(), email: z.string(), accountExists: z.boolean() });
export type ClaimLink = z.infer<typeof claimLinkSchema>;

/** The link's page for an address without an account: the new account's password, typed twice (the sign-up's rules). */
const claimPasswordFields = {
  password: passwordSchema,
  confirmPassword: z.string().max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.passwordTooLong),
};
function passwordsMatch(value: { password: string; confirmPassword: string }, ctx: z.RefinementCtx): void {
  if (value.confirmPassword !== value.password) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: ACCOUNT_MESSAGES.passwordsDoNotMatch });
}
/** The page's form. */
export const claimPasswordSchema = z.strictObject(claimPasswordFields).superRefine(passwordsMatch);
export type ClaimPassword = z.output<typeof claimPasswordSchema>;
/** What the page sends: the link's token with the form. */
const claimCompleteSchema = z.strictObject({ token: claimTokenSchema, ...claimPasswordFields }).superRefine(passwordsMatch);

/** Verified: the business is the account's now; pending: an admin reviews the claim. */
const claimCompletedSchema = z.object({ businessId: z.string(), businessName: z.string(), email: z.string(), state: z.enum(['verified', 'pending']) });
export type ClaimCompleted = z.infer<typeof claimCompletedSchema>;

const claimCancelledSchema = z.object({ businessName: z.string() });

/** What the claim page shows before the form: the business's name and whether it can still be claimed. */
const claimableSchema = z.object({ businessId: z.string(), businessName: z.string(), claimable: z.boolean() });
export type Claimable = z.infer<typeof claimableSchema>;

/** A claim as its claimant follows it on /dashboard: no other person's details. */
const myClaimSchema = z.object({
  businessId: z.string(),
  businessName: z.string(),
  state: z.enum(CLAIM_STATES),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  refusalReason: z.string().nullable(),
});
export type MyClaim = z.infer<typeof myClaimSchema>;

// ── The admin's review ──────────────────────────────────────────────────────────────────────────

export const ADMIN_CLAIM_MESSAGES = {
  loadFailed: 'Failed to load claims',
  decided: 'This claim has already been decided. Please reload.',
  notFound: 'Claim not found',
  approved: 'Claim approved',
  refused: 'Claim refused',
  decideFailed: 'Failed to update the claim',
  /** The move is one transaction, which holds at most 100 writes: a business with more is not half-moved. */
  tooLarge:
    'This business has too much content (portfolio, feedback and saved lists) to move to the claimant in one step. Please contact the developers before approving it.',
  /** Approval moves the business to an account; one whose address nobody has proven is not given one. */
  claimantUnconfirmed: 'The claimant has not confirmed their email address yet. A claim can be approved only once they have.',
  /** The facts the review screen shows beside each claim. */
  businessEmail: 'Business address on record',
  noBusinessEmail: 'No address on record',
  emailsMatch: 'Addresses match',
  emailsDiffer: 'Addresses do not match',
  claimantConfirmed: 'Address confirmed',
  claimantUnconfirmedLabel: 'Address not confirmed',
} as const;

const adminClaimsQuerySchema = z.object({ state: z.enum(CLAIM_STATES).default('pending'), cursor: cursorSchema });

const adminClaimSchema = z.object({
  claimId: z.string(),
  businessId: z.string(),
  businessName: z.string(),
  claimantUserId: z.string(),
  /** Admin answers only: the address the claimant claimed with. */
  claimantEmail: z.string(),
  /** The address the admin recorded for the business, if any. */
  businessEmail: z.string().nullable(),
  /** The two addresses are the same, letter case aside (false without a recorded one). */
  emailsMatch: z.boolean(),
  /** The claimant's profile says their address is confirmed: approval needs it. */
  claimantEmailConfirmed: z.boolean(),
  state: z.enum(CLAIM_STATES),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  refusalReason: z.string().nullable(),
});
export type AdminClaim = z.infer<typeof adminClaimSchema>;
const adminClaimsPageSchema = z.object({ claims: z.array(adminClaimSchema), nextCursor: z.string().optional() });
export type AdminClaimsPage = z.infer<typeof adminClaimsPageSchema>;

/** Approve, or refuse with a reason that is mailed to the claimant. */
const adminClaimDecisionSchema = z.strictObject({ decision: z.enum(['approve', 'refuse']), reason: adminReasonSchema.optional() }).superRefine((value, ctx) => {
  if (value.decision === 'refuse' && !value.reason) ctx.addIssue({ code: 'custom', path: ['reason', 'code'], message: ADMIN_CONSOLE_MESSAGES.reasonRequired });
});

// ── The admin's businesses list ─────────────────────────────────────────────────────────────────

export const ADMIN_BUSINESSES_MESSAGES = {
  title: 'Businesses',
  description: 'Businesses created by administrators, newest first, and who has claimed them.',
  loadFailed: 'Failed to load businesses',
  empty: 'No businesses have been created by administrators yet.',
  loadMore: 'Load more',
  claimed: 'Claimed',
  unclaimed: 'Unclaimed',
  claimPending: 'Claim pending review',
  noOwner: 'No owner yet',
  /** The claim page's address for an unclaimed business, for an admin to send to its owner. */
  claimLink: 'Claim link',
  copyClaimLink: 'Copy claim link',
  claimLinkCopied: 'Claim link copied',
  claimLinkHint: 'Send this link to the business owner: it opens the claim page with this business chosen.',
} as const;

const adminBusinessesQuerySchema = z.object({ cursor: cursorSchema });

const adminBusinessSchema = z.strictObject({
  businessId: z.string(),
  businessName: z.string(),
  /** When the admin created it. */
  createdAt: z.iso.datetime(),
  /** Claimed once a claim was approved (or verified by the business e-mail) and the business moved to the claimant. */
  status: z.enum(['claimed', 'unclaimed']),
  /** A claim waits for an admin's review. */
  claimPending: z.boolean(),
  /** The claimant who owns it now (claimed), or who claims it (pending); null otherwise. */
  owner: z.strictObject({ userId: z.string(), name: z.string() }).nullable(),
  /** When the standing claim was made; null without one. */
  claimedAt: z.iso.datetime().nullable(),
});
export type AdminBusiness = z.infer<typeof adminBusinessSchema>;
const adminBusinessesPageSchema = z.object({ businesses: z.array(adminBusinessSchema), nextCursor: z.string().optional() });
export type AdminBusinessesPage = z.infer<typeof adminBusinessesPageSchema>;

const CLAIM_PATH = '/api/businesses/{businessId}/claim';

export const claimRoutes = {
  getClaimable: defineRoute({
    method: 'GET',
    path: CLAIM_PATH,
    area: 'accounts',
    access: 'public',
    summary: "A business's name and whether it can still be claimed (404 for an unknown business)",
    params: claimParamsSchema,
    response: claimableSchema,
  }),
  claimBusiness: defineRoute({
    method: 'POST',
    path: CLAIM_PATH,
    area: 'accounts',
    access: 'public',
    summary:
      'Ask to claim an admin-listed business: mails the address a single-use link (no account is opened, nothing is locked); the same answer for any address; 409 once claimed; capped per IP and address',
    params: claimParamsSchema,
    body: claimRequestSchema,
    response: claimRequestResponseSchema,
    successStatus: 202,
  }),
  inspectClaimLink: defineRoute({
    method: 'POST',
    path: '/api/business-claims/inspect',
    area: 'accounts',
    access: 'public',
    summary: 'Reads a claim link (changes nothing; a POST keeps the token out of access logs): the business, the address and whether it has an account',
    body: claimTokenRequestSchema,
    response: claimLinkSchema,
  }),
  completeClaim: defineRoute({
    method: 'POST',
    path: '/api/business-claims/complete',
    area: 'accounts',
    access: 'public',
    summary:
      "Finishes a claim with the password chosen on the link's page: opens the provider account (address confirmed by the link), then moves the business (its recorded address) or opens a claim for review; the link works once",
    body: claimCompleteSchema,
    response: claimCompletedSchema,
    successStatus: 201,
  }),
  completeClaimSignedIn: defineRoute({
    method: 'POST',
    path: '/api/me/business-claims/complete',
    area: 'accounts',
    access: 'provider',
    confirmedEmail: true,
    forbiddenMessage: CLAIM_MESSAGES.providerOnly,
    summary: "Finishes a claim for the caller's own provider account, whose confirmed address is the link's: moves the business or opens a claim for review",
    body: claimTokenRequestSchema,
    response: claimCompletedSchema,
  }),
  cancelClaim: defineRoute({
    method: 'POST',
    path: '/api/business-claims/cancel',
    area: 'accounts',
    access: 'public',
    summary: 'The claim mail\'s "this wasn\'t me": spends the link, so it can no longer finish the claim',
    body: claimTokenRequestSchema,
    response: claimCancelledSchema,
  }),
  adminListClaims: defineRoute({
    method: 'GET',
    path: '/api/admin/claims',
    area: 'admin',
    access: 'admin',
    summary:
      "Business claims in a state (pending by default), newest first, 20 a page, with the claimant's address, the business's recorded one, whether they match and whether the claimant's is confirmed",
    query: adminClaimsQuerySchema,
    response: adminClaimsPageSchema,
  }),
  adminDecideClaim: defineRoute({
    method: 'PUT',
    path: '/api/admin/claims/{businessId}/decision',
    area: 'admin',
    access: 'admin',
    summary:
      "Approve a pending claim (409 while the claimant's address is unconfirmed), or refuse it with a reason mailed to the claimant (409 once decided); audited",
    params: claimParamsSchema,
    body: adminClaimDecisionSchema,
    response: adminClaimSchema,
  }),
  listMyClaims: defineRoute({
    method: 'GET',
    path: '/api/me/claims',
    area: 'accounts',
    access: 'signedIn',
    summary: "The caller's business claims, newest first: business, state, dates and a refusal's reason",
    response: z.object({ claims: z.array(myClaimSchema) }),
  }),
  adminListBusinesses: defineRoute({
    method: 'GET',
    path: '/api/admin/businesses',
    area: 'admin',
    access: 'admin',
    summary: "Businesses admins created, newest first, 20 a page: claimed or not, a pending claim, the owner's name and the claim date",
    query: adminBusinessesQuerySchema,
    response: adminBusinessesPageSchema,
  }),
} as const satisfies Record<string, RouteSpec>;
