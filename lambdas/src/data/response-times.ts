import { RESPONSE_TIME_RULES } from '@solutionz/shared';
import { DAY_MS } from './provider-updates';
import type { Item } from './raw-commands';
import { TABLE } from './table-definition';

/**
 * How fast a provider answers clients (docs/product/messages.md#response-times), kept by the writes: never a scan of conversations.
 *
 *   "a provider's response facts": GetItem PK = USER#<providerId>, SK = RESPONSE_TIMES. One attribute per
 *   conversation a client started, `c_<conversationId>` = "<first message, epoch seconds>" until the
 *   provider's first reply, then "<first message>:<seconds to the first reply>"; `version` counts the
 *   changes. Pruned on every change to the newest RESPONSE_TIME_RULES.maxConversations of the last
 *   windowDays, so it stays one small item however many conversations the provider has. Raw commands: one
 *   attribute per conversation, named after it (as the geo counts name theirs after the cell).
 *   A conversation the provider blocked or reported has `x_<conversationId>` = "blocked" or "reported" beside
 *   its fact: it is left out of the log (a block until it is lifted, a report for good) and goes with its fact.
 *   The conversation item keeps `firstReplyAt`, set once under a condition in the same transaction as the
 *   reply's fact, so concurrent first replies count once.
 *   The profile keeps `responseLog` (the facts without the conversation ids, oldest first) and
 *   `responseLogVersion`, written only over an older version; the listing copies the log with the rest of
 *   the card, so the directory and the provider page work the figure out at read time, with the time
 *   passing counted (an unanswered conversation turns into a missed one 48 hours on with no write at all).
 */

const { partitionKey: PK, sortKey: SK } = TABLE;
const FACT_PREFIX = 'c_';
const EXCLUDED_PREFIX = 'x_';
/** Why a conversation is left out of the figure. */
export type ResponseExclusion = 'blocked' | 'reported';
/** The key of a provider's response facts item. */
export const responseFactsKey = (providerId: string): Item => ({ [PK]: `USER#${providerId}`, [SK]: 'RESPONSE_TIMES' });
/** The attribute of the fact of a conversation, and that of the mark leaving it out of the figure. */
export const factAttribute = (conversationId: string) => `${FACT_PREFIX}${conversationId}`;
export const exclusionAttribute = (conversationId: string) => `${EXCLUDED_PREFIX}${conversationId}`;
/** The conversation whose fact an attribute of the facts item holds, or undefined for any other attribute. */
export const conversationOfFact = (attribute: string) => (attribute.startsWith(FACT_PREFIX) ? attribute.slice(FACT_PREFIX.length) : undefined);

/** One client conversation: when the client first wrote (epoch ms) and, once answered, how long the first reply took. */
export interface ResponseFact {
  readonly at: number;
  readonly replySeconds?: number;
}

/** Whole seconds of a span in ms. */
export const seconds = (ms: number) => Math.floor(ms / 1000);
/** A fact as its attribute holds it. */
export const factValue = (fact: ResponseFact) => (fact.replySeconds === undefined ? `${seconds(fact.at)}` : `${seconds(fact.at)}:${fact.replySeconds}`);

/** A fact read back from its attribute, or undefined for a value that is none. */
export function parseFact(value: unknown): ResponseFact | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d+)(?::(\d+))?$/.exec(value);
  if (!match) return undefined;
  return { at: Number(match[1]) * 1000, ...(match[2] === undefined ? {} : { replySeconds: Number(match[2]) }) };
}

/** The profile's (and the listing's) log, read back. */
export function decodeResponseLog(log: readonly string[] | undefined): ResponseFact[] {
  return (log ?? []).flatMap((value) => parseFact(value) ?? []);
}

/** The log written onto the profile (and tests' and the demo's stand-ins for it). */
export function encodeResponseLog(facts: readonly ResponseFact[]): string[] {
  return [...facts].sort((a, b) => a.at - b.at).map(factValue);
}

/** The facts a publish at `now` keeps (newest first, within the window and the cap) and those it drops from the item (at most 100 a time). */
export function windowed<T extends { readonly fact: ResponseFact }>(facts: readonly T[], now: Date): { kept: T[]; dropped: T[] } {
  const since = now.getTime() - RESPONSE_TIME_RULES.windowDays * DAY_MS;
  const newestFirst = [...facts].sort((a, b) => b.fact.at - a.fact.at);
  const kept = newestFirst.filter(({ fact }) => fact.at >= since).slice(0, RESPONSE_TIME_RULES.maxConversations);
  return { kept, dropped: newestFirst.filter((entry) => !kept.includes(entry)).slice(0, 100) };
}

/**
 * What `importFacts` leaves for a provider with no facts yet, for a bulk load to write (the demo
 * directory): the facts item (put as it is), and the log and version to put on the profile before its
 * listing is written. Undefined when there are no facts (importFacts writes nothing then).
 */
export function importedResponseFacts(
  providerId: string,
  facts: readonly (ResponseFact & { readonly conversationId: string })[],
  now: Date,
): { item: Item; profile: { responseLog: string[]; responseLogVersion: number } } | undefined {
  if (facts.length === 0) return undefined;
  const { kept, dropped } = windowed(
    facts.map((fact) => ({ name: factAttribute(fact.conversationId), fact })),
    now,
  );
  const left = facts.filter((fact) => !dropped.some((entry) => entry.fact === fact));
  return {
    item: { ...responseFactsKey(providerId), ...Object.fromEntries(left.map((fact) => [factAttribute(fact.conversationId), factValue(fact)])), version: 1 },
    profile: { responseLog: encodeResponseLog(kept.map(({ fact }) => fact)), responseLogVersion: 1 },
  };
}
