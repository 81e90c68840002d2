import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ERROR_CODES, MEMBERSHIP_MESSAGES, type SubscriptionSummary } from '@solutionz/shared';
import { StubbedApiError, stubApi, type ApiStubs } from '@/testing/fake-api';
import { createFakeAuth, fakeAccount, type FakeAuth } from '@/testing/fake-auth';
import { renderApp } from '@/testing/render';

// jsdom cannot leave for another site: the page's way out is recorded instead.
const external = vi.hoisted(() => ({ goToExternalPage: vi.fn<(url: string) => void>() }));
vi.mock('@/lib/external-page', async (importOriginal) => ({ ...(await importOriginal<object>()), ...external }));

const DAY_MS = 86_400_000;
// Half a day past the whole days, so the count does not depend on how long the test takes.
const daysAhead = (days: number) => new Date(Date.now() + days * DAY_MS - DAY_MS / 2).toISOString();
const membership = (overrides: Partial<SubscriptionSummary> = {}): SubscriptionSummary => ({
  isSubscribed: true,
  tier: 'yearly',
  expiresAt: daysAhead(200),
  cancelAtPeriodEnd: false,
  paymentFailed: false,
  ...overrides,
});

/** A provider's /profile on its Subscriptions tab. */
async function openSubscriptionsTab(subscription: SubscriptionSummary, stubs: ApiStubs = {}) {
  external.goToExternalPage.mockReset();
  const api = stubApi({ listCategories: () => ({ groups: [] }), ...stubs });
  const fake = createFakeAuth({ signedInAs: fakeAccount({ accountType: 'provider', subscription }) });
  const view = renderApp('/profile', fake);
  await view.user.click(await screen.findByRole('tab', { name: 'Subscriptions' }));
  return { ...view, api, fake };
}

const card = () => screen.getByRole('group', { name: 'Your membership' });
const refusal = (message: string) => new StubbedApiError(409, { error: { code: ERROR_CODES.conflict.code, message } });

describe('the membership card', { timeout: 20_000 }, () => {
  it('shows an active membership with its renewal, Manage and Cancel', async () => {
    await openSubscriptionsTab(membership({ tier: 'monthly', expiresAt: daysAhead(1) }));
    expect(within(card()).getByRole('heading', { name: 'Monthly Plan' })).toBeInTheDocument();
    expect(within(card()).getByText('Active')).toBeInTheDocument();
    expect(within(card()).getByText(/^Renews in 1 day, on \d{2} \w{3} \d{4}$/)).toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Manage' })).toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Cancel Membership' })).toBeInTheDocument();
  });

  it('shows a cancelling membership as Cancels Soon with its end, and nothing to cancel', async () => {
    await openSubscriptionsTab(membership({ cancelAtPeriodEnd: true, expiresAt: daysAhead(12) }));
    expect(within(card()).getByText('Cancels Soon')).toBeInTheDocument();
    expect(within(card()).getByText(/^Expires in 12 days/)).toBeInTheDocument();
    expect(within(card()).queryByRole('button', { name: 'Cancel Membership' })).not.toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Manage' })).toBeInTheDocument();
  });

  it('warns when the last payment failed', async () => {
    await openSubscriptionsTab(membership({ paymentFailed: true }));
    expect(within(card()).getByText(MEMBERSHIP_MESSAGES.paymentFailed)).toBeInTheDocument();
  });

  it("opens Stripe's customer portal, to come back to the profile", async () => {
    const { user, api } = await openSubscriptionsTab(membership(), { membershipPortal: () => ({ url: 'https://billing.stripe.test/p/session/bps_1' }) });
    await user.click(within(card()).getByRole('button', { name: 'Manage' }));
    await waitFor(() => expect(external.goToExternalPage).toHaveBeenCalledWith('https://billing.stripe.test/p/session/bps_1'));
    expect(api.callsTo('membershipPortal').map((call) => call.body)).toEqual([{ returnTo: 'profile' }]);
  });

  it("says why the portal could not open, in the server's words", async () => {
    const { user } = await openSubscriptionsTab(membership(), {
      membershipPortal: () => {
        throw refusal(MEMBERSHIP_MESSAGES.noSubscription);
      },
    });
    await user.click(within(card()).getByRole('button', { name: 'Manage' }));
    expect(await screen.findByText(MEMBERSHIP_MESSAGES.managementError)).toBeInTheDocument();
    expect(screen.getByText(MEMBERSHIP_MESSAGES.noSubscription)).toBeInTheDocument();
    expect(external.goToExternalPage).not.toHaveBeenCalled();
  });

  it('cancels after asking, then shows Cancels Soon without a reload', async () => {
    const expiresAt = daysAhead(30);
    const cancelled = membership({ expiresAt, cancelAtPeriodEnd: true });
    // The API keeps what it answered: GET /api/me says so from then on.
    const server: { auth?: FakeAuth } = {};
    const { user, api, fake } = await openSubscriptionsTab(membership({ expiresAt }), {
      membershipCancel: () => {
        server.auth?.updateProfile({ subscription: cancelled });
        return cancelled;
      },
    });
    server.auth = fake;

    await user.click(within(card()).getByRole('button', { name: 'Cancel Membership' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel your membership?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep Membership' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.callsTo('membershipCancel')).toHaveLength(0);

    await user.click(within(card()).getByRole('button', { name: 'Cancel Membership' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel Membership' }));
    expect(await screen.findByText(MEMBERSHIP_MESSAGES.cancelled)).toBeInTheDocument();
    expect(await within(card()).findByText('Cancels Soon')).toBeInTheDocument();
    expect(within(card()).getByText(/^Expires in 30 days/)).toBeInTheDocument();
    expect(within(card()).queryByRole('button', { name: 'Cancel Membership' })).not.toBeInTheDocument();
    expect(api.callsTo('membershipCancel')).toHaveLength(1);
  });

  it("says why a cancellation failed, in the server's words, and leaves the membership as it was", async () => {
    const { user } = await openSubscriptionsTab(membership(), {
      membershipCancel: () => {
        throw refusal(MEMBERSHIP_MESSAGES.notCancellable);
      },
    });
    await user.click(within(card()).getByRole('button', { name: 'Cancel Membership' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel Membership' }));
    expect(await screen.findByText(MEMBERSHIP_MESSAGES.cancellationError)).toBeInTheDocument();
    expect(screen.getByText(MEMBERSHIP_MESSAGES.notCancellable)).toBeInTheDocument();
    expect(within(card()).getByText('Active')).toBeInTheDocument();
  });

  it('on the Subscriptions tab of the settings, says the membership is active above the card', async () => {
    stubApi({ listCategories: () => ({ groups: [] }), searchLocations: () => ({ best: null, suggestions: [] }) });
    renderApp('/account?tab=payments', createFakeAuth({ signedInAs: fakeAccount({ accountType: 'provider', subscription: membership() }) }));
    expect(await screen.findByText('You have an active subscription')).toBeInTheDocument();
    expect(within(card()).getByRole('heading', { name: 'Annual Plan' })).toBeInTheDocument();
  });
});
