import { PRODUCT_NAME, SOCIAL_LINK_KEYS } from '../constants';
import { normaliseSocialLink, socialLinksFrom, type SocialLinks } from '../social-links';

/** The provider's public page (docs/product/provider-profile.md): its wording, title and summary, apart from its schemas (provider-profile.ts). */

export const PROVIDER_PROFILE_MESSAGES = {
  /** The browser tab when there is no one to show (docs/product/provider-profile.md#what-the-page-shows). */
  notFoundTitle: 'Professional Not Found',
  /** The header's business-name fallback (docs/product/provider-profile.md#what-the-page-shows): the web's, for a provider without one. */
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

/** The social links a page shows (docs/product/provider-profile.md#what-the-page-shows): blanks left out, https:// added where missing. */
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

/** The page title (docs/product/provider-profile.md#what-the-page-shows): the provider's name and the product name, or 'Professional Not Found'. */
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
  const trades = provider.categories
    .map((category) =>
      category
        .split(' > ')
        .at(-1)!
        .replace(/^Other: /, ''),
    )
    .slice(0, 3);
  const text =
    bio ||
    [
      `${provider.displayName}${trades.length ? `: ${trades.join(', ')}` : ''}`,
      provider.locationName ? ` in ${provider.locationName}` : '',
      ` on ${PRODUCT_NAME}.`,
    ].join('');
  if (text.length <= DESCRIPTION_MAX_CHARS) return text;
  const cut = text.slice(0, DESCRIPTION_MAX_CHARS - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > DESCRIPTION_MAX_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
