import type { Logger } from '@aws-lambda-powertools/logger';
import { secretsManagerOriginSecretFor } from '../adapters/origin-secret';
import type { Config } from '../config';
import type { BusinessMetrics } from '../business-metrics';
import { createLogger } from './logger';
import { createOriginGuard, staticOriginSecret, type OriginGuard } from './origin-guard';
import { createTelemetry, powertoolsBusinessMetrics, type Telemetry } from './telemetry';

/** What every area function runs with besides its routes and dependencies (createAreaHandler's options). */
export interface AreaRuntime extends Telemetry {
  readonly logger: Logger;
  readonly originGuard: OriginGuard;
  /** Re-check every answer against the route's response schema (all stages but production). */
  readonly validateResponses: boolean;
  /** For the area's services: the figures the business watches. */
  readonly businessMetrics: BusinessMetrics;
}

/** Built once per instance, at cold start, from the function's configuration. */
export function areaRuntime(config: Config): AreaRuntime {
  const telemetry = createTelemetry(config);
  const secret = config.originSecret;
  return {
    ...telemetry,
    logger: createLogger(config),
    originGuard: createOriginGuard('value' in secret ? staticOriginSecret(secret.value) : secretsManagerOriginSecretFor(config.region, secret.secretArn)),
    validateResponses: !config.isProduction,
    businessMetrics: powertoolsBusinessMetrics(telemetry.metrics),
  };
}
