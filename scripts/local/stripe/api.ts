import {
  cancelSubscription,
  createCustomer,
  listCustomers,
  listEvents,
  listInvoices,
  listSubscriptions,
  updateCustomer,
  updateSubscription,
} from './api-billing';
import { createCoupon, createPrice, createProduct, createPromotionCode, listPrices, listProducts, listPromotionCodes, updatePrice } from './api-catalogue';
import { createCheckoutSession, createPortalSession, expireCheckoutSession, listCheckoutSessions } from './api-checkout';
import { checkoutSessionOf, found, LIST_PARAMS, newestFirst, page, type ApiCall, type ApiContext } from './api-support';
import type { Billing } from './billing';
import { stripeErrors } from './errors';
import { deepCopy } from './objects';
import { Params } from './params';
import type { EventRequest, StripeStore } from './store';

/**
 * The part of Stripe's REST API (v1) a membership adapter calls, with Stripe's parameter checks, list
 * envelopes and `expand[]`. A parameter outside what is listed here is refused as unknown, so an adapter
 * that starts to rely on more of Stripe fails here first instead of behaving differently in the cloud.
 *
 * The routes' handlers live beside it by resource: the catalogue (api-catalogue.ts), checkout and the portal
 * (api-checkout.ts), customers, subscriptions, invoices and events (api-billing.ts).
 */

interface Route {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly pattern: RegExp;
  readonly handle: (call: ApiCall) => unknown;
}

export class StripeApi {
  private readonly routes: readonly Route[];

  constructor(
    private readonly store: StripeStore,
    billing: Billing,
  ) {
    const context: ApiContext = { store, billing };
    const id = '([^/]+)';
    const route = (method: Route['method'], path: string, handle: Route['handle']): Route => ({
      method,
      pattern: new RegExp(`^/v1/${path}$`),
      handle,
    });
    this.routes = [
      route('POST', 'customers', (call) => createCustomer(context, call)),
      route('GET', 'customers', (call) => listCustomers(context, call)),
      route('GET', `customers/${id}`, (call) => this.retrieve(call, 'customer', this.store.customers)),
      route('POST', `customers/${id}`, (call) => updateCustomer(context, call)),
      route('POST', 'products', (call) => createProduct(context, call)),
      route('GET', 'products', (call) => listProducts(context, call)),
      route('GET', `products/${id}`, (call) => this.retrieve(call, 'product', this.store.products)),
      route('POST', 'prices', (call) => createPrice(context, call)),
      route('GET', 'prices', (call) => listPrices(context, call)),
      route('GET', `prices/${id}`, (call) => this.retrieve(call, 'price', this.store.prices)),
      route('POST', `prices/${id}`, (call) => updatePrice(context, call)),
      route('POST', 'coupons', (call) => createCoupon(context, call)),
      route('GET', 'coupons', (call) => page(newestFirst(this.store.coupons), call.params.allowOnly(LIST_PARAMS), '/v1/coupons')),
      route('GET', `coupons/${id}`, (call) => this.retrieve(call, 'coupon', this.store.coupons)),
      route('POST', 'promotion_codes', (call) => createPromotionCode(context, call)),
      route('GET', 'promotion_codes', (call) => listPromotionCodes(context, call)),
      route('GET', `promotion_codes/${id}`, (call) => this.retrieve(call, 'promotion code', this.store.promotionCodes)),
      route('POST', 'checkout/sessions', (call) => createCheckoutSession(context, call)),
      route('GET', 'checkout/sessions', (call) => listCheckoutSessions(context, call)),
      route('GET', `checkout/sessions/${id}`, (call) => this.retrieve(call, 'checkout.session', this.store.checkoutSessions)),
      route('POST', `checkout/sessions/${id}/expire`, (call) => expireCheckoutSession(context, call)),
      route('GET', `checkout/sessions/${id}/line_items`, (call) =>
        page(
          this.store.checkoutLineItems.get(checkoutSessionOf(this.store, call.id).id) ?? [],
          call.params.allowOnly(LIST_PARAMS),
          `/v1/checkout/sessions/${call.id}/line_items`,
        ),
      ),
      route('POST', 'billing_portal/sessions', (call) => createPortalSession(context, call)),
      route('GET', 'subscriptions', (call) => listSubscriptions(context, call)),
      route('GET', `subscriptions/${id}`, (call) => this.retrieve(call, 'subscription', this.store.subscriptions)),
      route('POST', `subscriptions/${id}`, (call) => updateSubscription(context, call)),
      route('DELETE', `subscriptions/${id}`, (call) => cancelSubscription(context, call)),
      route('GET', 'invoices', (call) => listInvoices(context, call)),
      route('GET', `invoices/${id}`, (call) => this.retrieve(call, 'invoice', this.store.invoices)),
      route('GET', 'events', (call) => listEvents(context, call)),
      route('GET', `events/${id}`, (call) => this.retrieve(call, 'event', this.store.events)),
    ];
  }

  /** Answers one call: the object or list, expanded as asked. Throws StripeApiError. */
  handle(method: string, path: string, params: Params, request: EventRequest): unknown {
    for (const route of this.routes) {
      const match = route.method === method ? route.pattern.exec(path) : null;
      if (!match) continue;
      const expand = params.strings('expand') ?? [];
      const result = deepCopy(route.handle({ params, request, id: decodeURIComponent(match[1] ?? '') }));
      for (const field of expand) this.expand(result, field.split('.'), field);
      return result;
    }
    throw stripeErrors.unrecognizedUrl(method, path);
  }

  private retrieve<T>(call: ApiCall, kind: string, objects: ReadonlyMap<string, T>): T {
    call.params.allowOnly(['expand']);
    return found(kind, objects.get(call.id), call.id);
  }

  /** Replaces ids on `path` (`subscription`, `data.customer`, `items.data.price.product`) by their objects. */
  private expand(target: unknown, path: readonly string[], whole: string): void {
    const [key, ...rest] = path;
    if (key === undefined) return;
    if (Array.isArray(target)) {
      for (const item of target) this.expand(item, path, whole);
      return;
    }
    if (typeof target !== 'object' || target === null) return;
    const object = target as Record<string, unknown>;
    if (key === 'line_items' && object.object === 'checkout.session' && object.line_items === undefined) {
      const lineItems = this.store.checkoutLineItems.get(String(object.id)) ?? [];
      object.line_items = page(lineItems, new Params({}), `/v1/checkout/sessions/${String(object.id)}/line_items`);
    }
    if (!(key in object)) throw stripeErrors.invalidRequest(`This property cannot be expanded (${whole}).`);
    const resolve = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(resolve);
      if (typeof value !== 'string') return value;
      const found = this.store.find(value);
      return found ? deepCopy(found) : value;
    };
    object[key] = resolve(object[key]);
    if (rest.length > 0) this.expand(object[key], rest, whole);
  }
}
