import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { publicReads } from './public-reads';
import { routeGroups, routeList, routes } from './routes';

describe('the route table', () => {
  const withBody = routeList.filter((route) => route.body);

  it.each(withBody.map((route) => [route.name, route] as const))('%s takes only the fields it names: its body schema is strict', (_name, route) => {
    const result = route.body!.safeParse({ someoneElsesUserId: 'u-2' });
    expect(result.success).toBe(false);
    const unknown = result.error?.issues.find((issue) => issue.code === 'unrecognized_keys');
    expect(unknown && 'keys' in unknown ? unknown.keys : []).toEqual(['someoneElsesUserId']);
  });

  it('has one route per method and path', () => {
    const keys = routeList.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is exactly the sum of its groups: each group route is in the table as defined, and no two groups share a name', () => {
    const grouped = Object.values(routeGroups).flatMap((group) => Object.entries(group));
    expect(grouped.map(([name]) => name).sort()).toEqual(Object.keys(routes).sort());
    for (const [name, spec] of grouped) expect(routes[name as keyof typeof routes], name).toBe(spec);
  });

  it.each(Object.entries(publicReads))('the web reads %s without its schemas at the address of a public GET of the table', (name, address) => {
    const spec = routes[name as keyof typeof publicReads];
    expect({ method: spec.method, path: spec.path, access: spec.access }).toEqual({ ...address, access: 'public' });
  });

  it.each(Object.keys(publicReads))(
    '%s answers as its schema reads it: the browser takes the answer unparsed, so the schema changes nothing (no default, transform)',
    (name) => {
      const { response } = routes[name as keyof typeof publicReads];
      // Output objects say `additionalProperties: false` (parsing drops unknown keys); the rest must read the same both ways.
      const asSchema = (io: 'input' | 'output') =>
        JSON.parse(
          JSON.stringify(z.toJSONSchema(response, { io, unrepresentable: 'any' }), (key, value: unknown) =>
            key === 'additionalProperties' && value === false ? undefined : value,
          ),
        );
      expect(asSchema('output')).toEqual(asSchema('input'));
    },
  );
});
