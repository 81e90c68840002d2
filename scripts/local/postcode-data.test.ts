import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { POSTCODE_TABLE_FILES } from '@solutionz/lambdas/geo/postcode-tables';
import { localPostcodeDataDir, localPostcodeDataMissingMessage } from './postcode-data';

const scratch = mkdtempSync(join(tmpdir(), 'solutionz-postcode-data-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A checkout at <scratch>/<name>/main with the reference data beside it in <scratch>/<name>/shared/data when `withTables`. */
function checkout(name: string, withTables: boolean): string {
  const repo = join(scratch, name, 'main');
  mkdirSync(repo, { recursive: true });
  if (withTables) {
    mkdirSync(join(scratch, name, 'shared', 'data'), { recursive: true });
    for (const file of POSTCODE_TABLE_FILES) writeFileSync(join(scratch, name, 'shared', 'data', file), '{}');
  }
  return repo;
}

describe('postcode tables of a local run', () => {
  it('are the reference data beside the project', () => {
    expect(localPostcodeDataDir(checkout('beside', true), {})).toBe(join(scratch, 'beside', 'shared', 'data'));
  });

  it('come from SOLUTIONZ_POSTCODE_DATA when it is set', () => {
    const built = join(checkout('built', false), '..', 'built-tables');
    mkdirSync(built);
    for (const file of POSTCODE_TABLE_FILES) writeFileSync(join(built, file), '{}');
    expect(localPostcodeDataDir(checkout('elsewhere', false), { SOLUTIONZ_POSTCODE_DATA: built })).toBe(built);
  });

  it('are missing from a clone without the reference data, and the launcher says where it looked and how to build them', () => {
    const repo = checkout('clone', false);
    expect(localPostcodeDataDir(repo, {})).toBeUndefined();
    const message = localPostcodeDataMissingMessage(repo, {});
    expect(message).toContain(join(scratch, 'clone', 'shared', 'data'));
    expect(message).toContain('SOLUTIONZ_POSTCODE_DATA');
    expect(message).toContain('places are found by town name only');
    expect(message).toContain('npm run data:postcodes -- <NSPL csv or zip>');
  });
});
