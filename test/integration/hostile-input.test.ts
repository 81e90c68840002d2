import { describe, expect, it } from 'vitest';
import { bodyWithTextAt, buildPath, routeList, textFieldsOf, type ApiPath, type TextFieldPath } from '@solutionz/shared';
import { stack } from '../support/local-stack';

/**
 * One request must not hold a function for seconds: every text field of every public write route refuses a 100 KB
 * value at once, through the local edge and gateway as a visitor's request travels. The routes and their fields are
 * read from the route table, so a new route or field is covered as it comes.
 */

const webOrigin = stack.apiBaseUrl.replace(/\/api$/, '');

/** 100 KB that made the e-mail pattern backtrack for seconds, and plain bulk. */
const HOSTILE = { dots: `a@${'.'.repeat(100_000)}@`, bulk: 'a'.repeat(100_000) } as const;
/** Requests of each kind per field, taken in turns; their medians are compared, which a busy two-core machine leaves stable. */
const TRIES = 5;
const MARGIN_MS = 50;

const publicWrites = routeList.filter((route) => route.access === 'public' && ['POST', 'PUT', 'PATCH'].includes(route.method) && route.body !== undefined);

const cases = publicWrites.flatMap((route) => {
  const params = Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, `hostile-${name!}`]));
  const url = `${webOrigin}${buildPath(route.path as ApiPath, params)}`;
  return textFieldsOf(route.body!).map((path) => ({ label: `${route.method} ${route.path} ${path.join('.')}`, method: route.method, url, path }));
});

async function timed(method: string, url: string, body: unknown): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(url, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('hostile text on the public write routes', () => {
  it('covers every public route that takes a body, claims and sign-up among them', () => {
    expect(publicWrites.map((route) => route.name)).toEqual(
      expect.arrayContaining(['signup', 'resendConfirmation', 'requestPasswordReset', 'claimBusiness', 'adminSetup']),
    );
    expect(cases.length).toBeGreaterThan(15);
  });

  describe.each(Object.entries(HOSTILE))('100 KB of %s', (_kind, hostile) => {
    it.each(cases.map((testCase) => [testCase.label, testCase] as const))(
      'is refused with 400 as fast as a short wrong value: %s',
      { timeout: 60_000 },
      async (_label, { method, url, path }: { method: string; url: string; path: TextFieldPath }) => {
        const normal = () => timed(method, url, bodyWithTextAt(path, 'x'));
        // The first request of a route may start its function.
        await normal();
        const normals: number[] = [];
        const hostiles: { status: number; ms: number }[] = [];
        for (let attempt = 0; attempt < TRIES; attempt += 1) {
          normals.push((await normal()).ms);
          hostiles.push(await timed(method, url, bodyWithTextAt(path, hostile)));
        }
        expect(hostiles.map(({ status }) => status)).toEqual(Array.from({ length: TRIES }, () => 400));
        expect(median(hostiles.map(({ ms }) => ms))).toBeLessThanOrEqual(median(normals) + MARGIN_MS);
      },
    );
  });
});
