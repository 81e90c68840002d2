import { getConfig } from '../config';
import { createAreaHandler } from '../http/area-handler';
import { createLogger } from '../http/logger';
import { health, type SystemDeps } from '../services/system';

const config = getConfig();

export const handler = createAreaHandler(
  'system',
  { health: ({ deps }) => health(deps) },
  {
    deps: (): SystemDeps => ({ stage: config.stage, now: () => new Date() }),
    logger: createLogger(config),
    validateResponses: !config.isProduction,
  },
);
