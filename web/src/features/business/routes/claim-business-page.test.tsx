import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, CLAIM_MESSAGES, ERROR_CODES, type ClaimRequest } from '@solutionz/shared';
import { StubbedApiError, stubApi, type ApiStubs } from '@/testing/fake-api';
import { createFakeAuth, fakeAccount } from '@/testing/fake-auth';
import { renderApp } from '@/testing/render';

const OWNER = { fullName: 'Dale Owen Hughes', email: 'dale@example.co.uk', password: 'Correct-horse-1' } as const satisfies ClaimRequest;
const refusal = (kind: keyof typeof ERROR_CODES, message: string, fields?: Record<string, string>) =>
  new StubbedApiError(ERROR_CODES[kind].status, { error: { code: ERROR_CODES[kind].code, message, ...(fields ? { fields } : {}) } });

async function openClaim(stubs: ApiStubs = {}, entry = '/claim-business?businessID=b-1') {
  const api = stubApi({ getClaimable: ({ params }) => ({ businessId: params.businessId, businessName: 'Hughes Roofing', claimable: true }), ...stubs });
  // The account the claim opens, which the page then signs in with.
  const fake = createFakeAuth({ accounts: [fakeAccount({ accountType: 'provider', userId: 'p-1', email: OWNER.email }, OWNER.password)] });
  const view = renderApp(entry, fake);
  await screen.findByRole('heading', { level: 1, name: 'Claim your business' });
  return { ...view, api };
}

async function sendForm(user: Awaited<ReturnType<typeof openClaim>>['user']) {
  await user.type(await screen.findByRole('textbox', { name: 'Full name' }), OWNER.fullName);
  await user.type(screen.getByRole('textbox', { name: 'Email' }), OWNER.email);
  await user.type(screen.getByLabelText(/^Password/), OWNER.password);
  await user.click(screen.getByRole('button', { name: 'Claim business' }));
}

describe('/claim-business', { timeout: 20_000 }, () => {
  it('claims with the three fields, signs the claimant in and opens the dashboard', async () => {
    const { user, api } = await openClaim({
      claimBusiness: ({ params }) => ({ claimId: 'c-1', businessId: params.businessId, businessName: 'Hughes Roofing', userId: 'p-1', state: 'pending', confirmationEmail: { sent: true } }),
      listMyClaims: () => ({ claims: [] }),
    });
    expect(await screen.findByText('Hughes Roofing')).toBeInTheDocument();
    await sendForm(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(api.callsTo('claimBusiness')).toEqual([{ params: { businessId: 'b-1' }, query: {}, body: OWNER }]);
  });

  it("puts the API's field messages beside the fields", async () => {
    const { user } = await openClaim({ claimBusiness: () => Promise.reject(refusal('validation', 'Invalid request', { 'body.email': ACCOUNT_MESSAGES.emailReserved })) });
    await sendForm(user);
    expect(await screen.findByText(ACCOUNT_MESSAGES.emailReserved)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('says so in place of the form when someone else claimed the business meanwhile', async () => {
    const { user } = await openClaim({ claimBusiness: () => Promise.reject(refusal('conflict', CLAIM_MESSAGES.alreadyClaimed)) });
    await sendForm(user);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Claim business' })).not.toBeInTheDocument());
    expect(screen.getAllByText(CLAIM_MESSAGES.alreadyClaimed).length).toBeGreaterThan(0);
  });

  it('offers no form for a business claimed already', async () => {
    await openClaim({ getClaimable: () => ({ businessId: 'b-1', businessName: 'Hughes Roofing', claimable: false }) });
    expect(await screen.findByText(CLAIM_MESSAGES.alreadyClaimed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Claim business' })).not.toBeInTheDocument();
  });

  it('says an unknown business cannot be claimed', async () => {
    await openClaim({ getClaimable: () => Promise.reject(refusal('notFound', CLAIM_MESSAGES.notFound)) });
    expect(await screen.findByText(CLAIM_MESSAGES.notFound)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Claim business' })).not.toBeInTheDocument();
  });
});
