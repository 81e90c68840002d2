import ngeohash from 'ngeohash';
import {
  DIRECTORY_MESSAGES,
  EARTH_RADIUS_MILES,
  serviceCategorySlugs,
  TAXONOMY,
  type Place,
  type ProviderCard,
  type ProviderSearchResponse,
  type providerSearchQuerySchema,
} from '@solutionz/shared';
import type { z } from 'zod';
import { ALL_SCOPE, alphabeticalPosition, GEO } from '../../data/directory';
import type { ListingRecord } from '../../data/directory-repository';
import { ValidationError } from '../../errors';
import { resolvePlace } from '../../geo/resolve';
import { isListed } from '../listing-rule';
import { toProviderCard } from './cards';
import type { DirectoryDeps } from './deps';

type SearchQuery = z.output<typeof providerSearchQuerySchema>;

/** Most listings a text search reads looking for a page of name and skill matches. */
const TEXT_SEARCH_READ_LIMIT = 2_000;
/** A cell holding at most this many is read whole; a fuller one is split into its 32 children. */
const LEAF_SIZE = 12;
/** Most cells read at the same time (each one request). */
const PARALLEL_CELLS = 4;

interface Point {
  readonly lat: number;
  readonly lng: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in miles (spec 02 section 9: Earth radius 3959 miles). */
export function milesBetween(a: Point, b: Point): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Bounds on the distance from a point to anyone in a geohash cell. The nearest point of a small
 * latitude-longitude box is the clamped point up to a fraction of a percent, which the margin covers,
 * so `min` never overestimates and `max` never underestimates.
 */
export function cellDistances(centre: Point, cell: string): { min: number; max: number } {
  const [south, west, north, east] = ngeohash.decode_bbox(cell);
  const clamped = { lat: Math.min(Math.max(centre.lat, south), north), lng: Math.min(Math.max(centre.lng, west), east) };
  const corners = [
    { lat: south, lng: west },
    { lat: south, lng: east },
    { lat: north, lng: west },
    { lat: north, lng: east },
  ];
  return {
    min: Math.max(0, milesBetween(centre, clamped) * 0.995 - 0.01),
    max: Math.max(...corners.map((corner) => milesBetween(centre, corner))) * 1.005 + 0.01,
  };
}

/** A found provider, and its place in the order: distance, then id. */
interface Hit {
  readonly userId: string;
  readonly distance: number;
}
const before = (a: Hit, b: Hit) => a.distance < b.distance || (a.distance === b.distance && a.userId < b.userId);

/** Where the next page starts. `g`: after this hit of the nearest-first order; `u`: among those without a place; `a`: alphabetical. */
type Cursor =
  | { readonly m: 'g'; readonly d: number; readonly id: string; readonly f?: 1 }
  | { readonly m: 'u'; readonly after?: string; readonly f?: 1 }
  | { readonly m: 'a'; readonly after?: string; readonly f?: 1 };

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(text: string | undefined): Cursor | undefined {
  if (text === undefined) return undefined;
  try {
    const cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    if (cursor.m === 'g' && typeof cursor.d === 'number' && typeof cursor.id === 'string') return cursor;
    if ((cursor.m === 'u' || cursor.m === 'a') && (cursor.after === undefined || typeof cursor.after === 'string')) return cursor;
  } catch {
    // Falls through to the refusal below.
  }
  throw new ValidationError({ 'query.cursor': DIRECTORY_MESSAGES.badCursor }, DIRECTORY_MESSAGES.badCursor);
}

/** What narrows the search: category scopes, or a text that names no category (matched on names and skills). */
interface Filter {
  readonly scopes: readonly string[];
  readonly text?: string;
}

function filterOf(query: SearchQuery): Filter {
  if (query.category) {
    const known = TAXONOMY.some((group) => group.slug === query.category || group.subcategories.some((sub) => sub.slug === query.category));
    if (!known) throw new ValidationError({ 'query.category': 'Choose a category from the list' });
    // A service text that names a category narrows nothing beyond the chosen one; other text filters by name.
    const namesCategory = query.service !== undefined && serviceCategorySlugs(query.service, TAXONOMY).length > 0;
    return { scopes: [query.category], ...(query.service && !namesCategory ? { text: query.service.toLowerCase() } : {}) };
  }
  if (!query.service) return { scopes: [ALL_SCOPE] };
  const slugs = serviceCategorySlugs(query.service, TAXONOMY);
  return slugs.length > 0 ? { scopes: slugs } : { scopes: [ALL_SCOPE], text: query.service.toLowerCase() };
}

function matchesText(listing: ListingRecord, text: string | undefined): boolean {
  if (!text) return true;
  const haystack = [listing.businessName, listing.name, ...listing.skills, ...listing.categories].join(' ').toLowerCase();
  return text.split(/\s+/).every((word) => haystack.includes(word));
}

interface Frontier {
  readonly scope: string;
  readonly cell: string;
  readonly count: number;
  readonly min: number;
  readonly max: number;
}

const splits = (cell: Frontier) => cell.count > LEAF_SIZE && cell.cell.length < GEO.finest;

/**
 * Nearest first within the radius (DESIGN.md section 6): cells are visited in order of their least
 * possible distance; a cell with few providers is read whole, a fuller one is split into its non-empty
 * children (one item holds a cell's child counts); the search stops once the page (plus one, to know
 * whether there is more) is made of hits no unvisited cell can beat. Index entries carry the place, so
 * distances come from them; the listings (the truth: an entry may outlive its provider's listing by a
 * moment) are read only for the hits that would make the page, and a stale one is dropped and the
 * search goes on. A text filter needs the listing to match, so then every hit in range is checked as it
 * is found. A cursor skips cells wholly nearer than where the last page ended.
 */
async function nearest(
  deps: Pick<DirectoryDeps, 'directory' | 'clock'>,
  filter: Filter,
  centre: Point,
  radius: number,
  after: Extract<Cursor, { m: 'g' }> | undefined,
  limit: number,
): Promise<{ hits: Hit[]; listings: Map<string, ListingRecord>; more: boolean }> {
  const now = deps.clock();
  const queue: Frontier[] = [];
  const push = (scope: string, cell: string, count: number) => {
    const { min, max } = cellDistances(centre, cell);
    if (min > radius) return;
    if (after && max < after.d) return;
    queue.push({ scope, cell, count, min, max });
  };
  const roots = await Promise.all(filter.scopes.map(async (scope) => ({ scope, cells: await deps.directory.rootCells(scope) })));
  for (const { scope, cells } of roots) for (const { cell, count } of cells) push(scope, cell, count);

  /** Hits found in the index, not yet known to be wrong; those in `listings` are confirmed. */
  const found = new Map<string, Hit>();
  const seen = new Set<string>();
  const listings = new Map<string, ListingRecord>();
  let read = 0;
  const confirm = async (hits: readonly Hit[]) => {
    const fresh = await deps.directory.getListings(hits.map((hit) => hit.userId));
    for (const hit of hits) {
      const listing = fresh.get(hit.userId);
      if (isListed(listing, now) && matchesText(listing, filter.text)) listings.set(hit.userId, listing);
      else found.delete(hit.userId);
    }
  };
  for (;;) {
    queue.sort((a, b) => a.min - b.min);
    const next = queue[0];
    const best = [...found.values()].sort((a, b) => (before(a, b) ? -1 : 1)).slice(0, limit + 1);
    const settled = !next || (best.length > limit && best[limit]!.distance <= next.min);
    if (settled) {
      const unconfirmed = best.filter((hit) => !listings.has(hit.userId));
      if (unconfirmed.length > 0) {
        await confirm(unconfirmed);
        continue;
      }
      return { hits: best.slice(0, limit), listings, more: best.length > limit || (next !== undefined && next.min <= radius) };
    }
    if (filter.text && read >= TEXT_SEARCH_READ_LIMIT) return { hits: best.filter((hit) => listings.has(hit.userId)).slice(0, limit), listings, more: false };
    // Read at once with the nearest cell: cells nearer than the page's last hit so far (they must be read whatever the others
    // hold), and, while the page is not full, full cells that may hold closer hits than the nearest cell's farthest point
    // (splitting one reads a single item).
    const full = best.length > limit;
    const bound = full ? best[limit]!.distance : next.max;
    const batch = queue
      .slice(1)
      .filter((cell) => cell.min <= bound && (full || splits(cell)))
      .slice(0, PARALLEL_CELLS - 1);
    batch.unshift(next);
    for (const cell of batch) queue.splice(queue.indexOf(cell), 1);
    const candidates = (await Promise.all(batch.map((cell) => visit(cell)))).flat();
    read += candidates.length;
    if (filter.text && candidates.length > 0) await confirm(candidates);
  }

  /** Splits a full cell into its non-empty children (queued), or reads a small one: its new hits in range. */
  async function visit(cell: Frontier): Promise<Hit[]> {
    if (splits(cell)) {
      for (const child of await deps.directory.childCells(cell.scope, cell.cell)) push(cell.scope, child.cell, child.count);
      return [];
    }
    const hits = (await deps.directory.cellListings(cell.scope, cell.cell))
      .map((entry) => ({ userId: entry.userId, distance: milesBetween(centre, { lat: entry.lat!, lng: entry.lng! }) }))
      .filter((hit) => hit.distance <= radius && (!after || before({ userId: after.id, distance: after.d }, hit)) && !seen.has(hit.userId));
    for (const hit of hits) {
      seen.add(hit.userId);
      found.set(hit.userId, hit);
    }
    return hits;
  }
}

/** A listed provider near a point, and how far. */
export interface NearbyListing {
  readonly listing: ListingRecord;
  readonly distance: number;
}

/**
 * Every listed provider with a place within `radius` miles of `centre`, nearest first, a page at a time
 * through the geo index (what the job alerts worker matches against, never a scan of all providers).
 * The ALL scope, not the job's categories: a provider's alert categories may differ from the categories
 * they are listed under, so the caller matches categories against each one's alert settings.
 */
export async function* listedProvidersNear(
  deps: Pick<DirectoryDeps, 'directory' | 'clock'>,
  centre: Point,
  radius: number,
  pageSize = 50,
): AsyncGenerator<NearbyListing[]> {
  let after: Extract<Cursor, { m: 'g' }> | undefined;
  for (;;) {
    const { hits, listings, more } = await nearest(deps, { scopes: [ALL_SCOPE] }, centre, radius, after, pageSize);
    if (hits.length > 0) yield hits.map((hit) => ({ listing: listings.get(hit.userId)!, distance: hit.distance }));
    const last = hits.at(-1);
    if (!more || !last) return;
    after = { m: 'g', d: last.distance, id: last.userId };
  }
}

type ScopeReader = (scope: string, after: string | undefined, limit: number) => Promise<{ listings: ListingRecord[]; last?: string }>;

/**
 * The first `limit + 1` listings after `after` in an index ordered by position, over every scope of the
 * filter: each scope is read until it has that many that pass (or ends), then the scopes are merged.
 */
async function firstInOrder(deps: DirectoryDeps, filter: Filter, read: ScopeReader, positionOf: (listing: ListingRecord) => string, after: string | undefined, limit: number) {
  const now = deps.clock();
  const perScope = await Promise.all(
    filter.scopes.map(async (scope) => {
      const passed: ListingRecord[] = [];
      let position = after;
      for (let seen = 0; passed.length <= limit && seen < TEXT_SEARCH_READ_LIMIT; ) {
        const page = await read(scope, position, limit + 1);
        seen += page.listings.length;
        passed.push(...page.listings.filter((listing) => isListed(listing, now) && matchesText(listing, filter.text)));
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

/** Listed providers without a place, by id, after those with one (spec 02 section 4). */
function unplaced(deps: DirectoryDeps, filter: Filter, after: string | undefined, limit: number) {
  return firstInOrder(deps, filter, deps.directory.unplacedListings, (listing) => listing.userId, after, limit);
}

/** Without a place: everyone listed, by business (or person's) name. */
function alphabetical(deps: DirectoryDeps, filter: Filter, after: string | undefined, limit: number) {
  return firstInOrder(deps, filter, deps.directory.alphabeticalListings, alphabeticalPosition, after, limit);
}

async function resolveCentre(deps: DirectoryDeps, query: SearchQuery): Promise<{ centre: Point; place?: Place } | undefined> {
  if (query.location) {
    const place = await resolvePlace(deps.geocoder, query.location, 'query.location');
    return { centre: place, place };
  }
  if (query.lat !== undefined && query.lng !== undefined) return { centre: { lat: query.lat, lng: query.lng } };
  return undefined;
}

/** One page of a filter: nearest first then those without a place, or alphabetical without a centre. */
async function page(
  deps: DirectoryDeps,
  filter: Filter,
  centre: Point | undefined,
  radius: number,
  cursor: Cursor | undefined,
  limit: number,
): Promise<{ cards: ProviderCard[]; next?: Cursor }> {
  const fallback = cursor?.f ? ({ f: 1 } as const) : {};
  if (!centre) {
    const after = cursor?.m === 'a' ? cursor.after : undefined;
    const result = await alphabeticalPage(deps, filter, after, limit);
    return { cards: result.listings.map((listing) => toProviderCard(listing, null)), ...(result.nextAfter ? { next: { m: 'a', after: result.nextAfter, ...fallback } } : {}) };
  }
  const cards: ProviderCard[] = [];
  if (!cursor || cursor.m === 'g') {
    const { hits, listings, more } = await nearest(deps, filter, centre, radius, cursor?.m === 'g' ? cursor : undefined, limit);
    cards.push(...hits.map((hit) => toProviderCard(listings.get(hit.userId)!, hit.distance)));
    if (more) return { cards, next: { m: 'g', d: hits.at(-1)!.distance, id: hits.at(-1)!.userId, ...fallback } };
  }
  const room = limit - cards.length;
  const after = cursor?.m === 'u' ? cursor.after : undefined;
  const rest = await unplaced(deps, filter, after, Math.max(room, 1));
  if (room === 0) return { cards, ...(rest.listings.length > 0 ? { next: { m: 'u', ...fallback } } : {}) };
  cards.push(...rest.listings.map((listing) => toProviderCard(listing, null)));
  return { cards, ...(rest.more ? { next: { m: 'u', after: rest.listings.at(-1)!.userId, ...fallback } } : {}) };
}

/** Alphabetical pages continue after the last card's position (so a page never repeats or skips one). */
async function alphabeticalPage(deps: DirectoryDeps, filter: Filter, after: string | undefined, limit: number) {
  const result = await alphabetical(deps, filter, after, limit);
  const last = result.listings.at(-1);
  return { listings: result.listings, ...(result.more && last ? { nextAfter: alphabeticalPosition(last) } : {}) };
}

/**
 * GET /api/providers. Filters by category (or the category a service text names, else the
 * text against names and skills) and by place and radius; when the filters match nobody on the first
 * page, every listed provider nearest first (no radius) with `fallback` (spec 02 section 4).
 */
export async function searchProviders(deps: DirectoryDeps, query: SearchQuery): Promise<ProviderSearchResponse> {
  const cursor = decodeCursor(query.cursor);
  const located = await resolveCentre(deps, query);
  const filtered = Boolean(query.category || query.service);
  const place = located?.place ? { place: located.place } : {};

  if (!cursor?.f) {
    const result = await page(deps, filterOf(query), located?.centre, query.radius, cursor, query.limit);
    if (result.cards.length > 0 || cursor || !filtered) {
      return { providers: result.cards, ...(result.next ? { nextCursor: encodeCursor(result.next) } : {}), ...place };
    }
  }
  const everyone = await page(deps, { scopes: [ALL_SCOPE] }, located?.centre, Number.POSITIVE_INFINITY, cursor?.f ? cursor : undefined, query.limit);
  const next = everyone.next ? encodeCursor({ ...everyone.next, f: 1 }) : undefined;
  return { providers: everyone.cards, fallback: true, ...(next ? { nextCursor: next } : {}), ...place };
}
