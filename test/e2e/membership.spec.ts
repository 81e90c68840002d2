import type { Page } from '@playwright/test';
import { COUPON_FIRST100, MEMBERSHIP_MESSAGES, MESSAGES, PLANS, STRIPE_CATALOGUE } from '@solutionz/shared';
import { CARD_MESSAGES } from '../../scripts/local/stripe/cards';
import { DECLINED_CARD, VALID_CARD, type CardEntry } from '../../scripts/local/stripe/cards';
import { seriousViolations } from './support/axe';
import { expect, test, type TestAccount } from './support/fixtures';
import { chooseFromAccountMenu } from './support/session';

/**
 * Membership (docs/product/membership.md): a provider buys a plan on Stripe's checkout
 * page (the local Stripe's), comes back to a membership the whole app knows of without a reload, and
 * can cancel it; FIRST100 and the ways a payment does not happen.
 */

const checkoutHeading = (page: Page) => page.getByRole('heading', { level: 1, name: `Subscribe to ${STRIPE_CATALOGUE.product.name}` });
const notices = (page: Page) => page.getByRole('region', { name: 'Account notices' });
const membershipCard = (page: Page) => page.getByRole('main').getByRole('group', { name: 'Your membership' });

async function openMembership(page: Page) {
  await page.goto('/membership');
  await expect(page.getByRole('heading', { level: 1, name: MEMBERSHIP_MESSAGES.title })).toBeVisible();
}

/** From /membership to the local Stripe's checkout page. */
async function continueToCheckout(page: Page) {
  await page.getByRole('button', { name: 'Continue to Checkout' }).click();
  await expect(checkoutHeading(page)).toBeVisible();
}

/** The card form of the checkout page, filled and sent as a person would. */
async function pay(page: Page, card: CardEntry, email: string) {
  const emailField = page.getByLabel('Email');
  if (await emailField.isVisible()) await emailField.fill(email);
  await page.getByLabel('Card number').fill(card.cardNumber);
  await page.getByLabel('Expiry').fill(card.expiry);
  await page.getByLabel('CVC').fill(card.cvc);
  await page.getByRole('button', { name: 'Pay' }).click();
}

/** Back from a paid checkout: the toast, then the provider's own listing, with the membership banner gone. */
async function expectWelcomedBack(page: Page, account: TestAccount) {
  await expect(page.getByText(MEMBERSHIP_MESSAGES.success.title)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/directory/${account.userId}$`));
  await expect(notices(page).getByText(MESSAGES.membershipBanner.title, { exact: true })).toHaveCount(0);
}

/** /profile through the account menu (no reload), on its Subscriptions tab. */
async function openSubscriptionsTab(page: Page, account: TestAccount) {
  await chooseFromAccountMenu(page, account.fullName, 'My Profile', () => expect(page).toHaveURL(/\/profile$/, { timeout: 2_000 }));
  await page.getByRole('main').getByRole('tab', { name: 'Subscriptions' }).click();
}

test.describe('a provider without a membership', () => {
  test.use({ signedInAs: 'provider' });

  test('is shown a notice the address names by its key, and never words the address itself carries', async ({ page }) => {
    await page.goto('/membership?message=payment_failed');
    await expect(page.getByRole('heading', { level: 1, name: MEMBERSHIP_MESSAGES.title })).toBeVisible();
    await expect(page.getByText(MEMBERSHIP_MESSAGES.paymentFailed)).toBeVisible();

    const planted = 'Your account is suspended. Call 0800 000 0000 now to keep it.';
    await page.goto(`/membership?message=${encodeURIComponent(planted)}`);
    await expect(page.getByRole('button', { name: 'Continue to Checkout' })).toBeVisible();
    await expect(page.getByText(planted)).toHaveCount(0);
    await expect(page.getByText(MEMBERSHIP_MESSAGES.paymentFailed)).toHaveCount(0);
  });

  test('buys the annual plan on the checkout page and comes back a member, without a reload', async ({ page, account }) => {
    await openMembership(page);
    await expect(notices(page).getByText(MESSAGES.membershipBanner.title, { exact: true })).toBeVisible();
    const annual = page.getByRole('radio', { name: PLANS.yearly.label });
    await expect(annual).toBeChecked();
    await expect(page.getByText('£35.88 a year paying monthly: you save £15.88, over 40%.')).toBeVisible();
    const monthly = page.getByRole('radio', { name: PLANS.monthly.label });
    await monthly.check();
    await expect(annual).not.toBeChecked();
    await monthly.press('ArrowRight');
    await expect(annual).toBeChecked();

    await continueToCheckout(page);
    await expect(page.getByText('£20.00 per year')).toBeVisible();
    await pay(page, VALID_CARD, account.email);

    await expectWelcomedBack(page, account);
    await openSubscriptionsTab(page, account);
    const card = membershipCard(page);
    await expect(card.getByRole('heading', { name: PLANS.yearly.label })).toBeVisible();
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await expect(card.getByText(/^Renews in 36[4-6] days/)).toBeVisible();
  });

  test('is told on the checkout page that a declined card was declined, and pays nothing', async ({ page, account }) => {
    await openMembership(page);
    await continueToCheckout(page);
    await pay(page, DECLINED_CARD, account.email);
    await expect(page.getByRole('alert')).toHaveText(CARD_MESSAGES.declined);
    await expect(checkoutHeading(page)).toBeVisible();

    await openMembership(page);
    await expect(page.getByRole('button', { name: 'Continue to Checkout' })).toBeVisible();
    await expect(notices(page).getByText(MESSAGES.membershipBanner.title, { exact: true })).toBeVisible();
  });

  test('cancels on the checkout page and is told so back on /membership', async ({ page }) => {
    await openMembership(page);
    await continueToCheckout(page);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/membership\?canceled=true$/);
    await expect(page.getByText(MEMBERSHIP_MESSAGES.canceled)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue to Checkout' })).toBeEnabled();
  });

  test('applies FIRST100 and becomes a member for a year free', async ({ page, account }) => {
    await openMembership(page);
    await page.getByRole('textbox', { name: 'Coupon code' }).fill(COUPON_FIRST100.code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText(MEMBERSHIP_MESSAGES.couponApplied(COUPON_FIRST100.freeMonths))).toBeVisible();

    await continueToCheckout(page);
    await expect(page.getByText(`${COUPON_FIRST100.code}: First ${COUPON_FIRST100.freeMonths} months free`)).toBeVisible();
    await expect(page.getByRole('definition').last()).toHaveText('£0.00');
    await pay(page, VALID_CARD, account.email);

    await expectWelcomedBack(page, account);
    await openSubscriptionsTab(page, account);
    await expect(membershipCard(page).getByRole('heading', { name: PLANS.yearly.label })).toBeVisible();
    await expect(membershipCard(page).getByText('Active', { exact: true })).toBeVisible();
  });

  test('is told that any other code is not valid', async ({ page }) => {
    await openMembership(page);
    const code = page.getByRole('textbox', { name: 'Coupon code' });
    await code.fill('HALFPRICE');
    await code.press('Enter');
    await expect(page.getByText(MEMBERSHIP_MESSAGES.invalidCoupon)).toBeVisible();
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/membership$/);
  });

  test('/membership has no serious accessibility violations', async ({ page }) => {
    await openMembership(page);
    await expect(page.getByRole('radio', { name: PLANS.yearly.label })).toBeChecked();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('a provider with a membership', () => {
  test.use({ signedInAs: 'provider', membership: 'yearly' });

  test('sees it on /membership instead of the checkout, cancels it, and it shows as Cancels Soon', async ({ page, account }) => {
    await openMembership(page);
    await expect(membershipCard(page).getByRole('heading', { name: PLANS.yearly.label })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue to Checkout' })).toHaveCount(0);

    await openSubscriptionsTab(page, account);
    const card = membershipCard(page);
    await card.getByRole('button', { name: 'Cancel Membership' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel your membership?' });
    await dialog.getByRole('button', { name: 'Cancel Membership' }).click();
    await expect(page.getByText(MEMBERSHIP_MESSAGES.cancelled)).toBeVisible();
    await expect(card.getByText('Cancels Soon')).toBeVisible();
    await expect(card.getByText(/^Expires in 36[4-6] days/)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Cancel Membership' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Manage' })).toBeVisible();

    await page.reload();
    await page.getByRole('main').getByRole('tab', { name: 'Subscriptions' }).click();
    await expect(membershipCard(page).getByText('Cancels Soon')).toBeVisible();
  });
});

test.describe('a client', () => {
  test.use({ signedInAs: 'client' });

  test('is sent from /membership to the directory', async ({ page }) => {
    await page.goto('/membership');
    await expect(page).toHaveURL(/\/directory$/);
    await expect(page.getByRole('heading', { level: 1, name: MEMBERSHIP_MESSAGES.title })).toHaveCount(0);
  });
});
