import { z } from 'zod';
import { ACCOUNT_MESSAGES, ADMIN_MESSAGES, ADMIN_USERNAME_MAX_LENGTH, emailSchema, passwordSchema, signupSchema } from '../accounts';
import { capped } from '../profile-limits';
import { ACCOUNT_TYPES, BUSINESS_SEARCH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, SOCIAL_LINK_KEYS, type SocialLinkKey } from '../constants';
import { notificationSettingsResponseSchema } from '../profile';
import { placeSchema } from './locations';
import { EMAIL_FAILURE_CATEGORIES } from '../email-delivery';

/** Request and response shapes of the accounts and admin-entry routes. */

export const signupRequestSchema = signupSchema;

/** Whether the confirmation mail went out; when not, why (docs/product/accounts.md#e-mail-delivery-failures) so the page can say so. */
const confirmationEmailStatusSchema = z.discriminatedUnion('sent', [
  z.object({ sent: z.literal(true) }),
  z.object({ sent: z.literal(false), category: z.enum(EMAIL_FAILURE_CATEGORIES), message: z.string() }),
]);
export type ConfirmationEmailStatus = z.infer<typeof confirmationEmailStatusSchema>;

export const signupResponseSchema = z.object({
  userId: z.string(),
  email: z.string(),
  accountType: z.enum(['client', 'provider']),
  confirmationEmail: confirmationEmailStatusSchema,
});
export type SignupResponse = z.infer<typeof signupResponseSchema>;

const tokenSchema = z.string().trim().min(1, ACCOUNT_MESSAGES.confirmationLinkInvalid).max(200, ACCOUNT_MESSAGES.confirmationLinkInvalid);

export const confirmEmailRequestSchema = z.strictObject({ token: tokenSchema });
export const confirmEmailResponseSchema = z.object({ email: z.string(), accountType: z.enum(ACCOUNT_TYPES) });
export type ConfirmEmailResponse = z.infer<typeof confirmEmailResponseSchema>;

/** Signed-in callers may omit the address: the confirmation goes to their own. */
export const resendConfirmationRequestSchema = z.strictObject({ email: emailSchema });
export const resendConfirmationResponseSchema = z.object({ message: z.string() });

export const passwordResetRequestSchema = z.strictObject({ email: emailSchema });
export const passwordResetRequestResponseSchema = z.object({ message: z.string() });

export const passwordResetConfirmSchema = z
  .strictObject({
    token: z.string().trim().min(1, ACCOUNT_MESSAGES.resetLinkInvalid).max(200, ACCOUNT_MESSAGES.resetLinkInvalid),
    password: passwordSchema,
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.passwordTooLong).optional(),
  })
  .refine((value) => value.confirmPassword === undefined || value.confirmPassword === value.password, {
    path: ['confirmPassword'],
    message: ACCOUNT_MESSAGES.passwordsDoNotMatch,
  });
export const passwordResetConfirmResponseSchema = z.object({ message: z.string() });

const SUBSCRIPTION_TIERS = ['none', 'monthly', 'yearly'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

/** The derived subscription state (docs/product/membership.md#managing-a-membership), written from Stripe's webhooks. */
export const subscriptionSummarySchema = z.object({
  isSubscribed: z.boolean(),
  tier: z.enum(SUBSCRIPTION_TIERS),
  expiresAt: z.iso.datetime().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** A renewal failed and Stripe is retrying: the membership runs until it gives up. */
  paymentFailed: z.boolean(),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;

export const meResponseSchema = z.object({
  userId: z.string(),
  email: z.string(),
  accountType: z.enum(ACCOUNT_TYPES),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  /** The location as the person typed it. */
  location: z.string().nullable(),
  /** Where that is: the geocoded base location. */
  place: placeSchema.nullable(),
  phoneNumber: z.string().nullable(),
  businessName: z.string().nullable(),
  bio: z.string().nullable(),
  skills: z.array(z.string()),
  socialLinks: z.object(Object.fromEntries(SOCIAL_LINK_KEYS.map((key) => [key, z.string()])) as Record<SocialLinkKey, z.ZodString>),
  categories: z.array(z.string()),
  /** Served under /media/, or null for the initials. */
  avatarUrl: z.string().nullable(),
  notifications: notificationSettingsResponseSchema,
  mfaEnabled: z.boolean(),
  emailConfirmed: z.boolean(),
  emailConfirmedAt: z.iso.datetime().nullable(),
  isActive: z.boolean(),
  isVisible: z.boolean(),
  createdAt: z.iso.datetime(),
  subscription: subscriptionSummarySchema,
});
export type MeResponse = z.infer<typeof meResponseSchema>;

export const businessSearchQuerySchema = z.object({
  q: z.string().trim().min(BUSINESS_SEARCH.minChars, `Type at least ${BUSINESS_SEARCH.minChars} characters`).max(100),
});
/** Names only: a business's address is its owner's sign-in name, and this answer is public. */
export const businessSearchResponseSchema = z.object({
  /** claimable: an admin listed it and nobody has claimed it yet, so its owner claims it rather than signing up a second one. */
  businesses: z.array(z.strictObject({ id: z.string(), businessName: z.string(), claimable: z.boolean() })).max(BUSINESS_SEARCH.maxResults),
});
export type BusinessSearchResponse = z.infer<typeof businessSearchResponseSchema>;

export const adminSetupRequestSchema = z
  .strictObject({
    username: z.string().trim().max(ADMIN_USERNAME_MAX_LENGTH, capped(ADMIN_MESSAGES.usernameTooLong)).optional(),
    password: z.string().max(PASSWORD_MAX_LENGTH, capped(ACCOUNT_MESSAGES.passwordTooLong)).optional(),
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH, capped(ACCOUNT_MESSAGES.passwordTooLong)).optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.username || !value.password) {
      ctx.addIssue({ code: 'custom', path: [value.username ? 'password' : 'username'], message: ADMIN_MESSAGES.fieldsRequired });
      return;
    }
    if (!/^[\w.-]+$/.test(value.username)) {
      ctx.addIssue({ code: 'custom', path: ['username'], message: ADMIN_MESSAGES.usernameInvalid });
    }
    if (value.password.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: ADMIN_MESSAGES.passwordTooShort });
    }
    if (value.confirmPassword !== undefined && value.confirmPassword !== value.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: ADMIN_MESSAGES.passwordsDoNotMatch });
    }
  });
export const adminSetupResponseSchema = z.object({ userId: z.string(), email: z.string() });

export const adminOverviewResponseSchema = z.object({
  adminSetup: z.object({ completed: z.boolean(), completedAt: z.iso.datetime().nullable() }),
});
export type AdminOverviewResponse = z.infer<typeof adminOverviewResponseSchema>;
