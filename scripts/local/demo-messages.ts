import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conversationIdOf, createMessagesRepository, type MessageRecord } from '../../lambdas/src/data/messages-repository';
import type { ResponseFact } from '../../lambdas/src/data/response-times';
import { seededRandom } from './seeded-random';

/** A demo conversation: who wrote what, and how many minutes before the stack started. */
interface DemoConversation {
  readonly client: string;
  readonly provider: string;
  readonly lines: readonly { readonly from: 'client' | 'provider'; readonly text: string; readonly minutesAgo: number }[];
  /** The client has read everything up to the end (the provider's side is read up to their own last line). */
  readonly clientRead?: boolean;
}

/**
 * Conversations for the demo logins, written through the messages repository as the API writes
 * them: the demo client has an unread answer from a roofer and a read one from a tiler; the demo member
 * has an unread question from the demo client.
 */
const DEMO_CONVERSATIONS: readonly DemoConversation[] = [
  {
    client: 'client@solutionz.local',
    provider: 'taff-valley-tiling@solutionz.local',
    clientRead: true,
    lines: [
      { from: 'client', text: 'Hello, could you tile a small bathroom floor (about 4 square metres) next month?', minutesAgo: 6 * 24 * 60 },
      { from: 'provider', text: 'Yes, happily. I can come and measure up on Thursday afternoon if that suits.', minutesAgo: 6 * 24 * 60 - 95 },
      { from: 'client', text: 'Thursday is perfect, thank you.', minutesAgo: 6 * 24 * 60 - 120 },
    ],
  },
  {
    client: 'client@solutionz.local',
    provider: 'thistle-roofing@solutionz.local',
    lines: [
      { from: 'client', text: 'A few slates blew off in the storm. Are you able to look at it this week?', minutesAgo: 26 * 60 },
      { from: 'provider', text: 'Sorry to hear that. I can be there Wednesday at 9am and will bring replacement slates.', minutesAgo: 25 * 60 },
    ],
  },
  {
    client: 'client@solutionz.local',
    provider: 'member@solutionz.local',
    lines: [{ from: 'client', text: 'Hi, do you have any availability for a kitchen refit quote in the next two weeks?', minutesAgo: 40 }],
  },
];

export async function loadDemoMessages(documents: DynamoDBDocumentClient, tableName: string, userIds: ReadonlyMap<string, string>, now: Date): Promise<void> {
  const messages = createMessagesRepository(documents, tableName);
  for (const demo of DEMO_CONVERSATIONS) {
    const clientId = userIds.get(demo.client);
    const providerId = userIds.get(demo.provider);
    if (!clientId || !providerId) continue;
    const conversationId = conversationIdOf(clientId, providerId);
    const records: MessageRecord[] = demo.lines.map((line, n) => ({
      conversationId,
      messageId: `demo-${n}-${conversationId}`,
      senderId: line.from === 'client' ? clientId : providerId,
      text: line.text,
      sentAt: new Date(now.getTime() - line.minutesAgo * 60_000).toISOString(),
    }));
    const [first, ...rest] = records;
    if (!first) continue;
    const started = await messages.start({ conversationId, clientId, providerId, startedBy: first.senderId, createdAt: first.sentAt }, first);
    if (started === 'exists') continue;
    for (const record of rest) {
      const conversation = await messages.getConversation(conversationId);
      if (conversation) await messages.send(conversation, record);
    }
    if (demo.clientRead) await messages.markRead(clientId, conversationId, now);
  }
}

/** How a demo directory provider answers clients: some in minutes, some in hours, some in a day or two, some rarely; some are new. */
const DEMO_REPLY_HABITS = [
  { weight: 3, conversations: [4, 12], replySeconds: [4 * 60, 50 * 60], unanswered: 0 },
  { weight: 4, conversations: [3, 10], replySeconds: [1 * 3600, 9 * 3600], unanswered: 0.05 },
  { weight: 2, conversations: [3, 8], replySeconds: [10 * 3600, 40 * 3600], unanswered: 0.15 },
  { weight: 1, conversations: [3, 6], replySeconds: [30 * 3600, 90 * 3600], unanswered: 0.5 },
  { weight: 2, conversations: [0, 2], replySeconds: [10 * 60, 5 * 3600], unanswered: 0.2 },
] as const;

/**
 * The response-time facts of a demo directory provider (docs/product/messages.md#response-times): client conversations over the last 80
 * days and how long the first replies took, drawn from the provider's id so every fresh start has the same.
 * The demo providers have no client accounts to talk to, so their facts are written as the messages would
 * have left them (the demo logins' own conversations above leave theirs through the messages service's rules).
 */
export function demoResponseFacts(userId: string, now: Date): (ResponseFact & { conversationId: string })[] {
  const random = seededRandom([...userId].reduce((hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0, 7));
  const habit = random.weighted(DEMO_REPLY_HABITS, (h) => h.weight)();
  const count = random.int(habit.conversations[0], habit.conversations[1]);
  return Array.from({ length: count }, (_, n) => {
    const at = now.getTime() - random.int(3 * 60, 80 * 24 * 60) * 60_000;
    const answered = !random.chance(habit.unanswered);
    const replySeconds = random.int(habit.replySeconds[0], habit.replySeconds[1]);
    return { conversationId: `demo-${n}-${userId}`, at, ...(answered && at + replySeconds * 1000 <= now.getTime() ? { replySeconds } : {}) };
  });
}
