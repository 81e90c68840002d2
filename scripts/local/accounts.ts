import { fileURLToPath } from 'node:url';
import type { Geocoder } from '@solutionz/lambdas/geo/geocoder';
import { createOfflineGeocoder } from '@solutionz/lambdas/geo/offline-geocoder';
import { createLocalAccount as createAccount, type LocalAccount, type LocalAccountDeps } from '@solutionz/lambdas/testing/local-account';
import { localPostcodeDataDir } from './postcode-data';
import { localTownTable } from './town-table';

export type { LocalAccount };

let geocoder: Geocoder | undefined;

/** The geocoder the local stack's Lambdas use, over the same postcode tables and towns (made on first use: loading takes most of a second). */
function localGeocoder(): Geocoder {
  geocoder ??= createOfflineGeocoder({
    postcodeDataDir: localPostcodeDataDir(fileURLToPath(new URL('../..', import.meta.url))),
    townTableFile: localTownTable(),
  });
  return geocoder;
}

/** An account put straight into the local stack, placed by the local stack's geocoder (see lambdas/src/testing/local-account.ts). */
export function createLocalAccount(
  deps: Omit<LocalAccountDeps, 'loadGeocoder'>,
  account: LocalAccount,
  options: Parameters<typeof createAccount>[2] = {},
): Promise<string> {
  return createAccount({ ...deps, loadGeocoder: localGeocoder }, account, options);
}
