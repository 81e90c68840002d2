import { describe, expect, it } from 'vitest';
import { useTestTable } from '../testing/dynamodb-table';
import { InvalidCursorError } from './time-cursor';

const table = useTestTable();
const saved = () => table.repositories.saved;

const day = (n: number) => new Date(Date.UTC(2026, 10, n, 9));

/** Saves providers p1..pN for the person, one a day, so p<N> is the newest. */
async function saveMany(userId: string, count: number) {
  for (let n = 1; n <= count; n++) await saved().save(userId, `p${n}`, day(n));
}

/** Every page of the person's list, following the cursor. */
async function allPages(userId: string, limit: number) {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await saved().list(userId, { cursor, limit });
    pages.push(page.saved.map((item) => item.providerId));
    cursor = page.nextCursor;
  } while (cursor);
  return pages;
}

describe('saved providers repository', () => {
  it('keeps one item for a provider saved twice, with the time of the first save', async () => {
    await saved().save('cara', 'priya', day(1));
    const again = await saved().save('cara', 'priya', day(5));

    expect(again).toEqual({ userId: 'cara', providerId: 'priya', savedAt: day(1).toISOString() });
    expect(await saved().listAll('cara')).toEqual([{ userId: 'cara', providerId: 'priya', savedAt: day(1).toISOString() }]);
  });

  it('lists newest first, paged with a cursor that gives every saved provider exactly once', async () => {
    await saveMany('cara', 7);
    await saveMany('someone-else', 3);

    expect(await allPages('cara', 3)).toEqual([['p7', 'p6', 'p5'], ['p4', 'p3', 'p2'], ['p1']]);
    expect(await allPages('cara', 7)).toEqual([['p7', 'p6', 'p5', 'p4', 'p3', 'p2', 'p1']]);
    expect(await allPages('nobody', 5)).toEqual([[]]);
  });

  it('goes on below the last provider shown when it was removed, or others were saved, between pages', async () => {
    await saveMany('cara', 5);
    const first = await saved().list('cara', { limit: 2 });
    expect(first.saved.map((item) => item.providerId)).toEqual(['p5', 'p4']);

    await saved().remove('cara', 'p4');
    await saved().save('cara', 'p9', day(20));
    const second = await saved().list('cara', { cursor: first.nextCursor, limit: 2 });
    expect(second.saved.map((item) => item.providerId)).toEqual(['p3', 'p2']);
    const third = await saved().list('cara', { cursor: second.nextCursor, limit: 2 });
    expect(third).toEqual({ saved: [{ userId: 'cara', providerId: 'p1', savedAt: day(1).toISOString() }] });
  });

  it('reads only the caller’s own list with a cursor made for someone else', async () => {
    await saveMany('cara', 3);
    await saveMany('dan', 3);
    const { nextCursor } = await saved().list('dan', { limit: 1 });

    const page = await saved().list('cara', { cursor: nextCursor, limit: 5 });
    expect(page.saved.every((item) => item.userId === 'cara')).toBe(true);
  });

  it.each([['not base64 json'], [Buffer.from('{"a":1}').toString('base64url')], [Buffer.from('["yesterday","p1"]').toString('base64url')]])(
    'refuses a cursor it did not make (%s)',
    async (cursor) => {
      await expect(saved().list('cara', { cursor, limit: 5 })).rejects.toBeInstanceOf(InvalidCursorError);
    },
  );

  it('removes a provider, and removing one that is not saved is no error', async () => {
    await saveMany('cara', 2);
    await saved().remove('cara', 'p1');
    await saved().remove('cara', 'p1');
    await saved().remove('cara', 'never-saved');

    expect((await saved().listAll('cara')).map((item) => item.providerId)).toEqual(['p2']);
  });

  it('removes everything one person saved and nothing of anyone else’s', async () => {
    await saveMany('cara', 30);
    await saveMany('dan', 2);
    await saved().removeAll('cara');
    await saved().removeAll('cara');

    expect(await saved().listAll('cara')).toEqual([]);
    expect((await saved().listAll('dan')).map((item) => item.providerId)).toEqual(['p2', 'p1']);
  });
});
