import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ERROR_CODES, MEMBERSHIP_MESSAGES, MESSAGES, type ApiErrorBody, type MeResponse, type RedirectUrlResponse } from '@solutionz/shared';
import type { MembershipRedirectState } from '@/components/layout/require-session';
import { StubbedApiError, stubApi, type ApiStubs } from '@/testing/fake-api';
import { createFakeAuth, fakeAccount } from '@/testing/fake-auth';
import { renderApp } from '@/testing/render';

// jsdom cannot leave for another site: the page's way out is recorded instead.
const external = vi.hoisted(() => ({ goToExternalPage: vi.fn<(url: string) => void>() }));
vi.mock('@/lib/external-page', async (importOriginal) => ({ ...(await importOriginal<object>()), ...external }));

const CHECKOUT_URL = 'https://checkout.stripe.test/c/pay/cs_test_1';
const inAYear = new Date(Date.now() + 365 * 86_400_000).toISOString();
const yearly = { isSubscribed: true, tier: 'yearly', expiresAt: inAYear, cancelAtPeriodEnd: false, paymentFailed: false } as const;

const refusal = (kind: keyof typeof ERROR_CODES, message: string, fields?: Record<string, string>) => {
  const body: ApiErrorBody = { error: { code: ERROR_CODES[kind].code, message, ...(fields ? { fields } : {}) } };
  return new StubbedApiError(ERROR_CODES[kind].status, body);
};

/** /membership (or `entry`) signed in as a provider without a membership, once the page is up. */
async function openMembership(entry: Parameters<typeof renderApp>[0] = '/membership', stubs: ApiStubs = {}, profile: Partial<MeResponse> = {}) {
  external.goToExternalPage.mockReset();
  const api = stubApi({ membershipCheckout: () => ({ url: CHECKOUT_URL }), ...stubs });
  const fake = createFakeAuth({ signedInAs: fakeAccount({ accountType: 'provider', userId: 'p-7', ...profile }) });
  const view = renderApp(entry, fake);
  await screen.findByRole('heading', { level: 1, name: MEMBERSHIP_MESSAGES.title });
  return { ...view, api, fake };
}

const checkoutButton = () => screen.getByRole('button', { name: 'Continue to Checkout' });
const toast = (title: string) => screen.findByText(title);

describe('/membership', { timeout: 20_000 }, () => {
  it('shows the notice a known `message` key names, and nothing for any other text in the address', async () => {
    const { unmount } = await openMembership('/membership?message=payment_failed');
    expect(screen.getByText(MEMBERSHIP_MESSAGES.paymentFailed)).toBeInTheDocument();
    unmount();

    const planted = 'Your account is suspended. Call 0800 000 0000 to keep it.';
    await openMembership(`/membership?message=${encodeURIComponent(planted)}`);
    expect(screen.queryByText(planted)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain('Call 0800');
  });

  it('offers both plans with the yearly one chosen, its saving worked out, and what membership gives', async () => {
    await openMembership();
    const plans = screen.getByRole('group', { name: 'Choose a plan' });
    expect(within(plans).getByRole('radio', { name: 'Annual Plan' })).toBeChecked();
    expect(within(plans).getByRole('radio', { name: 'Monthly Plan' })).not.toBeChecked();
    expect(within(plans).getByText('£2.99')).toBeInTheDocument();
    expect(within(plans).getByText('£20.00')).toBeInTheDocument();
    expect(within(plans).getByText('£35.88 a year paying monthly: you save £15.88, over 40%.')).toBeInTheDocument();
    const benefits = screen.getByRole('region', { name: 'What membership gives you' });
    expect(
      within(benefits)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.split(':')[0]),
    ).toEqual(['A listing in the directory', 'Contact details of jobs', 'Job alerts']);
  });

  it('lets the plan be chosen with the keyboard, sends that plan to the checkout and goes to Stripe, and is ready again after Back', async () => {
    const { user, api } = await openMembership();
    act(() => screen.getByRole('radio', { name: 'Annual Plan' }).focus());
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Monthly Plan' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Monthly Plan' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Annual Plan' })).not.toBeChecked();
    // The plans are one stop on the way through the page.
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Coupon code' })).toHaveFocus();

    await user.click(checkoutButton());
    await waitFor(() => expect(external.goToExternalPage).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(api.callsTo('membershipCheckout').map((call) => call.body)).toEqual([{ plan: 'monthly', couponCode: null }]);
    expect(screen.getByRole('button', { name: /Redirecting to checkout/ })).toBeDisabled();

    // The browser's Back brings the page back from its cache as it was left.
    act(() => void window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
    expect(await screen.findByRole('button', { name: 'Continue to Checkout' })).toBeEnabled();
    expect(screen.getByRole('radio', { name: 'Monthly Plan' })).toBeChecked();
  });

  it('applies FIRST100 as the server answers, and the checkout carries it', async () => {
    const { user, api } = await openMembership('/membership', {
      membershipCouponCheck: () => ({ couponCode: 'FIRST100', description: 'One year free', freeMonths: 12, remaining: 40 }),
    });
    await user.type(screen.getByRole('textbox', { name: 'Coupon code' }), ' first100 ');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(MEMBERSHIP_MESSAGES.couponApplied(12))).toHaveTextContent('Coupon applied: 12 months free');
    expect(api.callsTo('membershipCouponCheck').map((call) => call.body)).toEqual([{ couponCode: 'first100' }]);

    await user.click(checkoutButton());
    await waitFor(() => expect(external.goToExternalPage).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(api.callsTo('membershipCheckout').map((call) => call.body)).toEqual([{ plan: 'yearly', couponCode: 'FIRST100' }]);
  });

  it('tells a provider whose address is not confirmed why there is no coupon yet, with the resend, and still sells the plans', async () => {
    const { user, api } = await openMembership(
      '/membership',
      { resendConfirmation: () => ({ message: 'sent' }) },
      { emailConfirmed: false, emailConfirmedAt: null },
    );
    expect(screen.queryByRole('textbox', { name: 'Coupon code' })).not.toBeInTheDocument();
    const form = within(screen.getByRole('form', { name: 'Membership checkout' }));
    expect(form.getByText(MESSAGES.emailConfirmationRequired)).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: MESSAGES.emailConfirmationBanner.resend }));
    expect(await form.findByText(MESSAGES.emailConfirmationBanner.sent)).toBeInTheDocument();
    expect(api.callsTo('resendConfirmation').map((call) => call.body)).toEqual([{ email: expect.stringContaining('@') }]);
    expect(checkoutButton()).toBeEnabled();
  });

  it("shows the server's refusal of a code, and takes the code away when the offer is fully claimed", async () => {
    let answer = refusal('validation', 'The request is not valid', { 'body.couponCode': MEMBERSHIP_MESSAGES.invalidCoupon });
    const { user } = await openMembership('/membership', {
      membershipCouponCheck: () => {
        throw answer;
      },
    });
    const code = screen.getByRole('textbox', { name: 'Coupon code' });
    await user.type(code, 'HALFPRICE{Enter}');
    expect(await screen.findByText(MEMBERSHIP_MESSAGES.invalidCoupon)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveValue('HALFPRICE');

    answer = refusal('conflict', MEMBERSHIP_MESSAGES.couponClaimed);
    await user.clear(code);
    expect(screen.queryByText(MEMBERSHIP_MESSAGES.invalidCoupon)).not.toBeInTheDocument();
    await user.type(code, 'FIRST100');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(MEMBERSHIP_MESSAGES.couponClaimed)).toBeInTheDocument();
    expect(code).toHaveValue('');
  });

  describe.each([
    {
      refusal: 'the FIRST100 offer is fully claimed',
      answer: () => refusal('conflict', MEMBERSHIP_MESSAGES.couponClaimed),
      shown: MEMBERSHIP_MESSAGES.couponClaimed,
      couponLeft: '',
    },
    {
      refusal: 'the provider has a membership already',
      answer: () => refusal('conflict', MEMBERSHIP_MESSAGES.alreadySubscribed),
      shown: MEMBERSHIP_MESSAGES.alreadySubscribed,
      couponLeft: 'FIRST100',
    },
    {
      refusal: 'payments are down',
      answer: () => new StubbedApiError(503, { error: { code: 'PAYMENTS_UNAVAILABLE', message: MEMBERSHIP_MESSAGES.paymentsUnavailable } }),
      shown: MEMBERSHIP_MESSAGES.paymentsUnavailable,
      couponLeft: 'FIRST100',
    },
    {
      refusal: 'the API fails without saying why',
      answer: () => refusal('internal', MESSAGES.api.internal),
      shown: MEMBERSHIP_MESSAGES.checkoutFailed,
      couponLeft: 'FIRST100',
    },
    {
      refusal: 'the API gives no checkout address',
      answer: () => ({}) as RedirectUrlResponse,
      shown: MEMBERSHIP_MESSAGES.noCheckoutUrl,
      couponLeft: 'FIRST100',
    },
  ])('when $refusal', ({ answer, shown, couponLeft }) => {
    it(`says "${shown}" in a Checkout Error toast and lets the provider try again`, async () => {
      const { user } = await openMembership('/membership', {
        membershipCheckout: () => {
          const result = answer();
          if (result instanceof StubbedApiError) throw result;
          return result;
        },
      });
      await user.type(screen.getByRole('textbox', { name: 'Coupon code' }), 'FIRST100');
      await user.click(checkoutButton());
      expect(await toast(MEMBERSHIP_MESSAGES.checkoutErrorToast)).toBeInTheDocument();
      expect(screen.getByText(shown)).toBeInTheDocument();
      expect(checkoutButton()).toBeEnabled();
      expect(screen.getByRole('textbox', { name: 'Coupon code' })).toHaveValue(couponLeft);
      expect(external.goToExternalPage).not.toHaveBeenCalled();
    });
  });

  it('says the payment was canceled when Stripe sends the provider back, with the notice a message key names', async () => {
    await openMembership('/membership?canceled=true&message=payments_unavailable');
    expect(screen.getByText(MEMBERSHIP_MESSAGES.canceled)).toBeInTheDocument();
    expect(screen.getByText(MEMBERSHIP_MESSAGES.paymentsUnavailable)).toBeInTheDocument();
    expect(checkoutButton()).toBeEnabled();
  });

  it('explains why a provider was sent here and from where', async () => {
    const state: MembershipRedirectState = { redirectReason: 'subscription_required', redirectFrom: '/dashboard' };
    await openMembership({ pathname: '/membership', state });
    expect(screen.getByText(`${MEMBERSHIP_MESSAGES.subscriptionRequired} You were sent here from Dashboard.`)).toBeInTheDocument();
  });

  it('shows a member their membership instead of the checkout', async () => {
    await openMembership('/membership', {}, { subscription: yearly });
    expect(screen.getByRole('heading', { name: 'Annual Plan' })).toBeInTheDocument();
    expect(screen.getByText(/^Renews in 365 days/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue to Checkout' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('after a payment: a toast, the membership followed until it starts, then the directory listing, without a reload', async () => {
    const { fake, router } = await openMembership('/membership?success=true&session_id=cs_test_1');
    expect(await toast(MEMBERSHIP_MESSAGES.success.title)).toBeInTheDocument();
    expect(screen.getByText(MEMBERSHIP_MESSAGES.success.description)).toBeInTheDocument();
    const notices = await screen.findByRole('region', { name: 'Account notices' });
    expect(within(notices).getByText(MESSAGES.membershipBanner.title)).toBeInTheDocument();

    // Stripe's webhook lands a moment after the return.
    fake.updateProfile({ subscription: yearly });
    await waitFor(() => expect(router.state.location.pathname).toBe('/directory/p-7'));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Account notices' })).not.toBeInTheDocument());
  });
});
