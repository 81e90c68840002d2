import { Logger } from '@aws-lambda-powertools/logger';
import type { Config } from '../config';

export function createLogger(config: Pick<Config, 'stage' | 'serviceName' | 'logLevel'>): Logger {
  return new Logger({
    serviceName: config.serviceName ?? 'solutionz-api',
    persistentKeys: { stage: config.stage },
    ...(config.logLevel ? { logLevel: config.logLevel } : {}),
  });
}
