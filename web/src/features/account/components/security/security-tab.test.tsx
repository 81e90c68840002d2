import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SECURITY_MESSAGES } from '@solutionz/shared';
import { stubApi } from '@/testing/fake-api';
import { createFakeAuth, fakeAccount, type FakeAccount } from '@/testing/fake-auth';
import { renderApp } from '@/testing/render';

async function openSecurityTab(account: FakeAccount) {
  stubApi({});
  renderApp('/account?tab=security', createFakeAuth({ signedInAs: account }));
  await screen.findByRole('heading', { level: 2, name: 'Account Security' });
}

describe('the security tab', { timeout: 20_000 }, () => {
  it('offers a client to change the address they sign in with', async () => {
    const account = fakeAccount({ email: 'cara@example.co.uk' });
    await openSecurityTab(account);
    expect(screen.getByText(/You sign in with cara@example\.co\.uk\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change e-mail' })).toBeInTheDocument();
  });

  it('tells an administrator, who signs in with a username, that the address cannot change', async () => {
    await openSecurityTab(fakeAccount({ accountType: 'admin', email: 'head-office@admin.solutionz.test' }));
    expect(screen.getByText(SECURITY_MESSAGES.adminEmailFixed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change e-mail' })).not.toBeInTheDocument();
    expect(screen.queryByText(/head-office@admin/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change password' })).toBeInTheDocument();
  });

  it('tells an administrator that another administrator removes their account, instead of offering to delete it', async () => {
    await openSecurityTab(fakeAccount({ accountType: 'admin', email: 'head-office@admin.solutionz.test' }));
    expect(screen.getByText(SECURITY_MESSAGES.adminCannotDeleteSelf)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete account' })).not.toBeInTheDocument();
  });

  it('offers anyone else to delete their account', async () => {
    await openSecurityTab(fakeAccount({ email: 'cara@example.co.uk' }));
    expect(screen.getByRole('button', { name: 'Delete account' })).toBeInTheDocument();
    expect(screen.queryByText(SECURITY_MESSAGES.adminCannotDeleteSelf)).not.toBeInTheDocument();
  });
});
