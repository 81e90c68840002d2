import { describe, expect, it } from 'vitest';
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
});
