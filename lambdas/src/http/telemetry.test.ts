// Loaded as a function loads it, before anything else brings the X-Ray SDK in.
import { createTelemetry, powertoolsBusinessMetrics, publishMetrics } from './telemetry';
import AWSXRay from 'aws-xray-sdk-core';
import { describe, expect, it, vi } from 'vitest';

describe('telemetry', () => {
  it('keeps the X-Ray SDK out of its automatic mode outside Lambda: its async hooks would slow every promise of the local stack', () => {
    expect(process.env.AWS_LAMBDA_FUNCTION_NAME).toBeUndefined();
    expect(AWSXRay.isAutomaticMode()).toBe(false);
    expect(createTelemetry({ stage: 'test' }).tracer.isTracingEnabled()).toBe(false);
  });

  it('writes the business figures as Powertools metrics in the Solutionz namespace, with the stage and the service', () => {
    const { metrics } = createTelemetry({ stage: 'prod', serviceName: 'solutionz-accounts' });
    const added = vi.spyOn(metrics, 'addMetric');
    powertoolsBusinessMetrics(metrics).count('SignUps');
    expect(added).toHaveBeenCalledWith('SignUps', 'Count', 1);
    const written = metrics.serializeMetrics();
    expect(written._aws.CloudWatchMetrics[0]).toMatchObject({ Namespace: 'Solutionz', Dimensions: [expect.arrayContaining(['service', 'stage'])] });
    expect(written).toMatchObject({ service: 'solutionz-accounts', stage: 'prod', SignUps: 1 });
    metrics.clearMetrics();
  });

  it('publishes what an invocation counted, and nothing (no warning either) when it counted nothing', () => {
    const { metrics } = createTelemetry({ stage: 'test' });
    const published = vi.spyOn(metrics, 'publishStoredMetrics').mockImplementation(() => metrics);
    const middleware = publishMetrics(metrics);
    middleware.after!({} as never);
    expect(published).not.toHaveBeenCalled();
    metrics.addMetric('MailsSent', 'Count', 1);
    middleware.onError!({} as never);
    expect(published).toHaveBeenCalledTimes(1);
    metrics.clearMetrics();
  });
});
