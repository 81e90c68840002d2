import type { Billing } from './billing';
import { stripeErrors } from './errors';
import type { ApiList, CheckoutSession, Price, Subscription } from './objects';
import { mergeMetadata, type Params } from './params';
import type { EventRequest, StripeStore } from './store';

/** What every route of the local Stripe's API (api.ts) shares: the call, its store, parameters and list envelopes. */

export interface ApiCall {
  readonly params: Params;
  readonly request: EventRequest;
  /** The path's id, for routes with one. */
  readonly id: string;
}

/** What a route works on: the objects, and the billing engine that changes them as Stripe would. */
export interface ApiContext {
  readonly store: StripeStore;
  readonly billing: Billing;
}

export const LIST_PARAMS = ['limit', 'starting_after', 'ending_before', 'expand'] as const;

function isUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function urlParam(params: Params, key: string): string | undefined {
  const value = params.string(key, { maxLength: 5000 });
  if (value !== undefined && !isUrl(value)) throw stripeErrors.invalidValue(params.name(key), 'Not a valid URL');
  return value;
}

export function emailParam(params: Params, key: string): string | undefined {
  const value = params.string(key, { maxLength: 512 });
  if (value !== undefined && !/^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/.test(value)) {
    throw stripeErrors.invalidValue(params.name(key), `Invalid email address: ${value}`);
  }
  return value;
}

export function setMetadata(params: Params, key = 'metadata'): Record<string, string> {
  return mergeMetadata({}, params.metadata(key));
}

/** A page of `items` (newest first) as Stripe's list envelope. */
export function page<T extends { id?: string }>(items: readonly T[], params: Params, url: string): ApiList<T> {
  const limit = params.integer('limit', { min: 1, max: 100 }) ?? 10;
  const startingAfter = params.string('starting_after');
  const endingBefore = params.string('ending_before');
  let from = 0;
  let to = items.length;
  if (startingAfter !== undefined) {
    const index = items.findIndex((item) => item.id === startingAfter);
    if (index < 0) throw stripeErrors.noSuchReference('object', startingAfter, 'starting_after');
    from = index + 1;
  }
  if (endingBefore !== undefined) {
    const index = items.findIndex((item) => item.id === endingBefore);
    if (index < 0) throw stripeErrors.noSuchReference('object', endingBefore, 'ending_before');
    to = index;
    from = Math.max(0, to - limit);
  }
  const data = items.slice(from, Math.min(to, from + limit));
  return { object: 'list', data, has_more: from + data.length < to || (endingBefore !== undefined && from > 0), url };
}

export function newestFirst<T>(map: ReadonlyMap<string, T>): T[] {
  return [...map.values()].reverse();
}

export function found<T>(kind: string, object: T | undefined, id: string): T {
  if (!object) throw stripeErrors.noSuchResource(kind, id);
  return object;
}

/** The customer `id`, which the call named in `param` (a missing one is an unknown resource for the path's own id). */
export function customerOf(store: StripeStore, id: string, param: string) {
  const customer = store.customers.get(id);
  if (!customer) throw param === 'id' ? stripeErrors.noSuchResource('customer', id) : stripeErrors.noSuchReference('customer', id, param);
  return customer;
}

export function checkoutSessionOf(store: StripeStore, id: string): CheckoutSession {
  return found('checkout.session', store.checkoutSessions.get(id), id);
}

export function subscriptionOf(store: StripeStore, id: string): Subscription {
  return found('subscription', store.subscriptions.get(id), id);
}

export function priceOf(store: StripeStore, id: string, param: string): Price {
  const price = store.prices.get(id);
  if (!price) throw stripeErrors.noSuchReference('price', id, param);
  return price;
}
