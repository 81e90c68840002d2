import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_BUSINESSES_MESSAGES, type AdminBusiness } from '@solutionz/shared';
import { StubbedApiError, stubApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render';
import { signedInAdmin } from '../testing';

const business = (overrides: Partial<AdminBusiness>): AdminBusiness => ({
  businessId: 'b-1',
  businessName: 'Hughes Roofing',
  createdAt: '2026-11-01T09:00:00.000Z',
  status: 'unclaimed',
  claimPending: false,
  owner: null,
  claimedAt: null,
  ...overrides,
});

const claimed = business({
  businessId: 'b-1',
  businessName: 'Hughes Roofing',
  status: 'claimed',
  owner: { userId: 'u-1', name: 'Priya Shah' },
  claimedAt: '2026-11-20T10:00:00.000Z',
});
const pending = business({
  businessId: 'b-2',
  businessName: 'Leeds Glazing',
  claimPending: true,
  owner: { userId: 'u-2', name: 'Sam Patel' },
  claimedAt: '2026-11-21T10:00:00.000Z',
});
const open = business({ businessId: 'b-3', businessName: 'Otley Plumbing' });

const rowOf = (name: string) => within(screen.getByText(name).closest('tr')!);

describe('/admin/businesses', { timeout: 30_000 }, () => {
  it('lists the businesses with Claimed or Unclaimed, the owner and the claim date, and loads more', async () => {
    const api = stubApi({
      adminListClaims: () => ({ claims: [] }),
      adminListBusinesses: ({ query }) => (query.cursor ? { businesses: [open] } : { businesses: [claimed, pending], nextCursor: 'next' }),
    });
    const { user } = renderApp('/admin/businesses', signedInAdmin());
    await screen.findByRole('heading', { level: 1, name: 'Businesses' });
    await screen.findByText('Hughes Roofing');
    expect(rowOf('Hughes Roofing').getByText('Claimed')).toBeInTheDocument();
    expect(rowOf('Hughes Roofing').getByText('Priya Shah')).toBeInTheDocument();
    expect(rowOf('Hughes Roofing').getByText('20 Nov 2026')).toBeInTheDocument();
    expect(rowOf('Leeds Glazing').getByText('Unclaimed')).toBeInTheDocument();
    expect(rowOf('Leeds Glazing').getByText(ADMIN_BUSINESSES_MESSAGES.claimPending)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: ADMIN_BUSINESSES_MESSAGES.loadMore }));
    await screen.findByText('Otley Plumbing');
    expect(rowOf('Otley Plumbing').getByText(ADMIN_BUSINESSES_MESSAGES.noOwner)).toBeInTheDocument();
    // An unclaimed business's claim link, for the admin to send to its owner; a claimed one has none.
    expect(rowOf('Otley Plumbing').getByRole('link', { name: `${ADMIN_BUSINESSES_MESSAGES.claimLink} for Otley Plumbing` })).toHaveAttribute(
      'href',
      `${window.location.origin}/claim-business?businessID=b-3`,
    );
    expect(rowOf('Hughes Roofing').queryByRole('link', { name: /Claim link/ })).not.toBeInTheDocument();
    expect(api.callsTo('adminListBusinesses').at(-1)?.query).toEqual({ cursor: 'next' });
    await waitFor(() => expect(screen.queryByRole('button', { name: ADMIN_BUSINESSES_MESSAGES.loadMore })).not.toBeInTheDocument());
  });

  it('says when there are none, and offers a retry when the list cannot be read', async () => {
    let fail = true;
    stubApi({
      // The claims review above the list has none waiting.
      adminListClaims: () => ({ claims: [] }),
      adminListBusinesses: () => {
        if (fail) throw new StubbedApiError(500, { error: { code: 'INTERNAL', message: 'boom' } });
        return { businesses: [] };
      },
    });
    const { user } = renderApp('/admin/businesses', signedInAdmin());
    await screen.findByText(ADMIN_BUSINESSES_MESSAGES.loadFailed);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(ADMIN_BUSINESSES_MESSAGES.empty)).toBeInTheDocument();
  });
});
