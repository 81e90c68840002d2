import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routeList } from '@solutionz/shared';
import { areaEntryFile } from './area-entries';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FUNCTIONS_DIR = `${REPO_ROOT}lambdas/src/functions/`;

/** Every file under `dir` (relative to the repository), folders included. */
const filesUnder = (dir: string): string[] =>
  readdirSync(`${REPO_ROOT}${dir}`, { withFileTypes: true }).flatMap((entry) => [
    `${dir}/${entry.name}`,
    ...(entry.isDirectory() ? filesUnder(`${dir}/${entry.name}`) : []),
  ]);

describe("an area's Lambda entry", () => {
  it('is the area named in kebab-case', () => {
    expect(areaEntryFile('stripeWebhook')).toBe('stripe-webhook.ts');
    expect(areaEntryFile('accounts')).toBe('accounts.ts');
  });

  it('exists for every area of the route table', () => {
    const areas = [...new Set(routeList.map((route) => route.area))];
    expect(areas.filter((area) => !existsSync(`${FUNCTIONS_DIR}${areaEntryFile(area)}`))).toEqual([]);
  });

  it('sits among file names that are all kebab-case, in lambdas and infra', () => {
    const names = ['lambdas/src', 'infra/src', 'infra/bin']
      .flatMap(filesUnder)
      .filter((path) => !/^[a-z0-9]+(?:[.-][a-z0-9]+)*$/.test(path.slice(path.lastIndexOf('/') + 1)));
    expect(names).toEqual([]);
  });
});
