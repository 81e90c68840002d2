import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MeResponse, MyClaim } from '@solutionz/shared';
import { stubApi } from '@/testing/fake-api';
import { createFakeAuth, fakeAccount } from '@/testing/fake-auth';
import { renderApp } from '@/testing/render';

const claim = (overrides: Partial<MyClaim>): MyClaim => ({
  businessId: 'b-1',
  businessName: 'Hughes Roofing',
  state: 'pending',
  createdAt: '2026-11-20T09:00:00.000Z',
  decidedAt: null,
  refusalReason: null,
  ...overrides,
});

async function openDashboard(claims: MyClaim[], profile: Partial<MeResponse> = {}) {
  const api = stubApi({ listMyClaims: () => ({ claims }) });
  renderApp('/dashboard', createFakeAuth({ signedInAs: fakeAccount({ accountType: 'provider', userId: 'p-1', email: 'dale@example.co.uk', ...profile }) }));
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
  return api;
}

const card = async (name: string) => within(await screen.findByRole('article', { name }));

describe('/dashboard', { timeout: 20_000 }, () => {
  it('asks a claimant whose address is not confirmed to confirm it, with the resend at hand', async () => {
    await openDashboard([claim({})], { emailConfirmed: false, emailConfirmedAt: null });
    const pending = await card('Hughes Roofing');
    expect(pending.getByText('Pending')).toBeInTheDocument();
    expect(pending.getByText('Claimed on 20 Nov 2026')).toBeInTheDocument();
    expect(pending.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeInTheDocument();
    expect(pending.getByText('Our team can approve the claim of Hughes Roofing only once dale@example.co.uk is confirmed.')).toBeInTheDocument();
    expect(pending.getByRole('button', { name: 'Resend Email' })).toBeInTheDocument();
  });

  it('tells a confirmed claimant the claim waits for review', async () => {
    await openDashboard([claim({})]);
    const pending = await card('Hughes Roofing');
    expect(pending.getByRole('heading', { name: 'Waiting for review' })).toBeInTheDocument();
    expect(pending.queryByRole('button', { name: 'Resend Email' })).not.toBeInTheDocument();
  });

  it('hands a verified or approved business over with the profile and membership links; a refusal shows its reason', async () => {
    await openDashboard([
      claim({
        businessId: 'b-3',
        businessName: 'Owen Plumbing',
        state: 'refused',
        decidedAt: '2026-11-22T09:00:00.000Z',
        refusalReason: 'Other - Not the owner',
      }),
      claim({ businessId: 'b-2', businessName: 'Hughes Glazing', state: 'verified', decidedAt: '2026-11-21T09:00:00.000Z' }),
      claim({ state: 'approved', decidedAt: '2026-11-21T10:00:00.000Z' }),
    ]);
    for (const name of ['Hughes Glazing', 'Hughes Roofing']) {
      const yours = await card(name);
      expect(yours.getByRole('heading', { name: 'Your business is yours' })).toBeInTheDocument();
      expect(yours.getByRole('link', { name: 'Edit your profile' })).toHaveAttribute('href', '/profile');
      expect(yours.getByRole('link', { name: 'See membership plans' })).toHaveAttribute('href', '/membership');
    }
    expect((await card('Hughes Glazing')).getByText('Claimed on 20 Nov 2026 · verified on 21 Nov 2026')).toBeInTheDocument();
    const refused = await card('Owen Plumbing');
    expect(refused.getByText('Refused')).toBeInTheDocument();
    expect(refused.getByText('Reason: Other - Not the owner')).toBeInTheDocument();
  });

  it('points an account without claims to the directory and the profile', async () => {
    await openDashboard([]);
    expect(await screen.findByRole('heading', { name: 'No business claims' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getAllByRole('link', { name: 'Find Professionals' }).some((link) => link.getAttribute('href') === '/directory')).toBe(true);
  });
});
