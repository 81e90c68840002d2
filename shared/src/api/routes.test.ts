import { describe, expect, it } from 'vitest';
import { routeList } from './routes';

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
});
