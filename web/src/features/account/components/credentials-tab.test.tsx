import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CREDENTIAL_MESSAGES as M, type CredentialOption, type OwnCredential } from '@solutionz/shared';
import { stubApi } from '@/testing/fake-api';
import { createFakeAuth, fakeAccount } from '@/testing/fake-auth';
import { renderApp } from '@/testing/render';

const OPTIONS: { options: CredentialOption[] } = {
  options: [
    { optionId: 'gas-safe', type: 'registration', name: 'Gas Safe Register' },
    { optionId: 'public-liability', type: 'insurance', name: 'Public liability' },
  ],
};

const credential = (overrides: Partial<OwnCredential> = {}): OwnCredential => ({
  id: 'c-1',
  type: 'insurance',
  optionId: 'public-liability',
  title: 'Public liability',
  number: null,
  insurer: 'Aviva',
  coverPounds: 2_000_000,
  awardingBody: null,
  issuedOn: null,
  expiresOn: '2030-03-31',
  status: 'verified',
  submittedAt: '2026-03-01T10:00:00.000Z',
  checkedAt: '2026-03-02T10:00:00.000Z',
  rejectReason: null,
  evidence: { contentType: 'application/pdf', size: 1000 },
  ...overrides,
});

async function openTab(credentials: OwnCredential[], stubs: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({ getCredentialOptions: () => OPTIONS, listMyCredentials: () => ({ credentials }), ...stubs });
  const view = renderApp('/account?tab=credentials', createFakeAuth({ signedInAs: fakeAccount({ accountType: 'provider', userId: 'p-1' }) }));
  await screen.findByRole('heading', { level: 2, name: 'Credentials' });
  return { api, ...view };
}

describe('the Credentials tab', () => {
  it('shows each credential with its status: checked with the day, waiting, not verified with why, expired', async () => {
    await openTab([
      credential(),
      credential({ id: 'c-2', status: 'pending', checkedAt: null, evidence: null }),
      credential({ id: 'c-3', status: 'rejected', rejectReason: { code: 'misleading', note: 'The name does not match.' } }),
      credential({ id: 'c-4', status: 'expired', expiresOn: '2026-01-31' }),
    ]);
    const items = within(screen.getByRole('list', { name: 'Your credentials' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Checked on 02 Mar 2026');
    expect(items[0]).toHaveTextContent('Cover £2,000,000');
    expect(items[1]).toHaveTextContent('Add the evidence document to have it checked');
    expect(items[2]).toHaveTextContent('Not verified');
    expect(items[2]).toHaveTextContent('Why: The name does not match.');
    expect(items[3]).toHaveTextContent('Expired on 31 Jan 2026');
  });

  it('checks the form with the shared schema before sending anything, and sends the chosen kind’s fields', async () => {
    const { api, user } = await openTab([], {
      createCredential: ({ body }) => credential({ ...body, id: 'new', status: 'pending', checkedAt: null, evidence: null }),
    });
    await user.click(screen.getByRole('button', { name: 'Add a credential' }));
    const form = screen.getByRole('form', { name: 'Add a credential' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Kind of credential' }), 'Insurance');
    await user.click(within(form).getByRole('button', { name: 'Save credential' }));
    expect(within(form).getByText(M.optionRequired)).toBeInTheDocument();
    expect(within(form).getByText(M.insurerRequired)).toBeInTheDocument();
    expect(within(form).getByText(M.coverRequired)).toBeInTheDocument();
    expect(within(form).getByText(M.expiryRequired)).toBeInTheDocument();
    expect(api.callsTo('createCredential')).toEqual([]);

    await user.selectOptions(within(form).getByRole('combobox', { name: 'Kind of insurance' }), 'Public liability');
    await user.type(within(form).getByRole('textbox', { name: 'Insurer' }), 'Aviva');
    await user.type(within(form).getByRole('textbox', { name: 'Cover (£)' }), '£2,000,000');
    await user.type(within(form).getByLabelText(/^Expiry date/), '2030-03-31');
    await user.click(within(form).getByRole('button', { name: 'Save credential' }));
    expect(await screen.findByText('Credential saved')).toBeInTheDocument();
    expect(api.callsTo('createCredential').map((call) => call.body)).toEqual([
      { type: 'insurance', optionId: 'public-liability', insurer: 'Aviva', coverPounds: 2_000_000, expiresOn: '2030-03-31' },
    ]);
  });

  it('refuses a file that is not a PDF or an image, in the API’s words, before uploading it', async () => {
    const { api, user } = await openTab([]);
    await user.click(screen.getByRole('button', { name: 'Add a credential' }));
    const form = screen.getByRole('form', { name: 'Add a credential' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Kind of credential' }), 'Trade registration');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Scheme' }), 'Gas Safe Register');
    await user.type(within(form).getByRole('textbox', { name: 'Registration number' }), '123456');
    const input = form.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    expect(within(form).getByText('notes.txt')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save credential' }));
    expect(within(form).getByText(M.evidenceWrongType)).toBeInTheDocument();
    expect(api.callsTo('createCredential')).toEqual([]);
  });
});
