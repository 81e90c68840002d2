import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_CLAIM_MESSAGES, ADMIN_CONSOLE_MESSAGES, ERROR_CODES, type AdminClaim } from '@solutionz/shared';
import { StubbedApiError, stubApi, type ApiStubs } from '@/testing/fake-api';
import { renderApp } from '@/testing/render';
import { signedInAdmin } from '../testing';

const claim = (overrides: Partial<AdminClaim> = {}): AdminClaim => ({
  claimId: 'c-1',
  businessId: 'b-1',
  businessName: 'Hughes Roofing',
  claimantUserId: 'p-1',
  claimantEmail: 'dale@example.co.uk',
  businessEmail: 'office@hughes.example',
  emailsMatch: false,
  claimantEmailConfirmed: true,
  state: 'pending',
  createdAt: '2026-11-20T09:30:00.000Z',
  decidedAt: null,
  refusalReason: null,
  ...overrides,
});

/** /admin/businesses with the pending claims `pending` holds, which a decision takes out. */
async function openReview(stubs: ApiStubs = {}) {
  let pending = [
    claim(),
    claim({
      claimId: 'c-2',
      businessId: 'b-2',
      businessName: 'Owen Plumbing',
      claimantEmail: 'rhys@example.co.uk',
      businessEmail: 'rhys@example.co.uk',
      emailsMatch: true,
    }),
  ];
  const api = stubApi({
    adminListClaims: () => ({ claims: pending }),
    adminDecideClaim: ({ params, body }) => {
      const decided = pending.find((entry) => entry.businessId === params.businessId)!;
      pending = pending.filter((entry) => entry !== decided);
      return { ...decided, state: body.decision === 'approve' ? 'approved' : 'refused', decidedAt: '2026-11-21T10:00:00.000Z' };
    },
    ...stubs,
  });
  const view = renderApp('/admin/businesses', signedInAdmin());
  await screen.findByRole('heading', { level: 1, name: 'Businesses' });
  await screen.findByRole('table', { name: 'Claims awaiting review' });
  return { ...view, api };
}

const row = (text: string) => within(screen.getAllByRole('row').find((found) => found.textContent?.includes(text))!);

describe('/admin/businesses claims review', { timeout: 30_000 }, () => {
  it('lists the pending claims with business, both addresses, whether they match, the confirmation and date; approving one takes it out of the list', async () => {
    const { user, api } = await openReview();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Business',
      'Address on record',
      'Claimant',
      'Addresses',
      'Claimed',
      'Actions',
    ]);
    const hughes = row('Hughes Roofing');
    expect(hughes.getByText('office@hughes.example')).toBeInTheDocument();
    expect(hughes.getByText('dale@example.co.uk')).toBeInTheDocument();
    expect(hughes.getByText(ADMIN_CLAIM_MESSAGES.emailsDiffer)).toBeInTheDocument();
    expect(hughes.getByText(ADMIN_CLAIM_MESSAGES.claimantConfirmed)).toBeInTheDocument();
    expect(hughes.getByText(/20 Nov 2026/)).toBeInTheDocument();
    expect(row('Owen Plumbing').getByText(ADMIN_CLAIM_MESSAGES.emailsMatch)).toBeInTheDocument();
    expect(api.callsTo('adminListClaims')[0]?.query).toEqual({ state: 'pending' });

    await user.click(screen.getByRole('button', { name: 'Approve the claim of Hughes Roofing' }));
    expect(await screen.findByText(ADMIN_CLAIM_MESSAGES.approved)).toBeInTheDocument();
    expect(api.callsTo('adminDecideClaim')).toEqual([{ params: { businessId: 'b-1' }, query: {}, body: { decision: 'approve' } }]);
    await waitFor(() => expect(screen.queryByText('Hughes Roofing')).not.toBeInTheDocument());
    expect(screen.getByText('Owen Plumbing')).toBeInTheDocument();
  });

  it('refuses only with a reason, which goes to the API', async () => {
    const { user, api } = await openReview();
    await user.click(screen.getByRole('button', { name: 'Refuse the claim of Owen Plumbing' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Refuse claim' }));
    expect(dialog.getByText(/rhys@example.co.uk is told by e-mail/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Refuse' }));
    expect(await dialog.findByText(ADMIN_CONSOLE_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(api.callsTo('adminDecideClaim')).toEqual([]);

    await user.selectOptions(dialog.getByRole('combobox', { name: /Reason/ }), 'Other');
    await user.type(dialog.getByRole('textbox', { name: 'Details' }), 'Not the owner');
    await user.click(dialog.getByRole('button', { name: 'Refuse' }));
    expect(await screen.findByText(ADMIN_CLAIM_MESSAGES.refused)).toBeInTheDocument();
    expect(api.callsTo('adminDecideClaim')).toEqual([
      { params: { businessId: 'b-2' }, query: {}, body: { decision: 'refuse', reason: { code: 'other', note: 'Not the owner' } } },
    ]);
    await waitFor(() => expect(screen.queryByText('Owen Plumbing')).not.toBeInTheDocument());
  });

  it('tells the admin when another admin decided the claim meanwhile, and shows what is left', async () => {
    const refused = new StubbedApiError(ERROR_CODES.conflict.status, { error: { code: ERROR_CODES.conflict.code, message: ADMIN_CLAIM_MESSAGES.decided } });
    const { user, api } = await openReview({ adminDecideClaim: () => Promise.reject(refused) });
    const reads = api.callsTo('adminListClaims').length;
    await user.click(screen.getByRole('button', { name: 'Approve the claim of Hughes Roofing' }));
    expect(await screen.findByText(ADMIN_CLAIM_MESSAGES.decided)).toBeInTheDocument();
    expect(screen.getByText(ADMIN_CLAIM_MESSAGES.decideFailed)).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('adminListClaims').length).toBeGreaterThan(reads));
  });

  it('offers no approval while the claimant has not confirmed their address, and says why; a business without a recorded address says so', async () => {
    await openReview({
      adminListClaims: () => ({ claims: [claim({ businessEmail: null, claimantEmailConfirmed: false })] }),
    });
    const hughes = row('Hughes Roofing');
    expect(hughes.getByText(ADMIN_CLAIM_MESSAGES.noBusinessEmail)).toBeInTheDocument();
    expect(hughes.getByText(ADMIN_CLAIM_MESSAGES.emailsDiffer)).toBeInTheDocument();
    expect(hughes.getByText(ADMIN_CLAIM_MESSAGES.claimantUnconfirmedLabel)).toBeInTheDocument();
    const approve = screen.getByRole('button', { name: 'Approve the claim of Hughes Roofing' });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription(ADMIN_CLAIM_MESSAGES.claimantUnconfirmed);
    // Refusing needs no confirmation.
    expect(screen.getByRole('button', { name: 'Refuse the claim of Hughes Roofing' })).toBeEnabled();
  });

  it('says when no claim waits', async () => {
    stubApi({ adminListClaims: () => ({ claims: [] }) });
    renderApp('/admin/businesses', signedInAdmin());
    expect(await screen.findByText('No claims awaiting review.')).toBeInTheDocument();
  });
});
