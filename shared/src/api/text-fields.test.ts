import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { routeList } from './routes';
import { bodyWithTextAt, textFieldsOf } from './text-fields';

/** 100 KB values that made patterns backtrack, and plain bulk. */
const HOSTILE = { dots: `a@${'.'.repeat(100_000)}@`, bulk: 'a'.repeat(100_000), spaced: `a${' a'.repeat(50_000)}` } as const;

/** Every issue with its whole path, those of each alternative of a union too. */
function issuesOf(issues: readonly z.core.$ZodIssue[], at: readonly PropertyKey[] = []): { path: string; code: string }[] {
  return issues.flatMap((issue) => {
    const path = [...at, ...issue.path];
    const nested = issue.code === 'invalid_union' ? issue.errors.flatMap((alternative) => issuesOf(alternative, path)) : [];
    return [{ path: path.map(String).join('.'), code: issue.code }, ...nested];
  });
}

const textFields = routeList.flatMap((route) =>
  route.body ? textFieldsOf(route.body).map((path) => ({ route: `${route.method} ${route.path}`, body: route.body!, path })) : [],
);

describe('text in every request body', () => {
  it('is found in each route that takes some', () => {
    const fields = (key: string) => textFields.filter(({ route }) => route === key).map(({ path }) => path.join('.'));
    expect(fields('POST /api/accounts/signup')).toEqual(expect.arrayContaining(['fullName', 'email', 'password', 'categories.[]']));
    expect(fields('PATCH /api/me/profile')).toEqual(expect.arrayContaining(['skills.[]', 'socialLinks.website']));
    expect(textFields.length).toBeGreaterThan(80);
  });

  describe.each(Object.entries(HOSTILE))('100 KB of %s', (_name, hostile) => {
    it.each(textFields.map(({ route, body, path }) => [`${route} ${path.join('.')}`, body, path] as const))(
      'is refused by its length alone: %s',
      (_label, body, path) => {
        const result = body.safeParse(bodyWithTextAt(path, hostile));
        expect(result.success).toBe(false);
        const at = path.map((key) => (key === '[]' ? 0 : key)).join('.');
        // The length's issue alone: the field's pattern and refinements never ran on it.
        const codes = issuesOf(result.error!.issues)
          .filter((issue) => issue.path === at)
          .map((issue) => issue.code);
        expect(codes.length).toBeGreaterThan(0);
        expect(new Set(codes)).toEqual(new Set(['too_big']));
      },
    );
  });
});
