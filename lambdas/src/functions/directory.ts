import { getConfig } from '../config';
import { geocoderFromEnv } from '../geo/offline-geocoder';
import { createAreaHandler } from '../http/area-handler';
import { createLogger } from '../http/logger';

const config = getConfig();

export const handler = createAreaHandler(
  'directory',
  {
    searchLocations: ({ deps, query }) => deps.geocoder.search(query.q),
  },
  {
    deps: () => ({ geocoder: geocoderFromEnv() }),
    logger: createLogger(config),
    validateResponses: !config.isProduction,
  },
);
