import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, CLAIM_MESSAGES, DIRECTORY_MESSAGES, ERROR_CODES, type ClaimLink, type ClaimRequestInput } from '@solutionz/shared';
import { StubbedApiError, stubApi, type ApiStubs } from '@/testing/fake-api';
import { createFakeAuth, fakeAccount } from '@/testing/fake-auth';
import { renderApp } from '@/testing/render';

const OWNER = { fullName: 'Dale Owen Hughes', email: 'dale@example.co.uk' } as const satisfies ClaimRequestInput;
const CHOSEN = 'Chosen-horse-7';
const refusal = (kind: keyof typeof ERROR_CODES, message: string, fields?: Record<string, string>) =>
  new StubbedApiError(ERROR_CODES[kind].status, { error: { code: ERROR_CODES[kind].code, message, ...(fields ? { fields } : {}) } });

describe('/claim-business', { timeout: 20_000 }, () => {
  async function openClaim(stubs: ApiStubs = {}, entry = '/claim-business?businessID=b-1') {
    const api = stubApi({ getClaimable: ({ params }) => ({ businessId: params.businessId, businessName: 'Hughes Roofing', claimable: true }), ...stubs });
    const view = renderApp(entry);
    await screen.findByRole('heading', { level: 1, name: 'Claim your business' });
    return { ...view, api };
  }

  async function sendForm(user: Awaited<ReturnType<typeof openClaim>>['user']) {
    await user.type(await screen.findByRole('textbox', { name: 'Full name' }), OWNER.fullName);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), OWNER.email);
    await user.click(screen.getByRole('button', { name: 'Claim business' }));
  }

  it('asks for a name and an address only, and says where the link went', async () => {
    const { user, api } = await openClaim({
      claimBusiness: ({ params, body }) => ({ businessId: params.businessId, businessName: 'Hughes Roofing', email: body.email }),
    });
    expect(await screen.findByText('Hughes Roofing')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Password/)).not.toBeInTheDocument();
    await sendForm(user);
    expect(await screen.findByText("We've sent a link to dale@example.co.uk. Open it to finish claiming Hughes Roofing.")).toBeInTheDocument();
    expect(api.callsTo('claimBusiness')).toEqual([{ params: { businessId: 'b-1' }, query: {}, body: OWNER }]);
    expect(screen.queryByRole('button', { name: 'Claim business' })).not.toBeInTheDocument();
  });

  it("puts the API's field messages beside the fields", async () => {
    const { user } = await openClaim({
      claimBusiness: () => Promise.reject(refusal('validation', 'Invalid request', { 'body.email': ACCOUNT_MESSAGES.emailReserved })),
    });
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

  it('offers no form for a business claimed already, nor for an unknown one', async () => {
    await openClaim({ getClaimable: () => ({ businessId: 'b-1', businessName: 'Hughes Roofing', claimable: false }) });
    expect(await screen.findByText(CLAIM_MESSAGES.alreadyClaimed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Claim business' })).not.toBeInTheDocument();
  });
});

describe('/claim-business/complete', { timeout: 20_000 }, () => {
  const LINK: ClaimLink = { businessId: 'b-1', businessName: 'Hughes Roofing', email: OWNER.email, accountExists: false };
  const entry = '/claim-business/complete?token=tok-1';

  it('does nothing until the button: then the new account gets the password chosen here, is signed in and lands on the dashboard', async () => {
    const api = stubApi({
      inspectClaimLink: () => LINK,
      completeClaim: () => ({ businessId: 'b-1', businessName: 'Hughes Roofing', email: OWNER.email, state: 'verified' }),
      listMyClaims: () => ({ claims: [] }),
    });
    // The account the press opens, which the page then signs in with.
    const fake = createFakeAuth({ accounts: [fakeAccount({ accountType: 'provider', userId: 'p-1', email: OWNER.email }, CHOSEN)] });
    const { user } = renderApp(entry, fake);
    expect(await screen.findByRole('heading', { level: 1, name: 'Claim Hughes Roofing' })).toBeInTheDocument();
    expect(api.callsTo('inspectClaimLink')).toEqual([{ params: {}, query: {}, body: { token: 'tok-1' } }]);
    expect(api.callsTo('completeClaim')).toEqual([]);

    await user.type(screen.getByLabelText(/^Password/), CHOSEN);
    await user.type(screen.getByLabelText(/^Confirm password/), 'Not-the-same-1');
    await user.click(screen.getByRole('button', { name: 'Claim Hughes Roofing' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();
    expect(api.callsTo('completeClaim')).toEqual([]);

    await user.clear(screen.getByLabelText(/^Confirm password/));
    await user.type(screen.getByLabelText(/^Confirm password/), CHOSEN);
    await user.click(screen.getByRole('button', { name: 'Claim Hughes Roofing' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(api.callsTo('completeClaim')).toEqual([{ params: {}, query: {}, body: { token: 'tok-1', password: CHOSEN, confirmPassword: CHOSEN } }]);
  });

  it('says a dead link is dead on opening it, and offers no form', async () => {
    stubApi({ inspectClaimLink: () => Promise.reject(refusal('tokenInvalid', CLAIM_MESSAGES.linkInvalid)) });
    renderApp(entry);
    expect(await screen.findByText(CLAIM_MESSAGES.linkInvalid)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
  });

  it('asks the owner of an address with an account to sign in as it, then claims for that account', async () => {
    const api = stubApi({
      inspectClaimLink: () => ({ ...LINK, accountExists: true }),
      completeClaimSignedIn: () => ({ businessId: 'b-1', businessName: 'Hughes Roofing', email: OWNER.email, state: 'pending' }),
      listMyClaims: () => ({ claims: [] }),
    });
    const signedOut = renderApp(entry);
    expect(await screen.findByText(/An account already uses/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `Sign in as ${OWNER.email}` })).toHaveAttribute('href', `/login?type=provider&return=${encodeURIComponent(entry)}`);
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    signedOut.unmount();

    const owner = fakeAccount({ accountType: 'provider', userId: 'p-1', email: OWNER.email });
    const { user } = renderApp(entry, createFakeAuth({ signedInAs: owner }));
    await user.click(await screen.findByRole('button', { name: 'Claim Hughes Roofing for this account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(api.callsTo('completeClaimSignedIn')).toEqual([{ params: {}, query: {}, body: { token: 'tok-1' } }]);
  });

  it('tells a client account a business needs a provider account, and someone signed in as another address to sign in as the right one', async () => {
    stubApi({ inspectClaimLink: () => ({ ...LINK, accountExists: true }) });
    const client = renderApp(entry, createFakeAuth({ signedInAs: fakeAccount({ accountType: 'client', email: OWNER.email }) }));
    expect(await screen.findByText(CLAIM_MESSAGES.providerOnly)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /for this account/ })).not.toBeInTheDocument();
    client.unmount();

    renderApp(entry, createFakeAuth({ signedInAs: fakeAccount({ accountType: 'provider', email: 'someone@else.example' }) }));
    expect(await screen.findByText(CLAIM_MESSAGES.otherAddress)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out of someone@else.example' })).toBeInTheDocument();
  });
});

describe('/claim-business/cancel', { timeout: 20_000 }, () => {
  it('cancels only when the button is pressed, and says the link no longer works', async () => {
    const api = stubApi({ cancelClaim: () => ({ businessName: 'Hughes Roofing' }) });
    const { user } = renderApp('/claim-business/cancel?token=tok-1');
    const button = await screen.findByRole('button', { name: 'Cancel this claim' });
    expect(api.callsTo('cancelClaim')).toEqual([]);
    await user.click(button);
    expect(await screen.findByRole('heading', { level: 1, name: CLAIM_MESSAGES.cancelled })).toBeInTheDocument();
    expect(screen.getByText(/The request to claim Hughes Roofing is cancelled/)).toBeInTheDocument();
    expect(api.callsTo('cancelClaim')).toEqual([{ params: {}, query: {}, body: { token: 'tok-1' } }]);
  });

  it('says a dead link is dead', async () => {
    stubApi({ cancelClaim: () => Promise.reject(refusal('tokenInvalid', CLAIM_MESSAGES.linkInvalid)) });
    const { user } = renderApp('/claim-business/cancel?token=tok-1');
    await user.click(await screen.findByRole('button', { name: 'Cancel this claim' }));
    expect(await screen.findByText(CLAIM_MESSAGES.linkInvalid)).toBeInTheDocument();
  });

  it('sends someone who came without a business to find it in the directory first', async () => {
    stubApi({});
    const { user } = renderApp('/claim-business');
    expect(await screen.findByText(CLAIM_MESSAGES.findFirst)).toBeInTheDocument();
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Find Professionals' }));
    expect(await screen.findByRole('heading', { level: 1, name: DIRECTORY_MESSAGES.title })).toBeInTheDocument();
  });
});
