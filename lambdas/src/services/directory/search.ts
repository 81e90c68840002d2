import {
  DIRECTORY_MESSAGES,
  repliesWithinDay,
  serviceCategorySlugs,
  type Place,
  type ProviderCard,
  type ProviderSearchResponse,
  type providerSearchQuerySchema,
} from '@solutionz/shared';
import type { z } from 'zod';
import { ALL_SCOPE, alphabeticalPosition, type ListingRecord } from '../../data/directory';
import { ValidationError } from '../../errors';
import { resolvePlace } from '../../geo/resolve';
import {
  continueFrom,
  DEFAULT_LEAF_SIZE,
  isNearestPosition,
  nearestInIndex,
  nearestPosition,
  type NearestPosition,
  type Resume,
  type GeoEntry,
  type GeoIndexReader,
  type Hit,
} from '../geo-search';
import { isListed } from '../../data/listing-rule';
import { checkedMarks, toProviderCard } from './cards';
import { responseTimeOf } from '../messages/response-times';
import type { DirectoryDeps } from './deps';

type SearchQuery = z.output<typeof providerSearchQuerySchema>;

/** What the search reads: the directory's indexes and listings, and the geocoder for a typed place. */
export type SearchDeps = Pick<DirectoryDeps, 'directory' | 'geocoder' | 'clock'>;

/** Most cells a page a person waits for reads at the same time (geo-search.ts). */
const PAGE_PARALLEL_CELLS = 6;

/** Most listings a text search reads looking for a page of name and skill matches. */
const TEXT_SEARCH_READ_LIMIT = 2_000;

interface Point {
  readonly lat: number;
  readonly lng: number;
}

/**
 * Where the next page starts. `g`: after this hit of the nearest-first order, going on from where the page left the
 * search (`c`, an encoded resume, when it fits); `u`: among those without a place; `a`: alphabetical.
 */
type Cursor =
  | (NearestPosition & { readonly m: 'g'; readonly f?: 1 })
  | { readonly m: 'u'; readonly after?: string; readonly f?: 1 }
  | { readonly m: 'a'; readonly after?: string; readonly f?: 1 };

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(text: string | undefined): Cursor | undefined {
  if (text === undefined) return undefined;
  try {
    const cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    if (cursor.m === 'g' && isNearestPosition(cursor)) return cursor;
    if ((cursor.m === 'u' || cursor.m === 'a') && (cursor.after === undefined || typeof cursor.after === 'string')) return cursor;
  } catch {
    // Falls through to the refusal below.
  }
  throw badCursor();
}

const badCursor = () => new ValidationError({ 'query.cursor': DIRECTORY_MESSAGES.badCursor }, DIRECTORY_MESSAGES.badCursor);

type NearestCursor = Extract<Cursor, { m: 'g' }>;

/** The cursor of the page after `last`, with where the page left the search when it fits. */
const nearestCursor = (last: Hit, resume: Resume | undefined): NearestCursor => ({ m: 'g', ...nearestPosition(last, resume) });

/**
 * What narrows the search: category scopes, or a text that names no category (matched on names and skills),
 * and whether the provider must usually reply within a day (the response time their listing carries).
 */
interface Filter {
  readonly scopes: readonly string[];
  readonly text?: string;
  readonly repliesWithinDay?: boolean;
  /** Only providers whose checked insurance holds today. */
  readonly insured?: boolean;
}

async function filterOf(deps: Pick<DirectoryDeps, 'directory'>, query: SearchQuery): Promise<Filter> {
  const narrowed = await categoryFilterOf(deps, query);
  return { ...narrowed, ...extraFilters(query) };
}

/** The filters a fallback keeps: a person who asked for quick replies or checked insurance gets only those. */
function extraFilters(query: SearchQuery): Pick<Filter, 'repliesWithinDay' | 'insured'> {
  return { ...(query.replies === 'day' ? { repliesWithinDay: true } : {}), ...(query.insured === 'yes' ? { insured: true } : {}) };
}

async function categoryFilterOf(deps: Pick<DirectoryDeps, 'directory'>, query: SearchQuery): Promise<Filter> {
  const { groups: taxonomy } = await deps.directory.taxonomy();
  if (query.category) {
    const known = taxonomy.some((group) => group.slug === query.category || group.subcategories.some((sub) => sub.slug === query.category));
    if (!known) throw new ValidationError({ 'query.category': 'Choose a category from the list' });
    // A service text that names a category narrows nothing beyond the chosen one; other text filters by name.
    const namesCategory = query.service !== undefined && serviceCategorySlugs(query.service, taxonomy).length > 0;
    return { scopes: [query.category], ...(query.service && !namesCategory ? { text: query.service.toLowerCase() } : {}) };
  }
  if (!query.service) return { scopes: [ALL_SCOPE] };
  const slugs = serviceCategorySlugs(query.service, taxonomy);
  return slugs.length > 0 ? { scopes: slugs } : { scopes: [ALL_SCOPE], text: query.service.toLowerCase() };
}

/** A listing the filter keeps: listed now, and matching the text and the reply filter. */
function passes(listing: ListingRecord, filter: Filter, now: Date): boolean {
  return (
    isListed(listing, now) &&
    matchesText(listing, filter.text) &&
    (!filter.repliesWithinDay || repliesWithinDay(responseTimeOf(listing.responseLog, now))) &&
    (!filter.insured || checkedMarks(listing, now).insurance)
  );
}

/** Only the listing tells whether it passes: every hit is then checked as it is found. */
const needsListing = (filter: Filter) => filter.text !== undefined || filter.repliesWithinDay === true || filter.insured === true;

function matchesText(listing: ListingRecord, text: string | undefined): boolean {
  if (!text) return true;
  const haystack = [listing.businessName, listing.name, ...listing.skills, ...listing.categories].join(' ').toLowerCase();
  return text.split(/\s+/).every((word) => haystack.includes(word));
}

/** The directory's geo index as the nearest-first search reads it. */
const geoIndexOf = (directory: DirectoryDeps['directory']): GeoIndexReader<GeoEntry> => {
  const entriesOf = (listings: readonly ListingRecord[]) =>
    listings.map((entry) => ({ id: entry.userId, lat: entry.lat!, lng: entry.lng!, ...(entry.geohash ? { geohash: entry.geohash } : {}) }));
  return {
    rootCells: directory.rootCells,
    childCells: directory.childCells,
    manyChildCells: directory.manyChildCells,
    cellEntries: async (scope, cell, atMost) => entriesOf(await directory.cellListings(scope, cell, atMost)),
    runEntries: async (scope, first, last) => entriesOf(await directory.runListings(scope, first, last)),
  };
};

/**
 * Nearest first within the radius (geo-search.ts); the listings are the truth behind the entries. A text
 * filter needs the listing to match, so then every hit in range is checked as it is found.
 */
async function nearest(
  deps: Pick<DirectoryDeps, 'directory' | 'clock'>,
  filter: Filter,
  centre: Point,
  radius: number,
  after: NearestCursor | undefined,
  limit: number,
  eager = false,
): Promise<{ hits: Hit[]; listings: Map<string, ListingRecord>; more: boolean; resume?: Resume }> {
  const now = deps.clock();
  const from = after && continueFrom(after, filter.scopes.length);
  if (after && !from) throw badCursor();
  const {
    hits,
    records,
    more,
    resume: next,
  } = await nearestInIndex({
    index: geoIndexOf(deps.directory),
    scopes: filter.scopes,
    centre,
    radius,
    ...from,
    limit,
    confirm: async (found) => {
      const fresh = await deps.directory.getListings(found.map((hit) => hit.id));
      return new Map([...fresh].filter(([, listing]) => passes(listing, filter, now)));
    },
    ...(needsListing(filter) ? { confirmAllUpTo: TEXT_SEARCH_READ_LIMIT } : {}),
    eager,
    // A person waits for a first page: a cell holding no more than the page (and the one that tells whether more follow) is
    // read whole, one request where a split costs a counts read and a round more, and up to PAGE_PARALLEL_CELLS cells are
    // read at a time (at 50,000 providers, 4.5 rounds one after another rather than 5.5, for 14% more items). Later pages
    // split as before: a cell this page read whole and the next splits is looked into again only where this one did not show
    // all (its pending cells) or beyond its horizon, so the answers are the same. Never the other way round (a cell this page
    // split that the next reads whole would be taken as read): a first page's leaves are never smaller than later pages'.
    ...(eager && !from ? { leafSize: Math.max(limit + 1, DEFAULT_LEAF_SIZE), parallelCells: PAGE_PARALLEL_CELLS } : {}),
  });
  return { hits, listings: records, more, ...(next ? { resume: next } : {}) };
}

/** A listed provider near a point, and how far. */
export interface NearbyListing {
  readonly listing: ListingRecord;
  readonly distance: number;
}

/**
 * Every listed provider of these scopes with a place within `radius` miles of `centre`, nearest first, a
 * page at a time through the geo index (the job alerts worker, with the alerts scopes: never a scan of
 * all providers).
 */
export async function* listedProvidersNear(
  deps: Pick<DirectoryDeps, 'directory' | 'clock'>,
  centre: Point,
  radius: number,
  scopes: readonly string[],
  pageSize = 50,
): AsyncGenerator<NearbyListing[]> {
  let after: NearestCursor | undefined;
  for (;;) {
    const { hits, listings, more, resume } = await nearest(deps, { scopes }, centre, radius, after, pageSize);
    if (hits.length > 0) yield hits.map((hit) => ({ listing: listings.get(hit.id)!, distance: hit.distance }));
    const last = hits.at(-1);
    if (!more || !last) return;
    after = nearestCursor(last, resume);
  }
}

type ScopeReader = (scope: string, after: string | undefined, limit: number) => Promise<{ listings: ListingRecord[]; last?: string }>;

/**
 * The first `limit + 1` listings after `after` in an index ordered by position, over every scope of the
 * filter: each scope is read until it has that many that pass (or ends), then the scopes are merged.
 */
async function firstInOrder(
  deps: SearchDeps,
  filter: Filter,
  read: ScopeReader,
  positionOf: (listing: ListingRecord) => string,
  after: string | undefined,
  limit: number,
) {
  const now = deps.clock();
  const perScope = await Promise.all(
    filter.scopes.map(async (scope) => {
      const passed: ListingRecord[] = [];
      let position = after;
      for (let seen = 0; passed.length <= limit && seen < TEXT_SEARCH_READ_LIMIT;) {
        const page = await read(scope, position, limit + 1);
        seen += page.listings.length;
        passed.push(...page.listings.filter((listing) => passes(listing, filter, now)));
        if (!page.last) break;
        position = page.last;
      }
      return passed;
    }),
  );
  const merged = new Map<string, ListingRecord>();
  for (const listing of perScope.flat()) merged.set(listing.userId, listing);
  const ordered = [...merged.values()].sort((a, b) => (positionOf(a) < positionOf(b) ? -1 : 1));
  return { listings: ordered.slice(0, limit), more: ordered.length > limit };
}

/** Listed providers without a place, by id, after those with one (docs/product/directory.md#searching). */
function unplaced(deps: SearchDeps, filter: Filter, after: string | undefined, limit: number) {
  return firstInOrder(deps, filter, deps.directory.unplacedListings, (listing) => listing.userId, after, limit);
}

/** Without a place: everyone listed, by business (or person's) name. */
function alphabetical(deps: SearchDeps, filter: Filter, after: string | undefined, limit: number) {
  return firstInOrder(deps, filter, deps.directory.alphabeticalListings, alphabeticalPosition, after, limit);
}

async function resolveCentre(deps: SearchDeps, query: SearchQuery): Promise<{ centre: Point; place?: Place } | undefined> {
  if (query.location) {
    const place = await resolvePlace(deps.geocoder, query.location, 'query.location');
    return { centre: place, place };
  }
  if (query.lat !== undefined && query.lng !== undefined) return { centre: { lat: query.lat, lng: query.lng } };
  return undefined;
}

/** One page of a filter: nearest first then those without a place, or alphabetical without a centre. */
async function page(
  deps: SearchDeps,
  filter: Filter,
  centre: Point | undefined,
  radius: number,
  cursor: Cursor | undefined,
  limit: number,
): Promise<{ cards: ProviderCard[]; next?: Cursor }> {
  const fallback = cursor?.f ? ({ f: 1 } as const) : {};
  const now = deps.clock();
  if (!centre) {
    const after = cursor?.m === 'a' ? cursor.after : undefined;
    const result = await alphabeticalPage(deps, filter, after, limit);
    return {
      cards: result.listings.map((listing) => toProviderCard(listing, null, now)),
      ...(result.nextAfter ? { next: { m: 'a', after: result.nextAfter, ...fallback } } : {}),
    };
  }
  const cards: ProviderCard[] = [];
  if (!cursor || cursor.m === 'g') {
    const { hits, listings, more, resume } = await nearest(deps, filter, centre, radius, cursor?.m === 'g' ? cursor : undefined, limit, true);
    cards.push(...hits.map((hit) => toProviderCard(listings.get(hit.id)!, hit.distance, now)));
    if (more) return { cards, next: { ...nearestCursor(hits.at(-1)!, resume), ...fallback } };
  }
  const room = limit - cards.length;
  const after = cursor?.m === 'u' ? cursor.after : undefined;
  const rest = await unplaced(deps, filter, after, Math.max(room, 1));
  if (room === 0) return { cards, ...(rest.listings.length > 0 ? { next: { m: 'u', ...fallback } } : {}) };
  cards.push(...rest.listings.map((listing) => toProviderCard(listing, null, now)));
  return { cards, ...(rest.more ? { next: { m: 'u', after: rest.listings.at(-1)!.userId, ...fallback } } : {}) };
}

/** Alphabetical pages continue after the last card's position (so a page never repeats or skips one). */
async function alphabeticalPage(deps: SearchDeps, filter: Filter, after: string | undefined, limit: number) {
  const result = await alphabetical(deps, filter, after, limit);
  const last = result.listings.at(-1);
  return { listings: result.listings, ...(result.more && last ? { nextAfter: alphabeticalPosition(last) } : {}) };
}

/**
 * GET /api/providers. Filters by category (or the category a service text names, else the
 * text against names and skills) and by place and radius; when the filters match nobody on the first
 * page, every listed provider nearest first (no radius) with `fallback` (docs/product/directory.md#searching).
 */
export async function searchProviders(deps: SearchDeps, query: SearchQuery): Promise<ProviderSearchResponse> {
  const cursor = decodeCursor(query.cursor);
  const located = await resolveCentre(deps, query);
  const filtered = Boolean(query.category || query.service);
  const place = located?.place ? { place: located.place } : {};

  if (!cursor?.f) {
    const result = await page(deps, await filterOf(deps, query), located?.centre, query.radius, cursor, query.limit);
    if (result.cards.length > 0 || cursor || !filtered) {
      return { providers: result.cards, ...(result.next ? { nextCursor: encodeCursor(result.next) } : {}), ...place };
    }
  }
  // The fallback drops the category, the text and the radius, not the reply and insurance filters.
  const everyone = await page(
    deps,
    { scopes: [ALL_SCOPE], ...extraFilters(query) },
    located?.centre,
    Number.POSITIVE_INFINITY,
    cursor?.f ? cursor : undefined,
    query.limit,
  );
  const next = everyone.next ? encodeCursor({ ...everyone.next, f: 1 }) : undefined;
  return { providers: everyone.cards, fallback: true, ...(next ? { nextCursor: next } : {}), ...place };
}
