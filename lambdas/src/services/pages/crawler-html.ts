import {
  CATEGORIES_MESSAGES,
  categoryLabel,
  directorySearchTitle,
  directorySearchWords,
  jobBoardTitle,
  PRODUCT_NAME,
  PROVIDER_PROFILE_MESSAGES,
  providerPageDescription,
  providerPageTitle,
  SOCIAL_LINK_KEYS,
  escapeHtml,
  scriptJson,
  unescapeHtml,
  type DirectoryFilters,
  type JobBoardFilters,
  type ProviderProfile,
} from '@solutionz/shared';
import { CATEGORIES_PATH } from './page-paths';

/**
 * The head of a page for visitors and crawlers that do not run JavaScript (search engines, link
 * previews): the built index.html with the page's title, description, canonical address, Open Graph
 * and Twitter card tags and JSON-LD filled in. The app still boots from the same HTML. Every value is
 * escaped here, whatever a provider typed.
 */

/** The picture a link preview shows for a provider without one: a 1200 x 630 banner in web/public. */
const DEFAULT_SHARE_IMAGE = '/share-image.png';

export interface PageHead {
  readonly title: string;
  readonly description: string;
  /** Keep the page out of search results (a provider who is not listed, or no one). */
  readonly noindex: boolean;
  readonly canonicalUrl?: string;
  /** Open Graph properties in order (`og:title`, `profile:first_name`, ...). */
  readonly openGraph: readonly (readonly [property: string, content: string])[];
  readonly twitter: readonly (readonly [name: string, content: string])[];
  readonly jsonLd?: Record<string, unknown>;
}

const absolute = (siteUrl: string, path: string) => (/^https?:\/\//i.test(path) ? path : `${siteUrl}${path.startsWith('/') ? '' : '/'}${path}`);

export function providerPageUrl(siteUrl: string, providerId: string): string {
  return `${siteUrl}/directory/${encodeURIComponent(providerId)}`;
}

/** LocalBusiness (schema.org) for a listed provider: who, where, how to reach them, and their rating when they have one. */
function providerJsonLd(provider: ProviderProfile, siteUrl: string): Record<string, unknown> {
  const url = providerPageUrl(siteUrl, provider.id);
  const sameAs = SOCIAL_LINK_KEYS.flatMap((key) => provider.socialLinks[key] ?? []);
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': url,
    name: provider.displayName,
    url,
    description: providerPageDescription(provider),
    ...(provider.avatarUrl ? { image: absolute(siteUrl, provider.avatarUrl) } : {}),
    ...(provider.contact.phone ? { telephone: provider.contact.phone } : {}),
    ...(provider.locationName ? { address: { '@type': 'PostalAddress', addressLocality: provider.locationName, addressCountry: 'GB' } } : {}),
    ...(provider.rating.count > 0 && provider.rating.average !== null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: provider.rating.average,
            reviewCount: provider.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(provider.skills.length ? { knowsAbout: [...provider.skills] } : {}),
    ...(sameAs.length ? { sameAs } : {}),
  };
}

/** The head of /directory/{id} for a listed provider. */
export function listedProviderHead(provider: ProviderProfile, siteUrl: string): PageHead {
  const title = providerPageTitle(provider);
  const description = providerPageDescription(provider);
  const url = providerPageUrl(siteUrl, provider.id);
  const image = absolute(siteUrl, provider.avatarUrl ?? DEFAULT_SHARE_IMAGE);
  return {
    title,
    description,
    noindex: false,
    canonicalUrl: url,
    openGraph: [
      ['og:type', 'profile'],
      ['og:site_name', PRODUCT_NAME],
      ['og:locale', 'en_GB'],
      ['og:title', title],
      ['og:description', description],
      ['og:url', url],
      ['og:image', image],
      ['og:image:alt', provider.displayName],
      ['profile:first_name', provider.firstName],
      ['profile:last_name', provider.lastName],
    ],
    twitter: [
      // A square picture makes the small card; the default picture is a wide banner.
      ['twitter:card', provider.avatarUrl ? 'summary' : 'summary_large_image'],
      ['twitter:title', title],
      ['twitter:description', description],
      ['twitter:image', image],
      ['twitter:image:alt', provider.displayName],
    ],
    jsonLd: providerJsonLd(provider, siteUrl),
  };
}

/** A page of the site's own (not a provider's): its title, the site's description and picture in the previews. */
function sitePageHead(siteUrl: string, title: string, description: string, options: { noindex: boolean; canonicalUrl?: string }): PageHead {
  const image = absolute(siteUrl, DEFAULT_SHARE_IMAGE);
  return {
    title,
    description,
    noindex: options.noindex,
    ...(options.canonicalUrl ? { canonicalUrl: options.canonicalUrl } : {}),
    openGraph: [
      ['og:type', 'website'],
      ['og:site_name', PRODUCT_NAME],
      ['og:locale', 'en_GB'],
      ['og:title', title],
      ['og:description', description],
      ...(options.canonicalUrl ? [['og:url', options.canonicalUrl] as const] : []),
      ['og:image', image],
    ],
    twitter: [
      ['twitter:card', 'summary_large_image'],
      ['twitter:title', title],
      ['twitter:description', description],
      ['twitter:image', image],
    ],
  };
}

/** The head of /directory/{id} when no listed provider has that id: nothing about anyone, and not for search results. */
export function unlistedProviderHead(siteUrl: string, siteDescription: string): PageHead {
  return sitePageHead(siteUrl, PROVIDER_PROFILE_MESSAGES.notFoundTitle, siteDescription, { noindex: true });
}

/** The head of /categories: every service on Solutionz, for search results and link previews. */
export function categoriesHead(siteUrl: string, siteDescription: string): PageHead {
  return sitePageHead(siteUrl, `${CATEGORIES_MESSAGES.title} | ${PRODUCT_NAME}`, siteDescription, {
    noindex: false,
    canonicalUrl: `${siteUrl}${CATEGORIES_PATH}`,
  });
}

/**
 * A search page's head: the search in the title (as the app names the tab) and the description. A search that was
 * server-rendered and found something is its own page for search results, at its address with the parameters in a fixed
 * order (`foundAt`); any other (nothing found, a place nobody can find, near me, a later page) stays out of them:
 * the words in a search's address are anyone's to type.
 */
function searchPageHead(siteUrl: string, title: string, description: string, foundAt: string | undefined): PageHead {
  return sitePageHead(siteUrl, title, description, foundAt === undefined ? { noindex: true } : { noindex: false, canonicalUrl: `${siteUrl}${foundAt}` });
}

/** The head of /directory for a search: "Fencing near Leeds | Solutionz". */
export function directorySearchHead(siteUrl: string, filters: DirectoryFilters, foundAt: string | undefined): PageHead {
  const { what, where } = directorySearchWords(filters);
  const description = `${what ?? 'Trusted local professionals'}${where ? ` near ${where}` : ''} on ${PRODUCT_NAME}: compare ratings, reply times and services, and get in touch.`;
  return searchPageHead(siteUrl, directorySearchTitle(filters), description, foundAt);
}

/** The head of /job-directory for a search: "Builder jobs near Leeds | Solutionz". */
export function jobBoardHead(siteUrl: string, filters: JobBoardFilters, foundAt: string | undefined): PageHead {
  const what = filters.category ? `${categoryLabel(filters.category)} jobs` : 'Open jobs';
  const description = `${what}${filters.location ? ` near ${filters.location}` : ''} on ${PRODUCT_NAME}: what clients need done and their budgets, for members to get in touch.`;
  return searchPageHead(siteUrl, jobBoardTitle(filters), description, foundAt);
}

const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /<meta\s+name=["']description["'][^>]*>/i;

/** The description index.html carries for the whole site (the generic pages keep it). */
export function siteDescriptionOf(indexHtml: string): string {
  const tag = DESCRIPTION.exec(indexHtml)?.[0];
  const content = tag && /content=(["'])([\s\S]*?)\1/i.exec(tag)?.[2];
  return content ? unescapeHtml(content) : PRODUCT_NAME;
}

/** index.html with the head's title and description in place of its own, and the other tags before </head>. */
export function renderPage(indexHtml: string, head: PageHead): string {
  const title = `<title>${escapeHtml(head.title)}</title>`;
  const description = `<meta name="description" content="${escapeHtml(head.description)}" />`;
  const tags = [
    ...(head.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    ...(head.canonicalUrl ? [`<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}" />`] : []),
    ...head.openGraph.map(([property, content]) => `<meta property="${escapeHtml(property)}" content="${escapeHtml(content)}" />`),
    ...head.twitter.map(([name, content]) => `<meta name="${escapeHtml(name)}" content="${escapeHtml(content)}" />`),
    ...(head.jsonLd ? [`<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>`] : []),
  ];
  // Functions as replacements: a `$` in a provider's text is not a replacement pattern.
  let html = TITLE.test(indexHtml) ? indexHtml.replace(TITLE, () => title) : indexHtml.replace(/<\/head>/i, () => `${title}\n</head>`);
  html = DESCRIPTION.test(html) ? html.replace(DESCRIPTION, () => description) : html.replace(/<\/head>/i, () => `${description}\n</head>`);
  return html.replace(/<\/head>/i, () => `    ${tags.join('\n    ')}\n  </head>`);
}
