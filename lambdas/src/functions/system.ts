import { getConfig } from '../config';
import { createAreaHandler } from '../http/area-handler';
import { areaRuntime } from '../http/area-runtime';
import { health, type SystemDeps } from '../services/system';

const config = getConfig();
const runtime = areaRuntime(config);

export const handler = createAreaHandler(
  'system',
  { health: ({ deps }) => health(deps) },
  {
    deps: (): SystemDeps => ({ stage: config.stage, now: () => new Date() }),
    ...runtime,
  },
);
