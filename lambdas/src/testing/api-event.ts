// First: it decides how the X-Ray SDK starts (see there).
import '../http/xray-outside-lambda';
import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';
import { Tracer } from '@aws-lambda-powertools/tracer';
import type { Context } from 'aws-lambda';
import { vi } from 'vitest';
import type { JwtClaims } from '../auth/caller';
import { createOriginGuard, ORIGIN_VERIFY_HEADER, staticOriginSecret } from '../http/origin-guard';
import type { Telemetry } from '../http/telemetry';
import type { ApiEvent } from '../http/types';

/** The origin secret of the tests' functions (ORIGIN_SECRET); apiEvent sends it as CloudFront would. */
export const TEST_ORIGIN_SECRET = 'test-origin-secret';

/** A payload v2 event as API Gateway (or the local gateway) hands it to a function. */
export function apiEvent(
  method: string,
  path: string,
  options: {
    body?: string;
    claims?: JwtClaims;
    query?: Record<string, string>;
    routeKey?: string;
    headers?: Record<string, string>;
    sourceIp?: string;
  } = {},
): ApiEvent {
  return {
    version: '2.0',
    routeKey: options.routeKey ?? `${method} ${path}`,
    rawPath: path,
    rawQueryString: new URLSearchParams(options.query).toString(),
    headers: { 'content-type': 'application/json', [ORIGIN_VERIFY_HEADER]: TEST_ORIGIN_SECRET, ...options.headers },
    ...(options.query ? { queryStringParameters: options.query } : {}),
    ...(options.body !== undefined ? { body: options.body } : {}),
    isBase64Encoded: false,
    requestContext: {
      accountId: '123456789012',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: options.sourceIp ?? '127.0.0.1', userAgent: 'vitest' },
      requestId: 'api-request-1',
      routeKey: options.routeKey ?? `${method} ${path}`,
      stage: '$default',
      time: '21/Nov/2026:12:00:00 +0000',
      timeEpoch: 0,
      ...(options.claims ? { authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: options.claims as never, scopes: [] } } } : {}),
    },
  } as ApiEvent;
}

export const lambdaContext = {
  awsRequestId: 'lambda-request-1',
  functionName: 'solutionz-test',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:eu-west-2:123456789012:function:solutionz-test',
  memoryLimitInMB: '256',
  logGroupName: '/aws/lambda/solutionz-test',
  logStreamName: 'stream',
  callbackWaitsForEmptyEventLoop: true,
  getRemainingTimeInMillis: () => 10_000,
  done: () => undefined,
  fail: () => undefined,
  succeed: () => undefined,
} satisfies Context;

export type LogLine = Record<string, unknown> & { level: string; message: string };

/**
 * Captures what Powertools writes. In dev mode it writes through the global console, one JSON
 * document per call; the spies must be set before the logger is created.
 */
export function captureLogs(): { lines: () => LogLine[]; restore: () => void } {
  vi.stubEnv('POWERTOOLS_DEV', 'true');
  const spies = (['info', 'error', 'warn', 'debug', 'log'] as const).map((method) => vi.spyOn(console, method).mockImplementation(() => undefined));
  return {
    lines: () =>
      spies
        .flatMap((spy) => spy.mock.calls.map((call) => String(call[0])))
        .flatMap((text) => {
          try {
            return [JSON.parse(text) as LogLine];
          } catch {
            return [];
          }
        }),
    restore: () => {
      for (const spy of spies) spy.mockRestore();
      vi.unstubAllEnvs();
    },
  };
}

export function testLogger(): Logger {
  return new Logger({ serviceName: 'solutionz-test' });
}

/** What createAreaHandler runs with besides the logger, as areaRuntime builds it, around TEST_ORIGIN_SECRET. */
export function testRuntime(): Telemetry & { originGuard: ReturnType<typeof createOriginGuard> } {
  return {
    tracer: new Tracer({ serviceName: 'solutionz-test', enabled: false }),
    metrics: new Metrics({ namespace: 'SolutionzTest', serviceName: 'solutionz-test' }),
    originGuard: createOriginGuard(staticOriginSecret(TEST_ORIGIN_SECRET)),
  };
}
