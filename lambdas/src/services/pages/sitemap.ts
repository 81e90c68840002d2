import { escapeHtml, type TaxonomyGroup } from '@solutionz/shared';
import { ALL_SCOPE } from '../../data/directory';
import type { DirectoryRepository } from '../../data/directory-repository';
import { isListed } from '../../data/listing-rule';
import { providerPageUrl } from './crawler-html';

/**
 * /sitemap.xml and /robots.txt: the pages search engines should know, with absolute
 * addresses on the site's origin: the public pages, every category page of the live taxonomy, and the
 * page of every listed provider, read from the directory's alphabetical index page by page.
 */

/** The sitemap protocol's limit for one file; past it a sitemap index would be needed. */
const SITEMAP_MAX_URLS = 50_000;
const LISTINGS_PER_READ = 250;

/** The public pages that are not about one provider: the category pages of the live taxonomy. */
function sitePageUrls(siteUrl: string, groups: readonly TaxonomyGroup[]): string[] {
  return [
    `${siteUrl}/`,
    `${siteUrl}/directory`,
    `${siteUrl}/categories`,
    ...groups.flatMap((group) => [group.slug, ...group.subcategories.map((sub) => sub.slug)]).map((slug) => `${siteUrl}/categories/${slug}`),
  ];
}

/** The ids of listed providers in alphabetical order, at most `limit` of them, read `perRead` at a time. */
export async function listedProviderIds(
  directory: Pick<DirectoryRepository, 'alphabeticalListings'>,
  now: Date,
  limit: number,
  perRead = LISTINGS_PER_READ,
): Promise<string[]> {
  const ids: string[] = [];
  let after: string | undefined;
  while (ids.length < limit) {
    const page = await directory.alphabeticalListings(ALL_SCOPE, after, Math.min(perRead, limit - ids.length));
    for (const listing of page.listings) {
      if (isListed(listing, now)) ids.push(listing.userId);
    }
    if (!page.last) break;
    after = page.last;
  }
  return ids.slice(0, limit);
}

function renderSitemap(urls: readonly string[]): string {
  const entries = urls.map((url) => `  <url><loc>${escapeHtml(url)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...entries, '</urlset>', ''].join('\n');
}

export async function sitemap(
  deps: { readonly directory: Pick<DirectoryRepository, 'alphabeticalListings' | 'taxonomy'>; readonly clock: () => Date },
  siteUrl: string,
): Promise<string> {
  const pages = sitePageUrls(siteUrl, (await deps.directory.taxonomy()).groups);
  const providers = await listedProviderIds(deps.directory, deps.clock(), SITEMAP_MAX_URLS - pages.length);
  return renderSitemap([...pages, ...providers.map((id) => providerPageUrl(siteUrl, id))]);
}

/** Everything may be crawled; the sitemap says what there is. */
export function robotsTxt(siteUrl: string): string {
  return ['User-agent: *', 'Allow: /', '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n');
}
