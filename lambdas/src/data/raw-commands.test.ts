import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { listingEntity } from './directory';
import { PARAMS_ONLY } from './key-templates';
import { countsUpdate, entityOf, tagged } from './raw-commands';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

describe("ElectroDB's entity tag on raw items", () => {
  it('tags a raw item as ElectroDB tags the items of an entity, and reads the tag of either back', () => {
    const listing = listingEntity
      .put({ userId: 'u-1', name: 'Ann', categories: [], skills: [], ratingCount: 0, scopes: [], version: 1 })
      .params(PARAMS_ONLY).Item;
    const entry = tagged({ PK: 'GEO#all#gcp', SK: 'gcpvj0duq#u-1', userId: 'u-1' }, 'directoryEntry');
    expect(entityOf(listing)).toBe('listing');
    expect(entityOf(entry)).toBe('directoryEntry');
    expect(entry).toMatchObject({ PK: 'GEO#all#gcp', SK: 'gcpvj0duq#u-1', userId: 'u-1' });
    expect(entityOf({ PK: 'x', SK: 'y' })).toBeUndefined();
  });

  it('tags a counts item in the same update that adds to its counts', () => {
    const update = countsUpdate(
      'table',
      { PK: 'GEOCOUNT#all#ROOT', SK: 'CHILDREN' },
      [
        ['cell_gcp', 1],
        ['cell_gcq', -1],
      ],
      'directoryCount',
    ).Update!;
    expect(update.UpdateExpression).toBe('ADD #c0 :d0, #c1 :d1 SET #entity = :entity');
    expect(update.ExpressionAttributeNames).toMatchObject({ '#c0': 'cell_gcp', '#c1': 'cell_gcq' });
    expect(update.ExpressionAttributeValues).toEqual({ ':d0': 1, ':d1': -1, ':entity': 'directoryCount' });
    const tag = update.ExpressionAttributeNames!['#entity']!;
    expect(entityOf({ [tag]: 'directoryCount' })).toBe('directoryCount');
  });

  it('is spelled nowhere but raw-commands.ts: the lint refuses it in any other file', async () => {
    const eslint = new ESLint({ cwd: REPO_ROOT, ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax' });
    const tag = ['__', 'edb', '_e__'].join('');
    const code = `export const item = { ${tag}: 'x' };\nexport const name = '${tag}';\nexport const read = (stored: Record<string, unknown>) => stored.${tag};\n`;
    const [elsewhere] = await eslint.lintText(code, { filePath: `${REPO_ROOT}lambdas/src/data/sample.ts` });
    expect(elsewhere!.messages.map((message) => message.line)).toEqual([1, 2, 3]);
    const [rawModule] = await eslint.lintText(code, { filePath: `${REPO_ROOT}lambdas/src/data/raw-commands.ts` });
    expect(rawModule!.messages).toEqual([]);
  });
});
