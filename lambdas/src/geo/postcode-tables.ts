import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The two postcode tables (docs/architecture.md#places): for each outward code (`SW1A`) and each postcode
 * sector (`SW1A 1`) the median latitude and longitude of its postcodes, built from the ONS National
 * Statistics Postcode Lookup (`npm run data:postcodes`). Reference data read from a folder it is given,
 * never committed (docs/local-stack.md#postcode-data).
 */
export const OUTCODE_TABLE_FILE = 'uk-outcodes.json';
export const SECTOR_TABLE_FILE = 'uk-postcode-sectors.json';
export const POSTCODE_TABLE_FILES = [OUTCODE_TABLE_FILE, SECTOR_TABLE_FILE] as const;

/** `{ "SW1A": [51.505, -0.1374] }`: latitude and longitude, WGS84, 4 decimals. */
export type PostcodeTable = Readonly<Record<string, readonly [lat: number, lng: number]>>;

export interface PostcodeTables {
  readonly outcodes: PostcodeTable;
  readonly sectors: PostcodeTable;
}

/**
 * The folder a checkout reads the tables from in local runs, benchmarks and tests: SOLUTIONZ_POSTCODE_DATA when
 * set, else `../shared/data` beside the repository (docs/local-stack.md#postcode-data). Deployed functions carry
 * the copy the CDK context key postcodeDataPath names instead.
 */
export function configuredPostcodeDataDir(repoRoot: string, env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.SOLUTIONZ_POSTCODE_DATA?.trim() || join(repoRoot, '..', 'shared', 'data'));
}

export function missingPostcodeTables(dir: string): string[] {
  return POSTCODE_TABLE_FILES.filter((file) => !existsSync(join(dir, file)));
}

/**
 * The one message for missing tables, printed by `npm start` (which carries on with towns only) and
 * by `cdk synth` (which stops): `where` says which folder was looked in and how to choose another.
 */
export function postcodeTablesMissingMessage(where: string, consequence: string): string {
  return (
    `The UK postcode tables (${POSTCODE_TABLE_FILES.join(', ')}) are not in ${where}: ${consequence}. ` +
    '`npm run data:postcodes -- <NSPL csv or zip>` builds them from the ONS National Statistics Postcode Lookup (docs/local-stack.md, "Postcode data").'
  );
}

/** Both tables from `dir`, or undefined when either is missing. */
export function readPostcodeTables(dir: string): PostcodeTables | undefined {
  if (missingPostcodeTables(dir).length > 0) return undefined;
  const read = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as PostcodeTable;
  return { outcodes: read(OUTCODE_TABLE_FILE), sectors: read(SECTOR_TABLE_FILE) };
}
