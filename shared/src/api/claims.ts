import { z } from 'zod';
import { ACCOUNT_MESSAGES, emailSchema, passwordSchema } from '../accounts';
import { splitFullName } from '../names';
import { PROFILE_LIMITS } from '../profile-fields';
import { confirmationEmailStatusSchema } from './accounts';
import { ADMIN_CONSOLE_MESSAGES, adminReasonSchema } from './admin';
import { cursorSchema } from './cursor';
import { defineRoute, type RouteSpec } from './route-types';

/**
 * Business claiming (spec 02 "Business claim"): a business an admin listed is claimed once by a person
 * who signs up through the claim form; the claim is verified when the claimant confirms the business's
 * recorded e-mail address, otherwise an admin approves or refuses it.
 */

export const CLAIM_STATES = ['pending', 'verified', 'approved', 'refused'] as const;
export type ClaimState = (typeof CLAIM_STATES)[number];

/**
 * Claims the server accepts per source IP and per e-mail address in a window (each one mails the
 * claimant and the admins): far fewer than sign-ups, a person claims a business or two.
 */
export const CLAIM_RATE_LIMIT = { windowSeconds: 3600, perIp: 10, perEmail: 3 } as const;
/** Claim-notify mails to the admins a day at most, whatever the number of claims. */
export const CLAIM_NOTIFY_PER_DAY = 50;

export const CLAIM_MESSAGES = {
  /** The spec's error catalogue for the claim. */
  signupFailed: 'Signup failed',
  verifyEmail: { title: 'Verify email', description: 'Please verify your email to continue.' },
  failed: 'Claim failed',
  claimed: 'Business claimed',
  nameRequired: 'Please enter your name',
  alreadyClaimed: 'This business has already been claimed. If it is yours, contact us and we will look into it.',
  notFound: 'This business does not exist or cannot be claimed.',
  rateLimited: 'Too many claims from this address. Please try again later.',
} as const;

const businessIdSchema = z.string().trim().min(1, CLAIM_MESSAGES.notFound).max(100, CLAIM_MESSAGES.notFound);
const claimParamsSchema = z.object({ businessId: businessIdSchema });

/** The spec's claim form: name (split on the first space), e-mail, password; all required. */
export const claimRequestSchema = z
  .strictObject({
    fullName: z.string().trim().min(1, CLAIM_MESSAGES.nameRequired),
    email: emailSchema,
    password: passwordSchema,
  })
  .superRefine((value, ctx) => {
    const { firstName, lastName } = splitFullName(value.fullName);
    if (firstName.length > PROFILE_LIMITS.nameMaxChars || lastName.length > PROFILE_LIMITS.nameMaxChars) {
      ctx.addIssue({ code: 'custom', path: ['fullName'], message: ACCOUNT_MESSAGES.fullNameTooLong });
    }
  });
export type ClaimRequestInput = z.input<typeof claimRequestSchema>;
export type ClaimRequest = z.output<typeof claimRequestSchema>;

const claimResponseSchema = z.object({
  claimId: z.string(),
  businessId: z.string(),
  businessName: z.string(),
  userId: z.string(),
  state: z.enum(CLAIM_STATES),
  confirmationEmail: confirmationEmailStatusSchema,
});
export type ClaimResponse = z.infer<typeof claimResponseSchema>;

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
  tooLarge: 'This business has too much content (portfolio, feedback and saved lists) to move to the claimant in one step. Please contact the developers before approving it.',
} as const;

const adminClaimsQuerySchema = z.object({ state: z.enum(CLAIM_STATES).default('pending'), cursor: cursorSchema });

const adminClaimSchema = z.object({
  claimId: z.string(),
  businessId: z.string(),
  businessName: z.string(),
  claimantUserId: z.string(),
  /** Admin answers only: the address the claimant signed up with. */
  claimantEmail: z.string(),
  state: z.enum(CLAIM_STATES),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  refusalReason: z.string().nullable(),
});
export type AdminClaim = z.infer<typeof adminClaimSchema>;
const adminClaimsPageSchema = z.object({ claims: z.array(adminClaimSchema), nextCursor: z.string().optional() });
export type AdminClaimsPage = z.infer<typeof adminClaimsPageSchema>;

/** Approve, or refuse with a reason that is mailed to the claimant. */
const adminClaimDecisionSchema = z
  .strictObject({ decision: z.enum(['approve', 'refuse']), reason: adminReasonSchema.optional() })
  .superRefine((value, ctx) => {
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
    summary: 'Sign up as a provider and claim an admin-listed business, once (409 when it is claimed); mails the claimant and the admins; capped per IP and address',
    params: claimParamsSchema,
    body: claimRequestSchema,
    response: claimResponseSchema,
    successStatus: 201,
  }),
  adminListClaims: defineRoute({
    method: 'GET',
    path: '/api/admin/claims',
    area: 'admin',
    access: 'admin',
    summary: 'Business claims in a state (pending by default), newest first, 20 a page, with the claimant\'s address',
    query: adminClaimsQuerySchema,
    response: adminClaimsPageSchema,
  }),
  adminDecideClaim: defineRoute({
    method: 'PUT',
    path: '/api/admin/claims/{businessId}/decision',
    area: 'admin',
    access: 'admin',
    summary: 'Approve a pending claim, or refuse it with a reason mailed to the claimant (409 once decided); audited',
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
    summary: 'Businesses admins created, newest first, 20 a page: claimed or not, a pending claim, the owner\'s name and the claim date',
    query: adminBusinessesQuerySchema,
    response: adminBusinessesPageSchema,
  }),
} as const satisfies Record<string, RouteSpec>;
