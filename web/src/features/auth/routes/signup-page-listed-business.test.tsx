import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SIGNUP_LISTED_BUSINESS_MESSAGES as LISTED } from '@solutionz/shared';
import { stubApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render';

const groups = [
  {
    name: 'Construction/Trade',
    slug: 'construction-trade',
    displayOrder: 1,
    providerCount: 0,
    categories: [{ id: 'locksmith', name: 'Locksmith', slug: 'locksmith', displayOrder: 1, providerCount: 0 }],
  },
];
const businesses = [
  { id: 'biz-listed', businessName: 'Rahman Locksmiths', claimable: true },
  { id: 'biz-owned', businessName: 'Rahman Keys', claimable: false },
];

/** The provider's form filled in but for the business name, which is typed and picked from the search. */
async function fillProviderForm(pick: string) {
  const api = stubApi({
    listCategories: () => ({ groups }),
    searchBusinesses: () => ({ businesses }),
    signup: ({ body }) => ({ userId: 'u1', email: body.email, accountType: body.accountType, confirmationEmail: { sent: true } }),
  });
  const view = renderApp('/signup?type=provider');
  const { user } = view;
  await user.type(await screen.findByLabelText('Full name'), 'Ali Rahman');
  await user.type(screen.getByLabelText('Email'), 'ali@example.co.uk');
  await user.type(screen.getByRole('combobox', { name: 'Location' }), 'Leeds');
  await user.type(await screen.findByLabelText('Phone number'), '0113 496 0000');
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Service group' }), 'Construction/Trade');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Service' }), 'Locksmith');
  await user.click(screen.getByRole('button', { name: 'Add category' }));
  await user.type(screen.getByLabelText('Password'), 'Correct-horse-1');
  await user.type(screen.getByLabelText('Confirm password'), 'Correct-horse-1');
  await user.type(screen.getByRole('combobox', { name: 'Business name' }), 'Rahman');
  await user.click(await screen.findByRole('option', { name: pick }));
  return { ...view, api };
}

describe('sign-up with a business an admin listed', { timeout: 30_000 }, () => {
  it('offers its claim, sends nothing until the person chooses, and sends once they say theirs is a different business', async () => {
    const { user, api } = await fillProviderForm('Rahman Locksmiths');
    expect(screen.getByText(LISTED.listed('Rahman Locksmiths'))).toBeVisible();
    expect(screen.getByRole('link', { name: LISTED.claim })).toHaveAttribute('href', '/claim-business?businessID=biz-listed');

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(LISTED.chooseFirst)).toBeVisible();
    expect(api.callsTo('signup')).toEqual([]);

    await user.click(screen.getByRole('button', { name: LISTED.different }));
    expect(screen.queryByText(LISTED.listed('Rahman Locksmiths'))).not.toBeInTheDocument();
    expect(screen.queryByText(LISTED.chooseFirst)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByText('Account created successfully');
    expect(api.callsTo('signup')).toHaveLength(1);
  });

  it('says nothing of a business that is claimed already: its name is only copied', async () => {
    await fillProviderForm('Rahman Keys');
    expect(screen.getByRole('combobox', { name: 'Business name' })).toHaveValue('Rahman Keys');
    expect(screen.queryByRole('link', { name: LISTED.claim })).not.toBeInTheDocument();
  });
});
