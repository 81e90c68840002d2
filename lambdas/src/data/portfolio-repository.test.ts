import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient } from '../adapters/dynamodb';
import { TEST_CREDENTIALS, TEST_REGION, useTestTable } from '../testing/dynamodb-table';
import { createTableStore } from './table-store';
import { LEGACY_IMAGE_ID, type PortfolioMediaRecord } from './portfolio-repository';

const table = useTestTable();
const portfolio = table.repositories.portfolio;

const image = (id: string): PortfolioMediaRecord => ({
  id,
  type: 'image',
  filename: `${id}.jpg`,
  key: `media/portfolio/u1/${id}.webp`,
  thumbnailKey: `media/portfolio/u1/${id}-thumb.webp`,
});

function item(itemId: string, position: number, userId = 'u1') {
  return { userId, itemId, title: `Job ${itemId}`, position, media: [image(`${itemId}-m`)], createdAt: '2026-11-01T09:00:00.000Z' };
}

const titles = async (userId = 'u1') => (await portfolio.list(userId, { consistent: true })).map((entry) => entry.itemId);

describe('portfolio repository', () => {
  it('lists a provider’s items by position, and nobody else’s', async () => {
    await portfolio.add(item('b', 20), 50);
    await portfolio.add(item('a', 10), 50);
    await portfolio.add(item('c', 30), 50);
    await portfolio.add(item('x', 5, 'u2'), 50);
    expect(await titles()).toEqual(['a', 'b', 'c']);
    expect(await portfolio.itemCount('u1')).toBe(3);
    expect(await portfolio.get('u1', 'x')).toBeUndefined();
  });

  it('reorders, and changes nothing when one of the items has gone', async () => {
    for (const [i, id] of ['a', 'b', 'c'].entries()) await portfolio.add(item(id, i), 50);
    expect(await portfolio.reorder('u1', ['c', 'a', 'b'])).toBe(true);
    expect(await titles()).toEqual(['c', 'a', 'b']);
    expect(await portfolio.reorder('u1', ['b', 'gone', 'a'])).toBe(false);
    expect(await titles()).toEqual(['c', 'a', 'b']);
  });

  it('never lets concurrent adds pass the limit', async () => {
    await portfolio.add(item('a', 1), 3);
    await portfolio.add(item('b', 2), 3);
    const outcomes = await Promise.all(['c', 'd', 'e', 'f', 'g', 'h'].map((id, i) => portfolio.add(item(id, 3 + i), 3)));
    expect(outcomes.filter((outcome) => outcome === 'added')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'full')).toHaveLength(5);
    expect(await titles()).toHaveLength(3);
    expect(await portfolio.itemCount('u1')).toBe(3);
  });

  it('gives the slot back when an item is removed; removing it again is reported', async () => {
    await portfolio.add(item('a', 1), 1);
    expect(await portfolio.add(item('b', 2), 1)).toBe('full');
    expect(await portfolio.remove('u1', 'a')).toBe(true);
    expect(await portfolio.remove('u1', 'a')).toBe(false);
    expect(await portfolio.itemCount('u1')).toBe(0);
    expect(await portfolio.add(item('b', 2), 1)).toBe('added');
  });

  it('replaces an item only while it is as it was read', async () => {
    await portfolio.add(item('a', 1), 50);
    const content = { title: 'Loft conversion', description: 'Two bedrooms', media: [image('n1')] };
    expect(await portfolio.replace('u1', 'a', content, '2026-11-02T09:00:00.000Z', '2026-11-01T09:00:00.000Z')).toBe(true);
    expect(await portfolio.replace('u1', 'a', { ...content, title: 'Lost edit' }, '2026-11-02T10:00:00.000Z', '2026-11-01T09:00:00.000Z')).toBe(false);
    expect(await portfolio.replace('u1', 'gone', content, '2026-11-02T10:00:00.000Z', '2026-11-01T09:00:00.000Z')).toBe(false);
    expect(await portfolio.get('u1', 'a')).toMatchObject({
      title: 'Loft conversion',
      description: 'Two bedrooms',
      media: [image('n1')],
      updatedAt: '2026-11-02T09:00:00.000Z',
    });
    // A description left out is removed.
    await portfolio.replace('u1', 'a', { title: 'Loft', media: [image('n1')] }, '2026-11-03T09:00:00.000Z', '2026-11-02T09:00:00.000Z');
    expect((await portfolio.get('u1', 'a'))?.description).toBeUndefined();
  });

  it('answers a legacy item’s single imageUrl as one image, which an edit brings into its media list', async () => {
    const documents = documentClient(new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS }));
    await createTableStore(documents, table.tableName)
      .entities.portfolioItem.create({
        userId: 'u1',
        itemId: 'old',
        title: 'Old job',
        position: 1,
        media: [],
        imageUrl: 'https://old.example.com/storage/portfolio_media/u1/portfolio/1700000000000-0.jpg',
        createdAt: '2024-01-01T00:00:00.000Z',
        updatedAt: '2024-01-01T00:00:00.000Z',
      })
      .go();
    const legacy = await portfolio.get('u1', 'old');
    const media = [
      {
        id: LEGACY_IMAGE_ID,
        type: 'image',
        url: 'https://old.example.com/storage/portfolio_media/u1/portfolio/1700000000000-0.jpg',
        filename: '1700000000000-0.jpg',
      },
    ];
    expect(legacy?.media).toEqual(media);

    await portfolio.replace('u1', 'old', { title: 'Old job', media: [...legacy!.media, image('n1')] }, '2026-11-02T09:00:00.000Z', legacy!.updatedAt);
    expect((await portfolio.get('u1', 'old'))?.media).toEqual([...media, image('n1')]);
  });

  it('removes every item and the count of a provider, and only theirs', async () => {
    await portfolio.add(item('a', 1), 50);
    await portfolio.add(item('b', 2), 50);
    await portfolio.add(item('x', 1, 'u2'), 50);
    await portfolio.removeAll('u1');
    expect(await titles()).toEqual([]);
    expect(await titles('u2')).toEqual(['x']);
    expect(await portfolio.itemCount('u1')).toBe(0);
    expect(await portfolio.itemCount('u2')).toBe(1);
  });
});
