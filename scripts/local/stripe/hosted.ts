import type { Billing } from './billing';
import { CARD_MESSAGES, checkCard, type CardField } from './cards';
import { StripeApiError } from './errors';
import type { CheckoutSession, Price } from './objects';
import { checkoutPage, closedCheckoutPage, formatDate, notFoundPage, portalPage, type CheckoutView, type PortalPlanView } from './pages';
import { AUTOMATIC, type StripeStore } from './store';

/**
 * What the browser does on the hosted pages: opening a checkout and paying (or failing to), opening the
 * portal and switching plan, cancelling or renewing. Answers are HTML, or a 303 to where Stripe sends
 * the customer next.
 */

export type PageAnswer = { readonly status: number; readonly html: string } | { readonly status: 303; readonly location: string };

const INTERVAL_ADJECTIVES: Readonly<Record<string, string>> = { day: 'daily', week: 'weekly', month: 'monthly', year: 'yearly' };

export class HostedPages {
  constructor(
    private readonly store: StripeStore,
    private readonly billing: Billing,
  ) {}

  showCheckout(sessionId: string): PageAnswer {
    const session = this.store.checkoutSessions.get(sessionId);
    if (!session) return { status: 404, html: notFoundPage() };
    if (session.status !== 'open') return { status: 200, html: closedCheckoutPage(session) };
    const view = this.checkoutView(session);
    return view ? { status: 200, html: checkoutPage({ ...view, values: {}, fieldErrors: {} }) } : { status: 404, html: notFoundPage() };
  }

  pay(sessionId: string, form: URLSearchParams): PageAnswer {
    const session = this.store.checkoutSessions.get(sessionId);
    if (!session) return { status: 404, html: notFoundPage() };
    if (session.status !== 'open') return { status: 409, html: closedCheckoutPage(session) };
    const base = this.checkoutView(session);
    if (!base) return { status: 404, html: notFoundPage() };
    const values = {
      email: form.get('email') ?? '',
      cardNumber: form.get('cardNumber') ?? '',
      expiry: form.get('expiry') ?? '',
      cvc: form.get('cvc') ?? '',
    };
    const again = (status: number, extra: Pick<CheckoutView, 'fieldErrors'> & { alert?: string }): PageAnswer => ({
      status,
      html: checkoutPage({ ...base, values, ...extra }),
    });

    const fieldErrors: Partial<Record<CardField | 'email', string>> = {};
    const email = base.customerEmail ? undefined : values.email.trim();
    if (email !== undefined) {
      if (email === '') fieldErrors.email = CARD_MESSAGES.emailIncomplete;
      else if (!/^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/.test(email)) fieldErrors.email = CARD_MESSAGES.emailInvalid;
    }
    const check = checkCard(values, new Date(this.store.now() * 1000));
    if (check.kind === 'invalid') Object.assign(fieldErrors, check.fieldErrors);
    if (Object.keys(fieldErrors).length > 0 || check.kind === 'invalid') return again(400, { fieldErrors });
    if (check.kind === 'declined') return again(402, { fieldErrors: {}, alert: check.message });

    const outcome = this.billing.completeCheckout(session, check.card, email);
    if (!outcome.ok) return again(409, { fieldErrors: {}, alert: outcome.message });
    if (!session.success_url) return { status: 200, html: closedCheckoutPage(session) };
    return { status: 303, location: session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id) };
  }

  showPortal(portalSessionId: string, done: string | null): PageAnswer {
    const notice = done ? this.notice(portalSessionId, done) : undefined;
    return this.portal(portalSessionId, 200, notice === undefined ? {} : { notice });
  }

  /** A portal button: `switch` (to the price in the form), `cancel` (at period end) or `renew` (undo the cancel). */
  act(portalSessionId: string, subscriptionId: string, action: string, form: URLSearchParams): PageAnswer {
    const portal = this.store.portalSessions.get(portalSessionId);
    const subscription = this.store.subscriptions.get(subscriptionId);
    if (!portal || !subscription || subscription.customer !== portal.customer || subscription.status === 'canceled') {
      return { status: 404, html: notFoundPage() };
    }
    try {
      if (action === 'cancel') {
        this.billing.updateSubscription(subscription, { cancelAtPeriodEnd: true }, AUTOMATIC);
      } else if (action === 'renew') {
        this.billing.updateSubscription(subscription, { cancelAtPeriodEnd: false }, AUTOMATIC);
      } else if (action === 'switch') {
        const price = this.store.prices.get(form.get('price') ?? '');
        const offered = this.switchTarget(subscription.items.data[0]?.price?.id ?? '');
        if (!price || price.id !== offered?.id) return this.portal(portalSessionId, 400, { alert: 'That plan is not available.' });
        this.billing.updateSubscription(subscription, { price }, AUTOMATIC);
      } else {
        return { status: 404, html: notFoundPage() };
      }
    } catch (error) {
      if (error instanceof StripeApiError) return this.portal(portalSessionId, 400, { alert: error.message });
      throw error;
    }
    return { status: 303, location: `/portal/${encodeURIComponent(portalSessionId)}?done=${encodeURIComponent(`${action}:${subscriptionId}`)}` };
  }

  private checkoutView(session: CheckoutSession): Omit<CheckoutView, 'values' | 'fieldErrors'> | undefined {
    const price = this.store.checkoutLineItems.get(session.id)?.[0]?.price;
    const current = price?.id ? this.store.prices.get(price.id) : undefined;
    if (!current) return undefined;
    const discount = session.discounts?.[0];
    const customer = session.customer ? this.store.customers.get(String(session.customer)) : undefined;
    return {
      session,
      price: current,
      productName: this.store.products.get(String(current.product))?.name ?? current.nickname ?? 'Subscription',
      coupon: discount?.coupon ? this.store.coupons.get(String(discount.coupon)) : undefined,
      discountLabel: discount?.promotion_code ? this.store.promotionCodes.get(String(discount.promotion_code))?.code : undefined,
      customerEmail: customer?.email ?? session.customer_email ?? null,
    };
  }

  /** The plan of the same product on another billing interval, if there is one. */
  private switchTarget(priceId: string): Price | undefined {
    const current = this.store.prices.get(priceId);
    if (!current?.recurring) return undefined;
    const others = [...this.store.prices.values()].filter(
      (price) =>
        price.id !== current.id &&
        price.active &&
        price.product === current.product &&
        price.currency === current.currency &&
        price.recurring !== null &&
        (price.recurring.interval !== current.recurring!.interval || price.recurring.interval_count !== current.recurring!.interval_count),
    );
    return others.find((price) => price.lookup_key !== null) ?? others[0];
  }

  private portal(portalSessionId: string, status: number, messages: { notice?: string; alert?: string }): PageAnswer {
    const portal = this.store.portalSessions.get(portalSessionId);
    if (!portal) return { status: 404, html: notFoundPage() };
    const customer = this.store.customers.get(portal.customer);
    const plans: PortalPlanView[] = [];
    for (const subscription of this.store.subscriptions.values()) {
      if (subscription.customer !== portal.customer || subscription.status === 'canceled' || subscription.status === 'incomplete_expired') continue;
      const item = subscription.items.data[0];
      const price = item?.price?.id ? this.store.prices.get(item.price.id) : undefined;
      if (!item || !price) continue;
      const target = this.switchTarget(price.id);
      plans.push({
        subscriptionId: subscription.id,
        productName: this.store.products.get(String(price.product))?.name ?? price.nickname ?? 'Subscription',
        price,
        status: subscription.status,
        periodEnd: item.current_period_end ?? 0,
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
        ...(target?.recurring
          ? { switchTo: { priceId: target.id, label: INTERVAL_ADJECTIVES[target.recurring.interval ?? ''] ?? String(target.recurring.interval) } }
          : {}),
      });
    }
    return {
      status,
      html: portalPage({ sessionId: portal.id, customerEmail: customer?.email ?? null, returnUrl: portal.return_url, plans, ...messages }),
    };
  }

  private notice(portalSessionId: string, done: string): string | undefined {
    const [action, subscriptionId] = done.split(':');
    const subscription = subscriptionId ? this.store.subscriptions.get(subscriptionId) : undefined;
    const portal = this.store.portalSessions.get(portalSessionId);
    if (!subscription || subscription.customer !== portal?.customer) return undefined;
    const item = subscription.items.data[0];
    const periodEnd = formatDate(item?.current_period_end ?? 0);
    if (action === 'cancel') return `Your plan has been cancelled. It stays active until ${periodEnd}.`;
    if (action === 'renew') return `Your plan has been renewed. It renews on ${periodEnd}.`;
    if (action === 'switch') {
      const interval = item?.price?.recurring?.interval ?? '';
      return `You switched to the ${INTERVAL_ADJECTIVES[interval] ?? interval} plan.`;
    }
    return undefined;
  }
}
