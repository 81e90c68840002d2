import { apiErrorBodySchema } from '@solutionz/shared';
import { describe, expect, it } from 'vitest';
import { errorOf } from './api-client';

const place = { name: 'Leeds, West Yorkshire', lat: 53.8, lng: -1.55, precision: 'town' };
const body = (error: Record<string, unknown>) => ({ error: { code: 'VALIDATION_FAILED', message: 'Check the form', ...error } });

describe('an error body read without zod', () => {
  const bodies: [string, unknown][] = [
    ['the least', body({})],
    ['every part', body({ fields: { 'body.email': 'Enter an e-mail' }, retryAfterSeconds: 30, category: 'NETWORK', suggestions: [place] })],
    ['not JSON', undefined],
    ['no error', { message: 'x' }],
    ['no message', { error: { code: 'X' } }],
    ['a field message that is no text', body({ fields: { 'body.email': 3 } })],
    ['fields as a list', body({ fields: ['body.email'] })],
    ['a wait of no seconds', body({ retryAfterSeconds: 0 })],
    ['a wait in part seconds', body({ retryAfterSeconds: 1.5 })],
    ['an unknown e-mail failure', body({ category: 'DNS' })],
    ['a place off the map', body({ suggestions: [{ ...place, lat: 91 }] })],
    ['a place of unknown precision', body({ suggestions: [{ ...place, precision: 'street' }] })],
    ['suggestions that are no list', body({ suggestions: place })],
  ];

  it.each(bodies)('reads %s as the schema does', (_name, payload) => {
    const parsed = apiErrorBodySchema.safeParse(payload);
    expect(errorOf(payload)).toEqual(parsed.success ? parsed.data.error : undefined);
  });
});
