import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchJwks } from './jwt-authorizer';

const KEYS = { keys: [{ kid: 'k1', kty: 'RSA', n: 'x', e: 'AQAB', alg: 'RS256', use: 'sig' }] };

describe('fetchJwks', () => {
  let server: Server | undefined;
  /** Stops the endpoint, its hung requests too. */
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.closeAllConnections();
      server.close(() => resolve());
      server = undefined;
    });
  afterEach(stop);

  /** A JWKS endpoint answering request n (from 1) as `answer` says: a status, or no answer at all (a busy emulator). */
  async function endpoint(answer: (n: number) => number | 'hang'): Promise<{ url: string; requests: () => number }> {
    let requests = 0;
    server = createServer((_request, response) => {
      const status = answer(++requests);
      if (status === 'hang') return;
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(status === 200 ? KEYS : {}));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`, requests: () => requests };
  }

  it('tries again when the emulator is too busy to answer in time', async () => {
    const { url, requests } = await endpoint((n) => (n < 3 ? 'hang' : 200));
    await expect(fetchJwks(url, { timeoutMs: 200 })).resolves.toEqual(KEYS);
    expect(requests()).toBe(3);
  });

  it('gives up after three tries, and at once on an error answer', async () => {
    const hung = await endpoint(() => 'hang');
    await expect(fetchJwks(hung.url, { timeoutMs: 100 })).rejects.toThrow();
    expect(hung.requests()).toBe(3);
    await stop();
    const failing = await endpoint(() => 500);
    await expect(fetchJwks(failing.url, { timeoutMs: 100 })).rejects.toThrow('HTTP 500');
    expect(failing.requests()).toBe(1);
  });
});
