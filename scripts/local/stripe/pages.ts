import { BUSINESS_NAME } from './catalogue';
import type { CardField } from './cards';
import { formatMoney, type CheckoutSession, type Coupon, type Price } from './objects';

/**
 * The local Stripe's hosted pages, plain HTML served by the emulator: the checkout page a session's
 * `url` opens and the customer portal. Forms post back without script, so they work with the keyboard
 * and in any browser test; errors are tied to their fields and announced.
 */

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const STYLE = `
  :root { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1a1f36; background: #f6f9fc; }
  body { margin: 0; }
  main { max-width: 30rem; margin: 2rem auto; padding: 2rem; background: #fff; border-radius: 8px; box-shadow: 0 2px 8px rgba(0,0,0,.08); }
  h1 { font-size: 1.4rem; margin: 0 0 1rem; }
  h2 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; }
  .test-mode { display: inline-block; background: #ffde92; color: #5a3a00; font-size: .8rem; font-weight: 600; padding: .1rem .5rem; border-radius: 4px; margin-bottom: 1rem; }
  .amount { font-size: 2rem; font-weight: 700; margin: .25rem 0; }
  dl { display: grid; grid-template-columns: 1fr auto; gap: .4rem 1rem; margin: 1rem 0; }
  dt { color: #4f566b; } dd { margin: 0; text-align: right; font-weight: 600; }
  label { display: block; font-weight: 600; margin: 1rem 0 .3rem; }
  input { box-sizing: border-box; width: 100%; font: inherit; padding: .6rem .7rem; border: 1px solid #8792a2; border-radius: 6px; }
  input[aria-invalid="true"] { border-color: #b3261e; }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; }
  .hint { font-weight: 400; color: #4f566b; }
  .field-error { color: #b3261e; margin: .3rem 0 0; font-size: .9rem; }
  .alert { color: #b3261e; background: #fdecea; border: 1px solid #b3261e; border-radius: 6px; padding: .75rem; margin: 1rem 0; }
  .notice { background: #e8f5e9; border: 1px solid #1b5e20; color: #1b5e20; border-radius: 6px; padding: .75rem; margin: 1rem 0; }
  button { font: inherit; font-weight: 600; padding: .7rem 1.2rem; border-radius: 6px; border: 1px solid #4b3fd6; background: #4b3fd6; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #4b3fd6; }
  .actions { display: flex; flex-wrap: wrap; gap: .75rem; align-items: center; margin-top: 1.25rem; }
  .actions form { margin: 0; }
  a { color: #4b3fd6; }
  :focus-visible { outline: 3px solid #1a73e8; outline-offset: 2px; }
  .plan { border: 1px solid #e3e8ee; border-radius: 8px; padding: 1rem; margin: .75rem 0; }
  .plan p { margin: .3rem 0; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="test-mode">Test mode</p>
${body}
</main>
</body>
</html>`;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function formatDate(unixSeconds: number): string {
  return dateFormat.format(new Date(unixSeconds * 1000));
}

/** "£2.99 per month", "£20.00 per year", "£5.00 every 3 months". */
function priceText(price: Pick<Price, 'unit_amount' | 'currency' | 'recurring'>): string {
  const amount = formatMoney(price.unit_amount ?? 0, price.currency);
  const recurring = price.recurring;
  if (!recurring) return amount;
  const count = recurring.interval_count ?? 1;
  return count === 1 ? `${amount} per ${recurring.interval}` : `${amount} every ${count} ${recurring.interval}s`;
}

/** What a coupon gives, as the checkout page says it: "First 12 months free". */
function couponText(coupon: Coupon): string {
  const off = coupon.percent_off !== null ? `${coupon.percent_off}% off` : `${formatMoney(coupon.amount_off ?? 0, coupon.currency ?? 'gbp')} off`;
  if (coupon.duration === 'repeating' && coupon.duration_in_months) {
    return coupon.percent_off === 100 ? `First ${coupon.duration_in_months} months free` : `${off} for ${coupon.duration_in_months} months`;
  }
  if (coupon.duration === 'once') return coupon.percent_off === 100 ? 'First payment free' : `${off} the first payment`;
  return off;
}

export interface CheckoutView {
  readonly session: CheckoutSession;
  readonly productName: string;
  readonly price: Price;
  readonly coupon: Coupon | undefined;
  /** What the discount is called on the page: the promotion code typed, or the coupon's id. */
  readonly discountLabel: string | undefined;
  /** The customer's address when known; otherwise the page asks for it. */
  readonly customerEmail: string | null;
  readonly values: Readonly<Partial<Record<CardField | 'email', string>>>;
  readonly fieldErrors: Readonly<Partial<Record<CardField | 'email', string>>>;
  /** A refusal of the whole payment (a declined card). */
  readonly alert?: string;
}

const FIELD_ORDER = ['email', 'cardNumber', 'expiry', 'cvc'] as const;

function field(view: CheckoutView, name: CardField | 'email', label: string, attributes: string): string {
  const error = view.fieldErrors[name];
  const value = view.values[name] ?? '';
  // After a failed submit the first field in error takes the focus, as Stripe's page moves it there.
  const first = FIELD_ORDER.find((key) => view.fieldErrors[key]) === name ? ' autofocus' : '';
  const described = error ? ` aria-invalid="true" aria-describedby="${name}-error"${first}` : '';
  return `<div>
<label for="${name}">${label}</label>
<input id="${name}" name="${name}" value="${escape(value)}" ${attributes}${described}>
${error ? `<p class="field-error" id="${name}-error">${escape(error)}</p>` : ''}
</div>`;
}

export function checkoutPage(view: CheckoutView): string {
  const { session, price, coupon } = view;
  const currency = session.currency ?? price.currency;
  const discount = session.total_details?.amount_discount ?? 0;
  const discountRow = coupon
    ? `<dt>${escape(view.discountLabel ?? coupon.id)}: ${escape(couponText(coupon))}</dt><dd>−${escape(formatMoney(discount, currency))}</dd>`
    : '';
  const summary = `<h1>Subscribe to ${escape(view.productName)}</h1>
<p class="amount">${escape(priceText(price))}</p>
<dl>
<dt>Subtotal</dt><dd>${escape(formatMoney(session.amount_subtotal ?? 0, currency))}</dd>
${discountRow}
<dt>Total due today</dt><dd>${escape(formatMoney(session.amount_total ?? 0, currency))}</dd>
</dl>`;
  const email = view.customerEmail
    ? `<p>Paying as <strong>${escape(view.customerEmail)}</strong></p>`
    : field(view, 'email', 'Email', 'type="email" autocomplete="email"');
  const form = `<form method="post" action="/checkout/${escape(session.id)}" novalidate>
<h2>Payment details</h2>
${view.alert ? `<div class="alert" role="alert">${escape(view.alert)}</div>` : ''}
${email}
${field(view, 'cardNumber', 'Card number', 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234"')}
<div class="row">
${field(view, 'expiry', 'Expiry <span class="hint">(MM / YY)</span>', 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY"')}
${field(view, 'cvc', 'CVC', 'inputmode="numeric" autocomplete="cc-csc" placeholder="CVC"')}
</div>
<div class="actions">
<button type="submit">Pay</button>
${session.cancel_url ? `<a href="${escape(session.cancel_url)}">Cancel</a>` : ''}
</div>
</form>`;
  return layout(`Subscribe to ${view.productName} | ${BUSINESS_NAME}`, `${summary}\n${form}`);
}

/** A session that can no longer be paid: expired, or already paid. */
export function closedCheckoutPage(session: CheckoutSession): string {
  if (session.status === 'complete') {
    const back = session.success_url
      ? `<p><a href="${escape(session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id))}">Return to ${escape(BUSINESS_NAME)}</a></p>`
      : '';
    return layout(`Payment complete | ${BUSINESS_NAME}`, `<h1>Thanks for your payment</h1>\n<p>This checkout session is complete.</p>\n${back}`);
  }
  const back = session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">Return to ${escape(BUSINESS_NAME)}</a></p>` : '';
  return layout(
    `Session expired | ${BUSINESS_NAME}`,
    `<h1>This checkout session has expired</h1>\n<p>Start again from ${escape(BUSINESS_NAME)} to subscribe.</p>\n${back}`,
  );
}

export interface PortalPlanView {
  readonly subscriptionId: string;
  readonly productName: string;
  readonly price: Price;
  readonly status: string;
  readonly periodEnd: number;
  readonly cancelAtPeriodEnd: boolean;
  /** The other plan of the same product, offered as a switch. */
  readonly switchTo?: { readonly priceId: string; readonly label: string };
}

export interface PortalView {
  readonly sessionId: string;
  readonly customerEmail: string | null;
  readonly returnUrl: string | null;
  readonly plans: readonly PortalPlanView[];
  readonly notice?: string;
  readonly alert?: string;
}

function planSection(sessionId: string, plan: PortalPlanView): string {
  const action = (name: string) => `/portal/${escape(sessionId)}/subscriptions/${escape(plan.subscriptionId)}/${name}`;
  const when = formatDate(plan.periodEnd);
  const state = plan.cancelAtPeriodEnd
    ? `Your plan will be cancelled on ${when}.`
    : plan.status === 'past_due'
      ? `Your last payment failed. Your plan stays active while the card is tried again.`
      : `Your plan renews on ${when}.`;
  const switchForm = plan.switchTo
    ? `<form method="post" action="${action('switch')}"><input type="hidden" name="price" value="${escape(plan.switchTo.priceId)}"><button type="submit" class="secondary">Switch to ${escape(plan.switchTo.label)}</button></form>`
    : '';
  const cancelForm = plan.cancelAtPeriodEnd
    ? `<form method="post" action="${action('renew')}"><button type="submit">Renew plan</button></form>`
    : `<form method="post" action="${action('cancel')}"><button type="submit" class="secondary">Cancel plan</button></form>`;
  return `<section class="plan" aria-labelledby="plan-${escape(plan.subscriptionId)}">
<h3 id="plan-${escape(plan.subscriptionId)}">${escape(plan.productName)}</h3>
<p><strong>${escape(priceText(plan.price))}</strong></p>
<p>${escape(state)}</p>
<div class="actions">${switchForm}${cancelForm}</div>
</section>`;
}

export function portalPage(view: PortalView): string {
  const plans = view.plans.length > 0 ? view.plans.map((plan) => planSection(view.sessionId, plan)).join('\n') : '<p>You have no current plan.</p>';
  const body = `<h1>${escape(BUSINESS_NAME)}</h1>
${view.customerEmail ? `<p>Signed in as <strong>${escape(view.customerEmail)}</strong></p>` : ''}
${view.notice ? `<div class="notice" role="status">${escape(view.notice)}</div>` : ''}
${view.alert ? `<div class="alert" role="alert">${escape(view.alert)}</div>` : ''}
<h2>Current plan</h2>
${plans}
${view.returnUrl ? `<p><a href="${escape(view.returnUrl)}">Return to ${escape(BUSINESS_NAME)}</a></p>` : ''}`;
  return layout(`Manage your plan | ${BUSINESS_NAME}`, body);
}

export function notFoundPage(): string {
  return layout(`Not found | ${BUSINESS_NAME}`, '<h1>Something went wrong</h1>\n<p>The page you were looking for could not be found. It may have expired.</p>');
}
