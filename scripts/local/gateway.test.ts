import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { flattenClaims, startGateway, type LambdaHandler } from './gateway';
import type { LocalService } from './process';

const echo: LambdaHandler = async (event) => ({ statusCode: 200, body: JSON.stringify(event) });

describe('local gateway routing and results', () => {
  let gateway: LocalService;
  const results: Record<string, Awaited<ReturnType<LambdaHandler>>> = {
    plain: { items: [1, 2] },
    created: { statusCode: 201, headers: { 'X-Request': 'abc' }, cookies: ['a=1', 'b=2'], body: '{"ok":true}' },
    binary: { statusCode: 200, headers: { 'content-type': 'image/png' }, body: Buffer.from([137, 80, 78, 71]).toString('base64'), isBase64Encoded: true },
  };

  beforeAll(async () => {
    gateway = await startGateway({
      routes: [
        { method: 'GET', path: '/api/jobs/{id}', area: 'jobs', access: 'public' },
        { method: 'GET', path: '/api/jobs/mine', area: 'jobs', access: 'public' },
        { method: 'POST', path: '/api/uploads', area: 'jobs', access: 'public' },
        { method: 'GET', path: '/api/results/{kind}', area: 'admin', access: 'public' },
        { method: 'GET', path: '/api/boom', area: 'profiles', access: 'public' },
      ],
      handlers: {
        jobs: echo,
        admin: async (event) => results[event.pathParameters!.kind!],
        profiles: async () => {
          throw new Error('handler failure');
        },
      },
      verifier: { verify: () => Promise.reject(new Error('no tokens here')) },
      port: 0,
    });
  });
  afterAll(() => gateway.stop());

  const event = async (path: string, init?: RequestInit) =>
    (await (await fetch(`${gateway.url}${path}`, init)).json()) as APIGatewayProxyEventV2WithJWTAuthorizer;

  it('prefers the literal route over a parameter, as API Gateway does', async () => {
    expect((await event('/api/jobs/mine')).routeKey).toBe('GET /api/jobs/mine');
    expect((await event('/api/jobs/j-42')).pathParameters).toEqual({ id: 'j-42' });
  });

  it('moves cookies out of the headers and base64-encodes a binary body', async () => {
    const received = await event('/api/uploads', {
      method: 'POST',
      headers: { cookie: 'theme=dark; session=x', 'content-type': 'application/octet-stream' },
      body: Buffer.from([0, 255, 1]),
    });
    expect(received.cookies).toEqual(['theme=dark', 'session=x']);
    expect(received.headers).not.toHaveProperty('cookie');
    expect(received.isBase64Encoded).toBe(true);
    expect(Buffer.from(received.body!, 'base64')).toEqual(Buffer.from([0, 255, 1]));
  });

  it('tells the function the client address in x-viewer-ip, as CloudFront does, replacing one the client sent', async () => {
    const forwarded = await event('/api/jobs/mine', { headers: { 'x-forwarded-for': '203.0.113.7, 10.0.0.1', 'x-viewer-ip': '198.51.100.1' } });
    expect(forwarded.headers['x-viewer-ip']).toBe('203.0.113.7');
    expect(forwarded.requestContext.http.sourceIp).toBe('203.0.113.7');
    const direct = await event('/api/jobs/mine', { headers: { 'x-viewer-ip': '198.51.100.1' } });
    expect(direct.headers['x-viewer-ip']).toBe('127.0.0.1');
  });

  it("sends another method of a known path, unauthorized, to that path's function (which answers 405), as the cloud's ANY routes do", async () => {
    const other = await event('/api/jobs/j-7', { method: 'DELETE' });
    expect(other.routeKey).toBe('ANY /api/jobs/{id}');
    expect(other.requestContext.authorizer).toBeUndefined();
    expect((await event('/api/jobs/j-7')).routeKey).toBe('GET /api/jobs/{id}');
    expect((await fetch(`${gateway.url}/api/nowhere`, { method: 'DELETE' })).status).toBe(404);
  });

  it('answers a plain returned value as 200 JSON', async () => {
    const response = await fetch(`${gateway.url}/api/results/plain`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ items: [1, 2] });
  });

  it('writes status, headers and cookies of a structured result', async () => {
    const response = await fetch(`${gateway.url}/api/results/created`);
    expect(response.status).toBe(201);
    expect(response.headers.get('x-request')).toBe('abc');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
  });

  it('decodes a base64 result body', async () => {
    const response = await fetch(`${gateway.url}/api/results/binary`);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from([137, 80, 78, 71]));
  });

  it('answers a handler that throws with API Gateway 500', async () => {
    const response = await fetch(`${gateway.url}/api/boom`);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: 'Internal Server Error' });
  });
});

describe('flattenClaims', () => {
  it('turns every claim into a string, arrays in the bracketed form', () => {
    expect(flattenClaims({ 'cognito:groups': ['client', 'provider'], exp: 1700000000, email_verified: false, sub: 'u1' })).toEqual({
      'cognito:groups': '[client provider]',
      exp: '1700000000',
      email_verified: 'false',
      sub: 'u1',
    });
  });
});
