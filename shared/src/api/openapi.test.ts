import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi';
import { routeList } from './routes';

describe('OpenAPI document', () => {
  const doc = buildOpenApiDocument(routeList, { title: 'Solutionz API', version: 'test' });

  it('describes every route of the table, and only those', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(operations.sort()).toEqual(routeList.map((r) => `${r.method} ${r.path}`).sort());
  });

  it('marks signed-in routes as needing a bearer token', () => {
    for (const route of routeList) {
      const op = doc.paths[route.path]![route.method.toLowerCase()] as { security?: unknown };
      expect(Boolean(op.security)).toBe(route.access !== 'public');
    }
  });

  it('marks the routes that need a confirmed e-mail address', () => {
    const marked = routeList.filter((route) => (doc.paths[route.path]![route.method.toLowerCase()] as Record<string, unknown>)['x-confirmed-email']);
    expect(marked.map((route) => route.name).sort()).toEqual(
      routeList
        .filter((route) => route.confirmedEmail)
        .map((route) => route.name)
        .sort(),
    );
    expect(marked.map((route) => route.name)).toContain('createJob');
  });
});
