import type { Place } from '@solutionz/shared';
import type { PostcodeTables } from './postcode-tables';
import { PrefixIndex, take } from './prefix-index';

const OUTCODE = /^[A-Z]{1,2}\d[A-Z\d]?$/;
const FULL_POSTCODE = /^([A-Z]{1,2}\d[A-Z\d]?)(\d[A-Z]{2})$/;
/** What may follow an outward code: the sector digit, then up to the two unit letters. */
const INWARD_SO_FAR = /^\d[A-Z]{0,2}$/;
/** How many partial matches to look at before ranking: more than an autocomplete shows. */
const NEAR_LIMIT = 10;

/** What typed text names as a postcode (`exact`), and what it may be on its way to (`near`). */
export interface PostcodeMatches {
  readonly exact: Place[];
  readonly near: Place[];
}

/** Text that starts as a postcode does (one or two letters, then a digit): postcodes then come before towns. */
export function looksLikePostcode(text: string): boolean {
  return /^[A-Z]{1,2}\d/.test(text.toUpperCase().replace(/[^A-Z0-9]/g, ''));
}

/** Upper-case letters and digits in at most two words: `sw1a-1aa` and `SW1A 1AA` read alike. */
function postcodeWords(text: string): string[] {
  return text
    .toUpperCase()
    .replace(/[^A-Z0-9\s]/g, '')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
}

/**
 * Full postcodes, sectors and outward codes over the two tables. A full postcode is placed at its
 * sector (the tables go no finer) and keeps the name the person typed, normalised (`SW1A 1AA`); a
 * sector missing from the table (a new one) falls back to its outward code.
 */
export function createPostcodeIndex({ outcodes, sectors }: PostcodeTables) {
  const outcodeKeys = new PrefixIndex(Object.keys(outcodes).map((code) => [code, code] as const));
  const sectorKeys = new PrefixIndex(Object.keys(sectors).map((sector) => [sector, sector] as const));

  const outcodePlace = (code: string, name = code): Place | undefined => {
    const at = outcodes[code];
    return at && { name, lat: at[0], lng: at[1], precision: 'outcode' };
  };
  const sectorPlace = (sector: string, name = sector): Place | undefined => {
    const at = sectors[sector];
    return at && { name, lat: at[0], lng: at[1], precision: 'sector' };
  };
  const fullPostcode = (outcode: string, inward: string): Place | undefined => {
    const name = `${outcode} ${inward}`;
    return sectorPlace(`${outcode} ${inward[0]}`, name) ?? outcodePlace(outcode, name);
  };

  return {
    search(text: string): PostcodeMatches {
      const exact: (Place | undefined)[] = [];
      const near: (Place | undefined)[] = [];
      const words = postcodeWords(text);

      if (words.length === 2) {
        // The space says where the outward code ends: `LS1 4` is a sector, never the outward code LS14.
        const [outcode, inward] = words as [string, string];
        if (OUTCODE.test(outcode) && INWARD_SO_FAR.test(inward)) {
          const sector = `${outcode} ${inward[0]}`;
          if (inward.length === 3) exact.push(fullPostcode(outcode, inward));
          if (inward.length === 1) exact.push(sectorPlace(sector));
          near.push(sectorPlace(sector));
        }
      } else if (words.length === 1) {
        const compact = words[0]!;
        const full = FULL_POSTCODE.exec(compact);
        if (full) exact.push(fullPostcode(full[1]!, full[2]!));
        if (OUTCODE.test(compact)) {
          exact.push(outcodePlace(compact));
          near.push(...take(sectorKeys.startingWith(`${compact} `), NEAR_LIMIT).map((sector) => sectorPlace(sector)));
        }
        // Without a space the outward code may end at any of its possible lengths: `LS14` is LS14 or LS1 4.
        for (let length = 2; length <= 4 && length < compact.length; length++) {
          const outcode = compact.slice(0, length);
          const inward = compact.slice(length);
          if (!OUTCODE.test(outcode) || !INWARD_SO_FAR.test(inward)) continue;
          const sector = sectorPlace(`${outcode} ${inward[0]}`);
          (inward.length === 1 ? exact : near).push(sector);
        }
        near.push(...take(outcodeKeys.startingWith(compact), NEAR_LIMIT).map((code) => outcodePlace(code)));
      }
      return { exact: exact.filter((place) => place !== undefined), near: near.filter((place) => place !== undefined) };
    },
  };
}

export type PostcodeIndex = ReturnType<typeof createPostcodeIndex>;
