import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createTableStore } from './table-store';
import { ALL_TIME, counterChanges, dayPeriod, monthPeriod, storedCounts, throughPeriod, type FigureEvent, type StoredCounts } from './transparency';

type WriteCallback = Parameters<ReturnType<typeof createTableStore>['transaction']['write']>[0];
/** The entities as a transaction's writes see them. */
type Entities = Parameters<WriteCallback>[0];
/** One write of a transaction, as the entities' `commit()` give it. */
type TransactionWrite = ReturnType<WriteCallback>[number];

/**
 * The transparency counters' writes for some events, to put in the transaction of the change they count
 * (`store.transaction.write((entities) => [...change, ...transparencyWrites(entities, events, at)])`).
 * `at` is when the event happened: its UK day and month are the items moved.
 */
export function transparencyWrites(entities: Entities, events: readonly FigureEvent[], at: Date | string): TransactionWrite[] {
  return counterChanges(events, at).map(({ period, figure, add }) =>
    entities.transparencyCount
      .update({ period, figure })
      .add(add as { count: number })
      .commit(),
  );
}

/** Adds events to the counters outside any transaction: bulk loading only (the benchmarks). */
export async function addTransparencyEvents(
  client: DynamoDBDocumentClient,
  tableName: string,
  events: readonly (FigureEvent & { at: Date })[],
): Promise<number> {
  const { transparencyCount } = createTableStore(client, tableName).entities;
  const changes = new Map<string, ReturnType<typeof counterChanges>[number]>();
  for (const event of events) {
    for (const change of counterChanges([event], event.at)) {
      const key = `${change.period}#${change.figure}`;
      const merged = changes.get(key) ?? { ...change, add: {} };
      for (const [attribute, delta] of Object.entries(change.add)) merged.add[attribute] = (merged.add[attribute] ?? 0) + delta;
      changes.set(key, merged);
    }
  }
  for (const { period, figure, add } of changes.values()) {
    await transparencyCount
      .update({ period, figure })
      .add(add as { count: number })
      .go({ response: 'none' });
  }
  return changes.size;
}

export interface TransparencyRepository {
  /** Every figure's counts of each UK day from `from` to `to` (yyyy-mm-dd): one Query. */
  days(from: string, to: string): Promise<StoredCounts[]>;
  /** Every figure's counts of each UK month from `from` to `to` (yyyy-mm): one Query. */
  months(from: string, to: string): Promise<StoredCounts[]>;
  /** Every figure's counts of all time: one Query. */
  allTime(): Promise<StoredCounts[]>;
}

export function createTransparencyRepository(client: DynamoDBDocumentClient, tableName: string): TransparencyRepository {
  const { transparencyCount } = createTableStore(client, tableName).entities;
  const between = async (from: string, to: string) => {
    const { data } = await transparencyCount.query
      .byPeriod({})
      .between({ period: from }, { period: throughPeriod(to) })
      .go({ pages: 'all' });
    return data.map((item) => storedCounts(item as unknown as Parameters<typeof storedCounts>[0]));
  };
  return {
    days: (from, to) => between(dayPeriod(from), dayPeriod(to)),
    months: (from, to) => between(monthPeriod(from), monthPeriod(to)),
    async allTime() {
      const { data } = await transparencyCount.query.byPeriod({}).begins({ period: ALL_TIME }).go({ pages: 'all' });
      return data.map((item) => storedCounts(item as unknown as Parameters<typeof storedCounts>[0]));
    },
  };
}
