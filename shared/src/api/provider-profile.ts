import { z } from 'zod';
import { SOCIAL_LINK_KEYS, type SocialLinkKey } from '../constants';
import { responseTimeSchema } from '../response-time-schema';

/**
 * The provider's public page (/directory/{id}; docs/product/provider-profile.md): what anyone may read
 * about a listed provider, and the same for the owner with why the page is or is not public. The
 * schemas are strict and list every field that goes out: a private field of the profile (the e-mail,
 * Stripe ids, flags, 2-step verification) has no place in them. Its wording, title and summary are in
 * provider-profile-text.ts, so that the page loads no zod.
 */

/** Why an owner's page is not public: the listing rule (docs/product/directory.md#the-listing-rule) part by part. */
const UNLISTED_REASONS = ['noMembership', 'hidden', 'deactivated'] as const;
export type UnlistedReason = (typeof UNLISTED_REASONS)[number];

const publishedSocialLinksSchema = z.strictObject(
  Object.fromEntries(SOCIAL_LINK_KEYS.map((key) => [key, z.string().optional()])) as Record<SocialLinkKey, z.ZodOptional<z.ZodString>>,
);

const providerProfileShape = {
  id: z.string(),
  businessName: z.string().optional(),
  firstName: z.string(),
  lastName: z.string(),
  /** providerDisplayName: the business name, else the full name. */
  displayName: z.string(),
  /** Served under /media/; absent: the web shows initials or its placeholder. */
  avatarUrl: z.string().optional(),
  bio: z.string().optional(),
  /** Where they are based: the geocoded place name, else the location as typed. */
  locationName: z.string().optional(),
  /** Category selections as stored (`Group`, `Group > Sub`, `Other: text`). */
  categories: z.array(z.string()),
  skills: z.array(z.string()),
  /** publishedSocialLinks: only the filled-in ones, each an https:// (or http://) address. */
  socialLinks: publishedSocialLinksSchema,
  /** Approved feedback only; average null while there is none. */
  rating: z.strictObject({ average: z.number().min(1).max(5).nullable(), count: z.number().int().min(0) }),
  /** What the provider publishes to be contacted: the phone number of their profile. */
  contact: z.strictObject({ phone: z.string().optional() }),
  /** When the account was created. */
  memberSince: z.iso.datetime(),
  /** How fast they reply to clients, measured from messages; null: "New on Solutionz". */
  responseTime: responseTimeSchema,
  /**
   * Present only while the page is a business an admin listed that nobody has claimed yet: the business's id, which the
   * claim page is opened with (the sign-up business search names the same id).
   */
  claimableBusinessId: z.string().optional(),
};

/** GET /api/providers/{providerId}: a listed provider's public page. */
export const providerProfileSchema = z.strictObject(providerProfileShape);
export type ProviderProfile = z.infer<typeof providerProfileSchema>;

/** GET /api/me/provider-page: the owner's own page whatever its state, and whether the public sees it. */
export const myProviderPageSchema = z.strictObject({
  ...providerProfileShape,
  /** Visible, active and with a running membership: anyone can open the page and find it in the directory. */
  listed: z.boolean(),
  /** Empty when listed. */
  unlistedReasons: z.array(z.enum(UNLISTED_REASONS)),
});
export type MyProviderPage = z.infer<typeof myProviderPageSchema>;
