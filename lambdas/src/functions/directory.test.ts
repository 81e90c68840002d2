import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { locationSearchResponseSchema } from '@solutionz/shared';
import type { ApiHandler } from '../http/types';
import { apiEvent, captureLogs, lambdaContext, TEST_ORIGIN_SECRET } from '../testing/api-event';
import { TEST_POSTCODE_DATA_DIR } from '../testing/geocoder';

describe('directory function: GET /api/locations', () => {
  let logs: ReturnType<typeof captureLogs>;
  let handler: ApiHandler;

  beforeEach(async () => {
    logs = captureLogs();
    vi.stubEnv('STAGE', 'test');
    vi.stubEnv('TABLE_NAME', 'unused');
    vi.stubEnv('AWS_REGION', 'eu-west-2');
    vi.stubEnv('USER_POOL_ID', 'local_pool');
    vi.stubEnv('USER_POOL_CLIENT_ID', 'client-id');
    vi.stubEnv('ORIGIN_SECRET', TEST_ORIGIN_SECRET);
    vi.stubEnv('POSTCODE_DATA_DIR', TEST_POSTCODE_DATA_DIR);
    vi.resetModules();
    ({ handler } = await import('./directory'));
  });
  afterEach(() => {
    logs.restore();
    vi.unstubAllEnvs();
  });

  const search = (query?: Record<string, string>) => handler(apiEvent('GET', '/api/locations', query ? { query } : {}), lambdaContext);

  it('answers the best match and the suggestions, cacheable for a day by browsers and CloudFront', async () => {
    const result = await search({ q: 'st albans' });
    expect(result.statusCode).toBe(200);
    expect(result.headers).toMatchObject({ 'cache-control': 'public, max-age=86400, s-maxage=86400' });
    const body = locationSearchResponseSchema.parse(JSON.parse(result.body!));
    expect(body.best).toMatchObject({ name: 'St Albans, Hertfordshire', precision: 'town' });
  });

  it.each([[undefined], [{ q: 'L' }], [{ q: '  ' }]])(
    'refuses a missing or one-character text (%j), naming the field, and lets no cache keep the refusal',
    async (query) => {
      const result = await search(query);
      expect(result.statusCode).toBe(400);
      expect(result.headers).toMatchObject({ 'cache-control': 'no-store' });
      expect(JSON.parse(result.body!).error.fields).toHaveProperty(['query.q']);
    },
  );
});
