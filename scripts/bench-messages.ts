/**
 * `npm run bench:messages`: what a person's inbox and a thread cost to read when they have 10 conversations
 * and when they have 10,000 (reads stay bounded: docs/benchmarks.md#messages). A provider is written to by N clients, each
 * conversation written through the messages repository as the API writes it; one conversation has 45
 * messages. At each size the conversation services run in this process over a DynamoDB client that counts
 * what it reads (adapters/dynamodb.ts meter): the inbox's first and last pages, the thread's first and
 * second pages, the unread total, and marking a conversation read. Prints requests, items read (also per
 * conversation or message shown, since 10 conversations fill only half a page) and p50/p95 time per row,
 * checks the inbox order against the data, and flags each row PASS or FAIL on whether the items read per
 * row shown at 10,000 stay within 1.5 times those at 10. Results also go to bench-results/messages.json. Starts
 * its own stack (ports shifted by SOLUTIONZ_PORT_OFFSET, else 300) with throw-away data.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { AuthorizedCaller } from '@solutionz/lambdas/auth/caller';
import { documentClient, meterDynamoDbUsage } from '@solutionz/lambdas/adapters/dynamodb';
import { createAccountRepository } from '@solutionz/lambdas/data/account-repository';
import { createJobsRepository } from '@solutionz/lambdas/data/jobs-repository';
import { conversationIdOf, createMessagesRepository } from '@solutionz/lambdas/data/messages-repository';
import { createResponseTimesRepository } from '@solutionz/lambdas/data/response-times-repository';
import { createDirectoryRepository } from '@solutionz/lambdas/data/directory-repository';
import { createRateLimitRepository } from '@solutionz/lambdas/data/rate-limit-repository';
import { createMessageReportsRepository } from '@solutionz/lambdas/data/message-reports-repository';
import { createMessageMailsRepository } from '@solutionz/lambdas/data/message-mails-repository';
import {
  getConversation,
  getUnreadMessages,
  listConversations,
  markConversationRead,
  type MessagesDeps,
} from '@solutionz/lambdas/services/messages/conversations';
import { createLocalAccount } from './local/accounts';
import { fixed, mean, measured, percentile, runBench, type Measured, withBenchStack } from './local/bench-support';
import { REPO_ROOT } from './local/stack';

const SIZES = process.env.BENCH_MESSAGES_SIZES ? process.env.BENCH_MESSAGES_SIZES.split(',').map(Number) : [10, 10_000];
const REQUESTS = 50;
const WARM_UP = 5;
const THREAD_MESSAGES = 45;
const TARGETS = { growth: 1.5 } as const;
/** Conversations written at once while loading. */
const PARALLEL = 25;
const START = Date.parse('2026-01-01T09:00:00Z');

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const caller = (userId: string, accountType: 'client' | 'provider'): AuthorizedCaller => ({
  kind: 'signedIn',
  userId,
  groups: [accountType],
  accountType,
  subscribed: true,
  emailConfirmed: true,
});

interface Row {
  readonly name: string;
  readonly runs: Measured[];
  /** What the answer showed (conversations or messages; 1 for a count). */
  readonly shown: number;
}

async function loadSize(
  deps: MessagesDeps,
  accounts: ReturnType<typeof createAccountRepository>,
  size: number,
): Promise<{ provider: string; busiest: string; newest: string[] }> {
  const provider = randomUUID();
  const person = (userId: string, accountType: 'client' | 'provider', n: number) =>
    createLocalAccount(
      { identity: undefined as never, accounts },
      {
        accountType,
        email: `${userId}@bench.example`,
        password: 'unused',
        firstName: accountType === 'client' ? `Client${n}` : 'Busy',
        lastName: 'Bench',
        ...(accountType === 'provider' ? { businessName: `Busy Bench Builders ${size}`, categories: ['Construction/Trade > Builder'] } : {}),
        emailConfirmed: false,
      },
      { existingUserId: userId, now: new Date(START) },
    );
  await person(provider, 'provider', 0);
  const conversationIds: string[] = [];
  for (let from = 0; from < size; from += PARALLEL) {
    await Promise.all(
      Array.from({ length: Math.min(PARALLEL, size - from) }, async (_, k) => {
        const n = from + k;
        const client = randomUUID();
        await person(client, 'client', n);
        const conversationId = conversationIdOf(client, provider);
        const sentAt = new Date(START + n * 60_000).toISOString();
        await deps.messages.start(
          { conversationId, clientId: client, providerId: provider, startedBy: client, createdAt: sentAt },
          { conversationId, messageId: randomUUID(), senderId: client, text: `Hello from client ${n}`, sentAt },
        );
        conversationIds[n] = conversationId;
      }),
    );
  }
  // The busiest conversation: the oldest one, brought back to the top by a long exchange.
  const busiest = conversationIds[0]!;
  const conversation = (await deps.messages.getConversation(busiest))!;
  for (let m = 0; m < THREAD_MESSAGES; m++) {
    const senderId = m % 2 === 0 ? provider : conversation.clientId;
    await deps.messages.send(conversation, {
      conversationId: busiest,
      messageId: randomUUID(),
      senderId,
      text: `Message ${m}`,
      sentAt: new Date(START + (size + m) * 60_000).toISOString(),
    });
  }
  const newest = [busiest, ...conversationIds.slice(1).reverse()];
  return { provider, busiest, newest };
}

async function repeat(name: string, work: () => Promise<number>): Promise<Row> {
  for (let n = 0; n < WARM_UP; n++) await work();
  const runs: (Measured & { result: number })[] = [];
  for (let n = 0; n < REQUESTS; n++) runs.push(await measured(work));
  return { name, runs, shown: runs[0]?.result ?? 0 };
}

/** Items read for each conversation or message the answer showed: what a page costs, whatever its fill. */
const perShown = (row: Row) => mean(row.runs.map((run) => run.usage.itemsRead)) / Math.max(1, row.shown);

async function main(): Promise<number> {
  return withBenchStack('bench-messages', async (stack) => {
    const client = new DynamoDBClient({ region: stack.region, endpoint: stack.urls.dynamodb, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    meterDynamoDbUsage(client);
    const documents = documentClient(client);
    const accounts = createAccountRepository(documents, stack.tableName);
    const deps: MessagesDeps = {
      messages: createMessagesRepository(documents, stack.tableName),
      accounts,
      jobs: createJobsRepository(documents, stack.tableName),
      rateLimits: createRateLimitRepository(documents, stack.tableName),
      responseTimes: createResponseTimesRepository(documents, stack.tableName),
      directory: createDirectoryRepository(documents, stack.tableName),
      messageMails: createMessageMailsRepository(documents, stack.tableName),
      reports: createMessageReportsRepository(documents, stack.tableName),
      clock: () => new Date(),
    };

    const results: Record<number, Row[]> = {};
    let wrong = 0;
    for (const size of SIZES) {
      const loading = Date.now();
      const { provider, busiest, newest } = await loadSize(deps, accounts, size);
      console.log(`\n${size.toLocaleString('en-GB')} conversations loaded in ${((Date.now() - loading) / 1000).toFixed(0)} s`);
      const me = caller(provider, 'provider');
      const first = await listConversations(deps, me, {});
      const expected = newest.slice(0, first.conversations.length);
      if (first.conversations.map((item) => item.conversationId).join() !== expected.join()) {
        console.log('  WRONG: the inbox is not in order of last activity');
        wrong++;
      }
      const thread = await getConversation(deps, me, busiest, {});
      // The cursor of the inbox's last page: as deep as the list goes.
      let lastCursor: string | undefined;
      for (let page = first; page.nextCursor; page = await listConversations(deps, me, { cursor: page.nextCursor })) lastCursor = page.nextCursor;
      results[size] = [
        await repeat('inbox, first page', async () => (await listConversations(deps, me, {})).conversations.length),
        await repeat('inbox, last page', async () => (await listConversations(deps, me, { cursor: lastCursor })).conversations.length),
        await repeat('thread, first page', async () => (await getConversation(deps, me, busiest, {})).messages.length),
        await repeat('thread, second page', async () => (await getConversation(deps, me, busiest, { cursor: thread.nextCursor })).messages.length),
        await repeat('unread total', async () => (await getUnreadMessages(deps, me), 1)),
        await repeat('mark read', async () => (await markConversationRead(deps, me, busiest), 1)),
      ];
      console.log(`${''.padEnd(24)}${['shown', 'requests', 'items read', 'per shown', 'p50 ms', 'p95 ms'].map((column) => column.padStart(12)).join('')}`);
      for (const row of results[size]!) {
        const cells = [row.shown, mean(row.runs.map((run) => run.usage.requests)), mean(row.runs.map((run) => run.usage.itemsRead)), perShown(row)].map(fixed);
        const times = [50, 95].map((p) =>
          percentile(
            row.runs.map((run) => run.ms),
            p,
          ).toFixed(1),
        );
        console.log(`  ${row.name.padEnd(22)}${[...cells, ...times].map((cell) => cell.padStart(12)).join('')}`);
      }
    }

    const [small, large] = [SIZES[0]!, SIZES.at(-1)!];
    console.log(
      `\nItems read per conversation or message shown, at ${large.toLocaleString('en-GB')} against ${small.toLocaleString('en-GB')} conversations (target at most ${TARGETS.growth}x):`,
    );
    let missed = 0;
    const summary = results[small]!.map((row, n) => {
      const before = perShown(row);
      const after = perShown(results[large]![n]!);
      const growth = before === 0 ? (after === 0 ? 1 : Infinity) : after / before;
      const pass = growth <= TARGETS.growth;
      if (!pass) missed++;
      console.log(`  ${row.name.padEnd(22)}${fixed(before).padStart(8)} -> ${fixed(after).padStart(8)}  ${growth.toFixed(2)}x  ${pass ? 'PASS' : 'FAIL'}`);
      return { name: row.name, itemsReadPerShown: { [small]: before, [large]: after }, growth, pass };
    });
    mkdirSync(join(REPO_ROOT, 'bench-results'), { recursive: true });
    const file = join(REPO_ROOT, 'bench-results', 'messages.json');
    writeFileSync(
      file,
      `${JSON.stringify(
        {
          at: new Date().toISOString(),
          sizes: SIZES,
          rows: Object.fromEntries(
            Object.entries(results).map(([size, rows]) => [
              size,
              rows.map((row) => ({
                name: row.name,
                shown: row.shown,
                requests: mean(row.runs.map((run) => run.usage.requests)),
                itemsRead: mean(row.runs.map((run) => run.usage.itemsRead)),
                p95ms: percentile(
                  row.runs.map((run) => run.ms),
                  95,
                ),
              })),
            ]),
          ),
          summary,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\nWritten to ${file}`);
    return missed + wrong > 0 ? 1 : 0;
  });
}

await runBench('bench:messages', main);
