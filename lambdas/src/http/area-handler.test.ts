import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiErrorBodySchema, defineRoute, MESSAGES, SECURITY_MESSAGES, type RouteSpec } from '@solutionz/shared';
import type { AccountStanding } from '../data/account-standing';
import { AdminMfaRequiredError, ConflictError, RateLimitedError } from '../errors';
import { apiEvent, captureLogs, lambdaContext, testLogger, testRuntime } from '../testing/api-event';
import { createAreaHandler } from './area-handler';
import type { ApiResult } from './types';

// A route table of its own, so the middleware is tested on every kind of route the product will have.
const testRoutes = {
  postJob: defineRoute({
    method: 'POST',
    path: '/api/test-jobs',
    area: 'jobs',
    access: 'signedIn',
    summary: 'create',
    body: z.strictObject({
      email: z.email('Please enter a valid email address'),
      title: z.string().min(3, 'Title must be at least 3 characters'),
    }),
    response: z.object({ id: z.string(), postedBy: z.string() }),
    successStatus: 201,
  }),
  getJob: defineRoute({
    method: 'GET',
    path: '/api/test-jobs/{id}',
    area: 'jobs',
    access: 'public',
    summary: 'read',
    params: z.object({ id: z.string().regex(/^job-\d+$/, 'Not a job id') }),
    query: z.object({ radius: z.enum(['5', '10'], 'Choose a listed radius').optional() }),
    response: z.object({ id: z.string(), radius: z.string().optional() }),
  }),
  deleteJob: defineRoute({
    method: 'DELETE',
    path: '/api/test-jobs/{id}',
    area: 'jobs',
    access: 'admin',
    summary: 'delete',
    params: z.object({ id: z.string() }),
    response: z.object({}),
    successStatus: 204,
  }),
  revealContact: defineRoute({
    method: 'POST',
    path: '/api/test-jobs/{id}/contact',
    area: 'jobs',
    access: 'subscribedProvider',
    forbiddenMessage: 'Only service providers can see contact details.',
    confirmedEmail: true,
    summary: 'reveal',
    params: z.object({ id: z.string() }),
    response: z.object({ phone: z.string() }),
  }),
  failing: defineRoute({ method: 'GET', path: '/api/test-fail', area: 'jobs', access: 'public', summary: 'fail', response: z.object({}) }),
  misshapen: defineRoute({
    method: 'GET',
    path: '/api/test-misshapen',
    area: 'jobs',
    access: 'public',
    summary: 'bad',
    response: z.object({ count: z.number() }),
  }),
  conflict: defineRoute({ method: 'PUT', path: '/api/test-conflict', area: 'jobs', access: 'public', summary: 'conflict', response: z.object({}) }),
  limited: defineRoute({ method: 'PUT', path: '/api/test-limited', area: 'jobs', access: 'public', summary: 'limited', response: z.object({}) }),
  whoAmI: defineRoute({
    method: 'GET',
    path: '/api/test-origin',
    area: 'jobs',
    access: 'public',
    summary: 'origin',
    response: z.object({ ip: z.string(), token: z.string().optional() }),
  }),
  signedWebhook: defineRoute({
    method: 'POST',
    path: '/api/test-webhook',
    area: 'jobs',
    access: 'public',
    rawBody: true,
    summary: 'raw',
    response: z.object({ length: z.number(), signature: z.string() }),
  }),
  adminStats: defineRoute({ method: 'GET', path: '/api/test-admin', area: 'admin', access: 'admin', summary: 'other area', response: z.object({}) }),
} satisfies Record<string, RouteSpec>;

const client = { sub: 'client-1', email: 'cara@example.co.uk', 'cognito:groups': '[client]', iat: '1790000000' };
const provider = { sub: 'provider-1', 'cognito:groups': '[provider]', iat: '1790000000' };
const admin = { sub: 'admin-1', 'cognito:groups': '[client admin]', iat: '1790000000' };
const adminWithout2Step = { sub: 'admin-2', 'cognito:groups': '[admin]', iat: '1790000000' };

/** How each test account stands in its profile (the access check reads it on every signed-in request). */
const standings: Record<string, AccountStanding> = {
  'client-1': { accountType: 'client', isActive: true, subscriptionTier: 'none', emailConfirmed: true },
  'provider-1': { accountType: 'provider', isActive: true, subscriptionTier: 'none', emailConfirmed: true },
  'provider-2': { accountType: 'provider', isActive: true, subscriptionTier: 'monthly', subscriptionEnd: '2027-01-01T00:00:00.000Z', emailConfirmed: true },
  'provider-3': { accountType: 'provider', isActive: true, subscriptionTier: 'monthly', subscriptionEnd: '2026-01-01T00:00:00.000Z', emailConfirmed: true },
  'admin-1': { accountType: 'admin', isActive: true, subscriptionTier: 'none', emailConfirmed: true },
  'admin-2': { accountType: 'admin', isActive: true, subscriptionTier: 'none', emailConfirmed: true },
  'groups-say-admin': { accountType: 'client', isActive: true, subscriptionTier: 'none', emailConfirmed: true },
  'deactivated-1': { accountType: 'client', isActive: false, subscriptionTier: 'none', emailConfirmed: true },
  'signed-out-everywhere': { accountType: 'client', isActive: true, subscriptionTier: 'none', sessionsValidAfter: 1790000100, emailConfirmed: true },
  'unconfirmed-member': {
    accountType: 'provider',
    isActive: true,
    subscriptionTier: 'monthly',
    subscriptionEnd: '2027-01-01T00:00:00.000Z',
    emailConfirmed: false,
  },
  'unconfirmed-client': { accountType: 'client', isActive: true, subscriptionTier: 'none', emailConfirmed: false },
};

function body(result: ApiResult): unknown {
  return result.body === undefined ? undefined : JSON.parse(result.body);
}

function errorOf(result: ApiResult) {
  return apiErrorBodySchema.parse(body(result)).error;
}

describe('area handler', () => {
  let logs: ReturnType<typeof captureLogs>;
  const makeDeps = vi.fn(() => ({ standing: async (userId: string) => standings[userId] }));
  /** The admin check of the area: admin-2 has no 2-step verification. */
  const admitAdmin = vi.fn(async (_deps: unknown, caller: { userId: string }) => {
    if (caller.userId === 'admin-2') throw new AdminMfaRequiredError('Turn on 2-step verification first.');
  });
  let runtime = testRuntime();

  function build(options: { validateResponses?: boolean } = {}) {
    return createAreaHandler(
      'jobs',
      {
        postJob: ({ body, caller }) => ({ id: `job-for-${body.title}`, postedBy: caller.kind === 'signedIn' ? caller.userId : 'nobody' }),
        getJob: ({ params, query }) => ({ id: params.id, ...(query.radius ? { radius: query.radius } : {}) }),
        deleteJob: () => ({}),
        revealContact: () => ({ phone: '07700 900123' }),
        failing: () => {
          throw new Error('connect ECONNREFUSED db.internal:5432 as user svc_jobs');
        },
        misshapen: () => ({ count: 'many' }) as never,
        conflict: () => {
          throw new ConflictError('You have already left feedback for this provider');
        },
        limited: () => {
          throw new RateLimitedError('Too many attempts', 42);
        },
        signedWebhook: ({ rawBody, headers }) => ({ length: rawBody.length, signature: headers['x-signature'] ?? '' }),
        whoAmI: ({ sourceIp, headers }) => ({ ip: sourceIp, ...(headers['x-setup-token'] ? { token: headers['x-setup-token'] } : {}) }),
      },
      {
        routes: testRoutes,
        deps: makeDeps,
        ...runtime,
        logger: testLogger(),
        validateResponses: options.validateResponses ?? true,
        standing: (deps) => deps.standing,
        admitAdmin,
        clock: () => new Date('2026-11-23T12:00:00Z'),
      },
    );
  }

  beforeEach(() => {
    logs = captureLogs();
    makeDeps.mockClear();
    runtime = testRuntime();
  });
  afterEach(() => logs.restore());

  it('calls the implementation with the validated body and the caller, answering with the success status', async () => {
    const result = await build()(
      apiEvent('POST', '/api/test-jobs', { body: JSON.stringify({ email: 'cara@example.co.uk', title: 'Fix tap' }), claims: client }),
      lambdaContext,
    );
    expect(result.statusCode).toBe(201);
    expect(body(result)).toEqual({ id: 'job-for-Fix tap', postedBy: 'client-1' });
    expect(result.headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  });

  it('answers 400 with a message for every invalid body field', async () => {
    const result = await build()(
      apiEvent('POST', '/api/test-jobs', { body: JSON.stringify({ email: 'not-an-email', title: 'ab' }), claims: client }),
      lambdaContext,
    );
    expect(result.statusCode).toBe(400);
    expect(errorOf(result)).toEqual({
      code: 'VALIDATION_FAILED',
      message: MESSAGES.api.invalidRequest,
      fields: { 'body.email': 'Please enter a valid email address', 'body.title': 'Title must be at least 3 characters' },
    });
  });

  it('refuses a field the body does not take by name, another user id included', async () => {
    const result = await build()(
      apiEvent('POST', '/api/test-jobs', {
        body: JSON.stringify({ email: 'cara@example.co.uk', title: 'Fix tap', userId: 'someone-else', role: 'admin' }),
        claims: client,
      }),
      lambdaContext,
    );
    expect(result.statusCode).toBe(400);
    expect(errorOf(result).fields).toEqual({ 'body.userId': MESSAGES.api.unknownField('userId'), 'body.role': MESSAGES.api.unknownField('role') });
  });

  it('refuses fields sent to a route that takes no body', async () => {
    const result = await build()(apiEvent('PUT', '/api/test-conflict', { body: JSON.stringify({ approved: true }) }), lambdaContext);
    expect(result.statusCode).toBe(400);
    expect(errorOf(result).fields).toEqual({ 'body.approved': MESSAGES.api.unknownField('approved') });
  });

  it('names invalid path and query parameters by their place in the request', async () => {
    const result = await build()(apiEvent('GET', '/api/test-jobs/123', { query: { radius: '7' } }), lambdaContext);
    expect(result.statusCode).toBe(400);
    expect(errorOf(result).fields).toEqual({ 'params.id': 'Not a job id', 'query.radius': 'Choose a listed radius' });
  });

  it('fills path parameters from the route pattern and passes the query', async () => {
    const result = await build()(apiEvent('GET', '/api/test-jobs/job-7', { query: { radius: '10' } }), lambdaContext);
    expect(result.statusCode).toBe(200);
    expect(body(result)).toEqual({ id: 'job-7', radius: '10' });
    expect(result.headers?.['cache-control']).toBeUndefined();
  });

  it('answers 400 with the malformed JSON message when the body is not JSON', async () => {
    const result = await build()(apiEvent('POST', '/api/test-jobs', { body: '{"email": "cara@', claims: client }), lambdaContext);
    expect(result.statusCode).toBe(400);
    expect(errorOf(result)).toMatchObject({ code: 'VALIDATION_FAILED', message: MESSAGES.api.malformedJson });
  });

  it('answers 400 for a missing body on a route that needs one', async () => {
    const result = await build()(apiEvent('POST', '/api/test-jobs', { claims: client }), lambdaContext);
    expect(result.statusCode).toBe(400);
    expect(errorOf(result).fields).toHaveProperty('body');
  });

  it('answers 401 on a signed-in route without claims, before looking at the input', async () => {
    const result = await build()(apiEvent('POST', '/api/test-jobs', { body: 'not json' }), lambdaContext);
    expect(result.statusCode).toBe(401);
    expect(errorOf(result)).toEqual({ code: 'UNAUTHORIZED', message: MESSAGES.api.unauthorized });
    expect(result.headers?.['www-authenticate']).toBe('Bearer');
  });

  it('answers 403 on an admin route for a client', async () => {
    const result = await build()(apiEvent('DELETE', '/api/test-jobs/job-1', { claims: client }), lambdaContext);
    expect(result.statusCode).toBe(403);
    expect(errorOf(result)).toEqual({ code: 'FORBIDDEN', message: MESSAGES.api.forbidden });
  });

  it("lets an admin through with API Gateway's flattened groups, answering 204 without a body", async () => {
    const result = await build()(apiEvent('DELETE', '/api/test-jobs/job-1', { claims: admin }), lambdaContext);
    expect(result.statusCode).toBe(204);
    expect(result.body).toBeUndefined();
  });

  it('runs the admin check before every admin route, and only there', async () => {
    admitAdmin.mockClear();
    const refused = await build()(apiEvent('DELETE', '/api/test-jobs/job-1', { claims: adminWithout2Step }), lambdaContext);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toEqual({ code: 'ADMIN_MFA_REQUIRED', message: 'Turn on 2-step verification first.' });
    expect(admitAdmin).toHaveBeenCalledTimes(1);
    // A client is refused by the access check before it; other routes never run it.
    await build()(apiEvent('DELETE', '/api/test-jobs/job-1', { claims: client }), lambdaContext);
    await build()(apiEvent('POST', '/api/test-jobs', { body: JSON.stringify({ title: 'Fix tap' }), claims: client }), lambdaContext);
    expect(admitAdmin).toHaveBeenCalledTimes(1);
  });

  it('refuses to build an area with admin routes but no admin check', () => {
    expect(() =>
      createAreaHandler('jobs', { deleteJob: () => ({}) } as never, {
        routes: { deleteJob: testRoutes.deleteJob },
        deps: () => ({ standing: async () => undefined }),
        standing: (deps) => deps.standing,
        ...testRuntime(),
        logger: testLogger(),
        validateResponses: true,
      }),
    ).toThrow(/admitAdmin/);
  });

  it('tells a signed-in caller of another account type what the route says, not a generic refusal', async () => {
    const result = await build()(apiEvent('POST', '/api/test-jobs/job-1/contact', { claims: client }), lambdaContext);
    expect(result.statusCode).toBe(403);
    expect(errorOf(result).message).toBe('Only service providers can see contact details.');
  });

  it('hands a raw-body route the exact bytes received, JSON or not, with no field refused', async () => {
    const sent = '{ "id": "evt_1",\n  "unknown": true }';
    const result = await build()(apiEvent('POST', '/api/test-webhook', { body: sent, headers: { 'X-Signature': 't=1,v1=abc' } }), lambdaContext);
    expect(result.statusCode).toBe(200);
    expect(body(result)).toEqual({ length: sent.length, signature: 't=1,v1=abc' });
    const notJson = await build()(apiEvent('POST', '/api/test-webhook', { body: 'not json' }), lambdaContext);
    expect(body(notJson)).toEqual({ length: 8, signature: '' });
  });

  it('answers 403 Subscription required to a provider without a subscription', async () => {
    const result = await build()(apiEvent('POST', '/api/test-jobs/job-1/contact', { claims: provider }), lambdaContext);
    expect(result.statusCode).toBe(403);
    expect(errorOf(result).message).toBe('Subscription required');
  });

  it('reveals to a subscribed provider, and never to a client', async () => {
    const handler = build();
    const subscribed = await handler(
      apiEvent('POST', '/api/test-jobs/job-1/contact', { claims: { sub: 'provider-2', 'cognito:groups': 'provider' } }),
      lambdaContext,
    );
    expect(subscribed.statusCode).toBe(200);
    expect(body(subscribed)).toEqual({ phone: '07700 900123' });
    const asClient = await handler(apiEvent('POST', '/api/test-jobs/job-1/contact', { claims: client }), lambdaContext);
    expect(asClient.statusCode).toBe(403);
  });

  it('refuses a route that acts on others to an account whose address is not confirmed, with the message that offers the resend', async () => {
    const handler = build();
    const unconfirmed = await handler(
      apiEvent('POST', '/api/test-jobs/job-1/contact', { claims: { sub: 'unconfirmed-member', 'cognito:groups': 'provider' } }),
      lambdaContext,
    );
    expect(unconfirmed.statusCode).toBe(403);
    expect(errorOf(unconfirmed)).toEqual({ code: 'EMAIL_NOT_CONFIRMED', message: MESSAGES.emailConfirmationRequired });
    // The other refusals come first: a client is told the route is not for clients.
    const asClient = await handler(
      apiEvent('POST', '/api/test-jobs/job-1/contact', { claims: { sub: 'unconfirmed-client', 'cognito:groups': 'client' } }),
      lambdaContext,
    );
    expect(errorOf(asClient).message).toBe('Only service providers can see contact details.');
    // Routes that act on the account itself take it.
    const own = await handler(
      apiEvent('POST', '/api/test-jobs', { body: JSON.stringify({ email: 'cara@example.co.uk', title: 'Fix tap' }), claims: { sub: 'unconfirmed-client' } }),
      lambdaContext,
    );
    expect(own.statusCode).toBe(201);
  });

  it('refuses a provider whose membership has ended', async () => {
    const result = await build()(
      apiEvent('POST', '/api/test-jobs/job-1/contact', { claims: { sub: 'provider-3', 'cognito:groups': 'provider' } }),
      lambdaContext,
    );
    expect(result.statusCode).toBe(403);
    expect(errorOf(result).message).toBe(MESSAGES.api.subscriptionRequired);
  });

  it('takes the account type from the profile, not from the groups in the token', async () => {
    const result = await build()(
      apiEvent('DELETE', '/api/test-jobs/job-1', { claims: { sub: 'groups-say-admin', 'cognito:groups': '[admin]' } }),
      lambdaContext,
    );
    expect(result.statusCode).toBe(403);
  });

  it('refuses a deactivated account on every signed-in route with its own message', async () => {
    const result = await build()(
      apiEvent('POST', '/api/test-jobs', {
        body: JSON.stringify({ email: 'cara@example.co.uk', title: 'Fix tap' }),
        claims: { sub: 'deactivated-1', iat: '1790000000' },
      }),
      lambdaContext,
    );
    expect(result.statusCode).toBe(403);
    expect(errorOf(result)).toEqual({ code: 'ACCOUNT_DEACTIVATED', message: SECURITY_MESSAGES.deactivated });
  });

  it('refuses a token issued before the account signed out everywhere, and takes a newer one', async () => {
    const handler = build();
    const send = (iat: string) =>
      handler(
        apiEvent('POST', '/api/test-jobs', {
          body: JSON.stringify({ email: 'cara@example.co.uk', title: 'Fix tap' }),
          claims: { sub: 'signed-out-everywhere', iat },
        }),
        lambdaContext,
      );
    const old = await send('1790000099');
    expect(old.statusCode).toBe(401);
    expect(errorOf(old)).toEqual({ code: 'SESSION_REVOKED', message: SECURITY_MESSAGES.sessionRevoked });
    expect((await send('1790000100')).statusCode).toBe(201);
  });

  it('refuses a valid token whose account no longer exists', async () => {
    const result = await build()(apiEvent('POST', '/api/test-jobs', { body: '{}', claims: { sub: 'deleted-user', iat: '1790000000' } }), lambdaContext);
    expect(result.statusCode).toBe(401);
    expect(errorOf(result).code).toBe('SESSION_REVOKED');
  });

  it('refuses to build an area with signed-in routes but no way to read how callers stand', () => {
    expect(() =>
      createAreaHandler('jobs', { revealContact: () => ({ phone: '1' }) } as never, {
        routes: { revealContact: testRoutes.revealContact },
        deps: () => ({}),
        ...testRuntime(),
        logger: testLogger(),
        validateResponses: true,
      }),
    ).toThrow(/standing/);
  });

  it('answers 404 in the API error format for a path it does not serve', async () => {
    const handler = build();
    for (const path of ['/api/nowhere', '/api/test-admin']) {
      const result = await handler(apiEvent('GET', path), lambdaContext);
      expect(result.statusCode).toBe(404);
      expect(errorOf(result)).toEqual({ code: 'NOT_FOUND', message: MESSAGES.api.notFound });
    }
  });

  it('answers 405 with the allowed methods for a known path and another method', async () => {
    const result = await build()(apiEvent('PATCH', '/api/test-jobs/job-1'), lambdaContext);
    expect(result.statusCode).toBe(405);
    expect(result.headers?.allow).toBe('GET, DELETE');
    expect(errorOf(result).code).toBe('METHOD_NOT_ALLOWED');
  });

  it('maps a domain error from a service to its status and message', async () => {
    const handler = build();
    const conflict = await handler(apiEvent('PUT', '/api/test-conflict'), lambdaContext);
    expect(conflict.statusCode).toBe(409);
    expect(errorOf(conflict)).toEqual({ code: 'CONFLICT', message: 'You have already left feedback for this provider' });
    const limited = await handler(apiEvent('PUT', '/api/test-limited'), lambdaContext);
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited)).toEqual({ code: 'RATE_LIMITED', message: 'Too many attempts', retryAfterSeconds: 42 });
    expect(limited.headers?.['retry-after']).toBe('42');
  });

  it('answers a generic 500 that hides the cause, and logs the cause with the route', async () => {
    const result = await build()(apiEvent('GET', '/api/test-fail'), lambdaContext);
    expect(result.statusCode).toBe(500);
    expect(errorOf(result)).toEqual({ code: 'INTERNAL', message: MESSAGES.api.internal });
    expect(result.body).not.toContain('ECONNREFUSED');

    const errorLine = logs.lines().find((line) => line.level === 'ERROR');
    expect(JSON.stringify(errorLine)).toContain('ECONNREFUSED db.internal:5432');
    expect(errorLine).toMatchObject({ function_request_id: 'lambda-request-1', apiRequestId: 'api-request-1' });
    const requestLine = logs.lines().find((line) => line.message === 'Request completed');
    expect(requestLine).toMatchObject({ route: 'GET /api/test-fail', status: 500 });
  });

  it('counts each unexpected failure as a server error of the function (a release rolls back on it), and nothing for answers below 500', async () => {
    const counted = vi.spyOn(runtime.metrics, 'addMetric');
    const handler = build();
    await handler(apiEvent('GET', '/api/test-fail'), lambdaContext);
    await handler(apiEvent('PUT', '/api/test-conflict'), lambdaContext);
    await handler(apiEvent('GET', '/api/test-jobs/job-3'), lambdaContext);
    expect(counted.mock.calls).toEqual([['ServerErrors', 'Count', 1]]);
  });

  it.each([
    ['without the origin header', {}],
    ['with a wrong origin header', { 'x-origin-verify': 'guessed' }],
    ['with an empty origin header', { 'x-origin-verify': '' }],
  ])('refuses a request %s (one that went round CloudFront) before anything runs', async (_label, headers) => {
    const event = apiEvent('POST', '/api/test-jobs', { body: JSON.stringify({ email: 'cara@example.co.uk', title: 'Fix tap' }), claims: client });
    delete event.headers['x-origin-verify'];
    const result = await build()({ ...event, headers: { ...event.headers, ...headers } }, lambdaContext);
    expect(result.statusCode).toBe(403);
    expect(errorOf(result)).toEqual({ code: 'FORBIDDEN', message: MESSAGES.api.forbidden });
    expect(makeDeps).not.toHaveBeenCalled();
    expect(logs.lines().find((line) => line.level === 'WARN')?.message).toBe('Refused a request that did not come through CloudFront');
  });

  it('takes the origin header whatever the case of its name', async () => {
    const event = apiEvent('GET', '/api/test-jobs/job-3');
    const { 'x-origin-verify': secret, ...others } = event.headers;
    const result = await build()({ ...event, headers: { ...others, 'X-Origin-Verify': secret } }, lambdaContext);
    expect(result.statusCode).toBe(200);
  });

  it('logs one line per request with the route key, status and duration', async () => {
    await build()(apiEvent('GET', '/api/test-jobs/job-3'), lambdaContext);
    const requestLines = logs.lines().filter((line) => line.message === 'Request completed');
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({ route: 'GET /api/test-jobs/{id}', status: 200, apiRequestId: 'api-request-1' });
    expect(requestLines[0]?.durationMs).toEqual(expect.any(Number));
  });

  it('turns an answer that breaks its response schema into a 500 outside production', async () => {
    const checked = await build({ validateResponses: true })(apiEvent('GET', '/api/test-misshapen'), lambdaContext);
    expect(checked.statusCode).toBe(500);
    expect(JSON.stringify(logs.lines())).toContain('does not match its schema');
    const unchecked = await build({ validateResponses: false })(apiEvent('GET', '/api/test-misshapen'), lambdaContext);
    expect(unchecked.statusCode).toBe(200);
  });

  it('passes the source IP and the headers, names lower-cased, to the implementation', async () => {
    const result = await build()(apiEvent('GET', '/api/test-origin', { sourceIp: '203.0.113.9', headers: { 'X-Setup-Token': 'abc' } }), lambdaContext);
    expect(body(result)).toEqual({ ip: '203.0.113.9', token: 'abc' });
  });

  it('hands the implementation the viewer address CloudFront set, not the edge address', async () => {
    const event = apiEvent('GET', '/api/test-origin', { sourceIp: '130.176.0.10', headers: { 'x-viewer-ip': '203.0.113.7' } });
    expect(body(await build()(event, lambdaContext))).toEqual({ ip: '203.0.113.7' });
  });

  it('creates the dependencies once for the life of the instance', async () => {
    const handler = build();
    await handler(apiEvent('GET', '/api/test-jobs/job-1'), lambdaContext);
    await handler(apiEvent('GET', '/api/test-jobs/job-2'), lambdaContext);
    expect(makeDeps).toHaveBeenCalledTimes(1);
  });
});
