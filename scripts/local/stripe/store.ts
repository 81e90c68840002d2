import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { CardBehaviour } from './cards';
import {
  deepCopy,
  newId,
  STRIPE_API_VERSION,
  type ApiObject,
  type CheckoutLineItem,
  type CheckoutSession,
  type Coupon,
  type Customer,
  type Discount,
  type Invoice,
  type PaymentMethod,
  type PortalSession,
  type Price,
  type Product,
  type PromotionCode,
  type StripeEvent,
  type Subscription,
} from './objects';

/**
 * What the local Stripe knows: its objects, its clock and its events, kept in memory and, when given a
 * file, written there after every change so `npm start` finds them again after a restart.
 */

/** How an event came about: the API request (id and idempotency key), or nothing for Stripe's own doing. */
export interface EventRequest {
  readonly id: string | null;
  readonly idempotency_key: string | null;
}
export const AUTOMATIC: EventRequest = { id: null, idempotency_key: null };

/** What Stripe's billing engine keeps about a subscription that is not part of the object. */
export interface SubscriptionBilling {
  /** A test asked for the next renewal charge to fail. */
  failNextRenewal: boolean;
  /** A renewal that failed and is retried (Stripe's retry schedule), until the subscription is cancelled. */
  retry?: { readonly invoice: string; attempts: number; nextAt: number };
}

/** What a checkout session was told about the subscription it will start (not part of the session object). */
export interface CheckoutSubscriptionData {
  readonly metadata: Record<string, string>;
  readonly description: string | null;
}

const FILE_VERSION = 1;

interface StoreFile {
  readonly version: number;
  readonly clockOffsetMs: number;
  readonly portalConfiguration: string;
  readonly objects: Partial<Record<CollectionName, unknown[]>>;
  readonly checkoutLineItems: Record<string, CheckoutLineItem[]>;
  readonly checkoutSubscriptionData: Record<string, CheckoutSubscriptionData>;
  readonly billing: Record<string, SubscriptionBilling>;
  readonly cards: Record<string, CardBehaviour>;
}

const COLLECTIONS = [
  'customers',
  'products',
  'prices',
  'coupons',
  'promotionCodes',
  'discounts',
  'paymentMethods',
  'checkoutSessions',
  'portalSessions',
  'subscriptions',
  'invoices',
  'events',
] as const;
type CollectionName = (typeof COLLECTIONS)[number];

export class StripeStore {
  private clockOffsetMs = 0;
  portalConfiguration = newId.portalConfiguration();
  readonly customers = new Map<string, Customer>();
  readonly products = new Map<string, Product>();
  readonly prices = new Map<string, Price>();
  readonly coupons = new Map<string, Coupon>();
  readonly promotionCodes = new Map<string, PromotionCode>();
  readonly discounts = new Map<string, Discount>();
  readonly paymentMethods = new Map<string, PaymentMethod>();
  readonly checkoutSessions = new Map<string, CheckoutSession>();
  readonly portalSessions = new Map<string, PortalSession>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly invoices = new Map<string, Invoice>();
  readonly events = new Map<string, StripeEvent>();
  readonly checkoutLineItems = new Map<string, CheckoutLineItem[]>();
  readonly checkoutSubscriptionData = new Map<string, CheckoutSubscriptionData>();
  readonly billing = new Map<string, SubscriptionBilling>();
  /** How each saved card behaves when charged. */
  readonly cards = new Map<string, CardBehaviour>();
  /** Events of the change being made, handed on by `commit`. */
  private batch: StripeEvent[] = [];

  constructor(
    private readonly dataFile: string | undefined,
    private readonly onCommit: (events: StripeEvent[]) => void,
  ) {}

  /** Loads the data file; false when there is none to load (then the caller seeds). */
  load(): boolean {
    if (!this.dataFile || !existsSync(this.dataFile)) return false;
    const file = JSON.parse(readFileSync(this.dataFile, 'utf8')) as StoreFile;
    if (file.version !== FILE_VERSION) return false;
    this.clockOffsetMs = file.clockOffsetMs;
    this.portalConfiguration = file.portalConfiguration;
    for (const name of COLLECTIONS) {
      const map = this[name] as Map<string, { id: string }>;
      for (const object of (file.objects[name] ?? []) as { id: string }[]) map.set(object.id, object);
    }
    for (const [id, items] of Object.entries(file.checkoutLineItems)) this.checkoutLineItems.set(id, items);
    for (const [id, data] of Object.entries(file.checkoutSubscriptionData)) this.checkoutSubscriptionData.set(id, data);
    for (const [id, billing] of Object.entries(file.billing)) this.billing.set(id, billing);
    for (const [id, behaviour] of Object.entries(file.cards)) this.cards.set(id, behaviour);
    return true;
  }

  clear(): void {
    this.clockOffsetMs = 0;
    this.portalConfiguration = newId.portalConfiguration();
    for (const name of COLLECTIONS) this[name].clear();
    this.checkoutLineItems.clear();
    this.checkoutSubscriptionData.clear();
    this.billing.clear();
    this.cards.clear();
    this.batch = [];
  }

  /** The local Stripe's clock, in Unix seconds: the real time, moved on by the test clock. */
  now(): number {
    return Math.floor((Date.now() + this.clockOffsetMs) / 1000);
  }

  /** Moves the clock forward to `unixSeconds` (never back). */
  moveClockTo(unixSeconds: number): void {
    if (unixSeconds > this.now()) this.clockOffsetMs = unixSeconds * 1000 - Date.now();
  }

  /** Any object by its id, for `expand[]`. */
  find(id: string): ApiObject | undefined {
    for (const name of COLLECTIONS) {
      const found = this[name].get(id);
      if (found) return found;
    }
    return undefined;
  }

  billingOf(subscriptionId: string): SubscriptionBilling {
    let billing = this.billing.get(subscriptionId);
    if (!billing) {
      billing = { failNextRenewal: false };
      this.billing.set(subscriptionId, billing);
    }
    return billing;
  }

  /**
   * Records an event about `object` as it is now. For `*.updated` events, `before` (the object before
   * the change) gives `previous_attributes`: the top-level fields that changed, with their old values.
   */
  emit(type: StripeEvent['type'], object: ApiObject, request: EventRequest, before?: ApiObject): StripeEvent {
    const snapshot = deepCopy(object);
    const data: StripeEvent['data'] = { object: snapshot };
    if (before) {
      const previous: Record<string, unknown> = {};
      const old = before as unknown as Record<string, unknown>;
      for (const [key, value] of Object.entries(snapshot)) {
        if (JSON.stringify(value) !== JSON.stringify(old[key])) previous[key] = old[key] ?? null;
      }
      data.previous_attributes = previous;
    }
    const event: StripeEvent = {
      id: newId.event(),
      object: 'event',
      api_version: STRIPE_API_VERSION,
      created: this.now(),
      data,
      livemode: false,
      pending_webhooks: 0,
      request: { id: request.id, idempotency_key: request.idempotency_key },
      type,
    };
    this.events.set(event.id, event);
    this.batch.push(event);
    return event;
  }

  /** Ends a change: saves, then hands its events on for delivery. */
  commit(): void {
    const events = this.batch;
    this.batch = [];
    this.onCommit(events);
    this.save();
  }

  save(): void {
    if (!this.dataFile) return;
    const file: StoreFile = {
      version: FILE_VERSION,
      clockOffsetMs: this.clockOffsetMs,
      portalConfiguration: this.portalConfiguration,
      objects: Object.fromEntries(COLLECTIONS.map((name) => [name, [...this[name].values()]])),
      checkoutLineItems: Object.fromEntries(this.checkoutLineItems),
      checkoutSubscriptionData: Object.fromEntries(this.checkoutSubscriptionData),
      billing: Object.fromEntries(this.billing),
      cards: Object.fromEntries(this.cards),
    };
    mkdirSync(dirname(this.dataFile), { recursive: true });
    const partial = `${this.dataFile}.partial`;
    writeFileSync(partial, JSON.stringify(file));
    renameSync(partial, this.dataFile);
  }
}
