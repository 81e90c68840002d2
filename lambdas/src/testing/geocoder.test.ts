import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { configuredPostcodeDataDir, OUTCODE_TABLE_FILE, SECTOR_TABLE_FILE } from '../geo/postcode-tables';

// Tables of one made-up outward code, which no real edition has: a postcode placed here came from this folder.
const built = mkdtempSync(join(tmpdir(), 'solutionz-test-postcodes-'));
writeFileSync(join(built, OUTCODE_TABLE_FILE), JSON.stringify({ ZZ9: [54.1, -2.1] }));
writeFileSync(join(built, SECTOR_TABLE_FILE), JSON.stringify({ 'ZZ9 9': [54.1234, -2.1234] }));
afterAll(() => rmSync(built, { recursive: true, force: true }));

/** The testing module as a test file loads it, with the environment of that moment. */
async function freshTestingGeocoder() {
  vi.resetModules();
  return import('./geocoder');
}

describe("the tests' geocoder", () => {
  afterEach(() => vi.unstubAllEnvs());

  it('places postcodes from the folder SOLUTIONZ_POSTCODE_DATA names, as the local stack does', async () => {
    vi.stubEnv('SOLUTIONZ_POSTCODE_DATA', built);
    const { TEST_POSTCODE_DATA_DIR, testGeocoder } = await freshTestingGeocoder();
    expect(TEST_POSTCODE_DATA_DIR).toBe(built);
    expect((await testGeocoder().search('ZZ9 9AA')).best).toEqual({ name: 'ZZ9 9AA', lat: 54.1234, lng: -2.1234, precision: 'sector' });
  });

  it("reads the local stack's default folder when nothing is configured", async () => {
    vi.stubEnv('SOLUTIONZ_POSTCODE_DATA', '');
    const { TEST_POSTCODE_DATA_DIR } = await freshTestingGeocoder();
    expect(TEST_POSTCODE_DATA_DIR).toBe(configuredPostcodeDataDir(join(import.meta.dirname, '..', '..', '..'), {}));
  });
});
