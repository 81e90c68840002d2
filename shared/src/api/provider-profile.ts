import { z } from 'zod';
import { PRODUCT_NAME, SOCIAL_LINK_KEYS, type SocialLinkKey } from '../constants';
import { normaliseSocialLink, socialLinksFrom, type SocialLinks } from '../profile';
import { responseTimeSchema } from '../response-times';

/**
 * The provider's public page (/directory/{id}; spec 02 sections 2-4): what anyone may read
 * about a listed provider, and the same for the owner with why the page is or is not public. The
 * schemas are strict and list every field that goes out: a private field of the profile (the e-mail,
 * Stripe ids, flags, 2-step verification) has no place in them.
 */

export const PROVIDER_PROFILE_MESSAGES = {
  /** The browser tab when there is no one to show (spec 02 section 2). */
  notFoundTitle: 'Professional Not Found',
  /** The header's business-name fallback (spec 02 section 2): the web's, for a provider without one. */
  businessNameFallback: 'Professional Service Provider',
  loading: 'Loading profile...',
  breadcrumb: 'Browse Freelancers',
  notAvailable: {
    title: 'Profile Not Available',
    text: 'This profile is no longer available. It may have been removed, the provider may have deactivated their account, or their subscription may have expired.',
    back: 'Back to Directory',
  },
  onlyProviders: 'Only service providers have a public page.',
  /** Why the owner's page is not public, one line per reason. */
  unlisted: {
    noMembership: 'Your membership is not active, so your page is not in the directory. Activate it to be listed.',
    hidden: 'Your page is hidden from the directory by an administrator.',
    deactivated: 'Your account is deactivated.',
  },
} as const;

/** Why an owner's page is not public: the listing rule (spec 02 section 4) part by part. */
const UNLISTED_REASONS = ['noMembership', 'hidden', 'deactivated'] as const;
export type UnlistedReason = (typeof UNLISTED_REASONS)[number];

/** The social links a page shows (spec 02 section 5): blanks left out, https:// added where missing. */
export function publishedSocialLinks(links: unknown): Partial<SocialLinks> {
  const all = socialLinksFrom(links);
  const published: Partial<SocialLinks> = {};
  for (const key of SOCIAL_LINK_KEYS) {
    const link = normaliseSocialLink(all[key]);
    if (link) published[key] = link;
  }
  return published;
}

/** The name a provider goes by: the business name, else the person's full name. */
export function providerDisplayName(provider: { readonly businessName?: string | null; readonly firstName: string; readonly lastName: string }): string {
  return provider.businessName?.trim() || `${provider.firstName} ${provider.lastName}`.trim();
}

/** The page title (spec 02 section 2): the provider's name and the product name, or 'Professional Not Found'. */
export function providerPageTitle(provider: { readonly displayName: string } | null | undefined): string {
  return provider ? `${provider.displayName} | ${PRODUCT_NAME}` : PROVIDER_PROFILE_MESSAGES.notFoundTitle;
}

const DESCRIPTION_MAX_CHARS = 160;

/**
 * The page's summary for search results and link previews: the bio, else what they do and where,
 * at most 160 characters (cut at a word, with an ellipsis).
 */
export function providerPageDescription(provider: {
  readonly displayName: string;
  readonly bio?: string;
  readonly categories: readonly string[];
  readonly locationName?: string;
}): string {
  const bio = provider.bio?.replace(/\s+/g, ' ').trim();
  const trades = provider.categories.map((category) => category.split(' > ').at(-1)!.replace(/^Other: /, '')).slice(0, 3);
  const text =
    bio ||
    [`${provider.displayName}${trades.length ? `: ${trades.join(', ')}` : ''}`, provider.locationName ? ` in ${provider.locationName}` : '', ` on ${PRODUCT_NAME}.`].join('');
  if (text.length <= DESCRIPTION_MAX_CHARS) return text;
  const cut = text.slice(0, DESCRIPTION_MAX_CHARS - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > DESCRIPTION_MAX_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

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
