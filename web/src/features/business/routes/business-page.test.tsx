import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AccountType } from '@solutionz/shared';
import { createFakeAuth, fakeAccount } from '@/testing/fake-auth';
import { renderApp } from '@/testing/render';

async function openBusinessPage(accountType?: AccountType) {
  renderApp('/business', accountType ? createFakeAuth({ signedInAs: fakeAccount({ accountType }) }) : undefined);
  await screen.findByRole('heading', { level: 1, name: 'Solutionz for businesses' });
  return screen.getByRole('region', { name: 'Get started' });
}

describe('/business', () => {
  it('shows what a listing gets, both plans with their prices, and the way to claim a listed business', async () => {
    await openBusinessPage();
    expect(screen.getByRole('region', { name: 'What a listing gets' })).toHaveTextContent('A place in the directory');
    const plans = screen.getByRole('region', { name: 'Membership plans' });
    expect(within(plans).getByRole('heading', { name: 'Monthly Plan' })).toBeInTheDocument();
    expect(plans).toHaveTextContent('£2.99 a month');
    expect(plans).toHaveTextContent('£20.00 a year');
    expect(within(screen.getByRole('region', { name: 'Already listed?' })).getByRole('link', { name: 'Find your business in the directory' })).toHaveAttribute(
      'href',
      '/directory',
    );
  });

  it('offers a visitor the provider sign-up', async () => {
    const start = await openBusinessPage();
    expect(within(start).getByRole('link', { name: 'Sign up as a provider' })).toHaveAttribute('href', '/signup?type=provider');
  });

  it('offers a signed-in provider the membership instead of a sign-up', async () => {
    const start = await openBusinessPage('provider');
    expect(await within(start).findByRole('link', { name: 'Choose your membership' })).toHaveAttribute('href', '/membership');
    expect(within(start).queryByRole('link', { name: 'Sign up as a provider' })).toBeNull();
  });

  it.each(['client', 'admin'] as const)('offers a signed-in %s neither, and says a listing needs a provider account', async (accountType) => {
    const start = await openBusinessPage(accountType);
    expect(await within(start).findByText(/A listing belongs to a provider account/)).toBeInTheDocument();
    expect(within(start).queryByRole('link')).toBeNull();
  });
});
