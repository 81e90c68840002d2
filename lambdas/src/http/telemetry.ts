// First: it decides how the X-Ray SDK starts (see there).
import './xray-outside-lambda';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { Tracer } from '@aws-lambda-powertools/tracer';
import type { MiddlewareObj } from '@middy/core';
import type { BusinessMetrics } from '../business-metrics';

/** The CloudWatch namespace of every metric the functions emit (the Observability stack reads it). */
export const METRICS_NAMESPACE = 'Solutionz';

/** The per-function figure a release is rolled back on: answers that were server errors (500s the middleware made). */
export const SERVER_ERRORS_METRIC = 'ServerErrors';

export interface Telemetry {
  /** X-Ray: traces only where Lambda runs with active tracing; does nothing in local runs and tests. */
  readonly tracer: Tracer;
  /** Embedded-metric-format lines in the function's log, turned into CloudWatch metrics by Lambda. */
  readonly metrics: Metrics;
}

/**
 * One per function instance, named after the function's service (POWERTOOLS_SERVICE_NAME) with the stage
 * as a dimension. Local runs set POWERTOOLS_METRICS_DISABLED, so nothing is written there.
 */
export function createTelemetry(config: { readonly stage: string; readonly serviceName?: string }): Telemetry {
  const serviceName = config.serviceName ?? 'solutionz-api';
  return {
    tracer: new Tracer({ serviceName }),
    metrics: new Metrics({ namespace: METRICS_NAMESPACE, serviceName, defaultDimensions: { stage: config.stage } }),
  };
}

/** The business metrics port, written through Powertools Metrics. */
export function powertoolsBusinessMetrics(metrics: Metrics): BusinessMetrics {
  return { count: (metric, value = 1) => metrics.addMetric(metric, MetricUnit.Count, value) };
}

/**
 * Writes what the invocation counted once it ends, answer or error. Unlike Powertools' logMetrics it
 * writes nothing (and warns about nothing) when nothing was counted, which is most requests.
 */
export function publishMetrics<E, R>(metrics: Metrics): MiddlewareObj<E, R> {
  const publish = () => {
    if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
  };
  return { after: publish, onError: publish };
}
