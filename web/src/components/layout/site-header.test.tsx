import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AccountType } from '@solutionz/shared';
import { createFakeAuth, fakeAccount } from '@/testing/fake-auth';
import { renderApp } from '@/testing/render';

/** The header's link with this text (the wide screen's links are not displayed at the test's width, so found by text). */
const headerLink = (header: HTMLElement, text: string) => within(header).getByText(text).closest('a')!;

describe('the site header', () => {
  it('renders the logo, the links every visitor gets and the menu button while the session loads, the account buttons holding their places hidden', async () => {
    const fake = createFakeAuth();
    // A session still being read (as on the server, and in the browser before it is known).
    fake.auth.currentUser = () => new Promise(() => undefined);
    renderApp('/categories', fake);
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Solutionz' })).toHaveAttribute('href', '/');
    expect(within(header).getByRole('button', { name: 'Open menu' })).toBeVisible();
    for (const [text, href] of [
      ['Find Professionals', '/directory'],
      ['Post a Job', '/post-job'],
      ['Job Directory', '/job-directory'],
    ]) {
      expect(headerLink(header, text!)).toHaveAttribute('href', href);
      expect(getComputedStyle(headerLink(header, text!)).visibility).not.toBe('hidden');
    }
    // Not yet known to be a visitor's: in their places, but neither seen nor reachable.
    for (const text of ['Login', 'Sign Up', 'Become a Provider']) expect(getComputedStyle(headerLink(header, text)).visibility).toBe('hidden');
  });

  it("shows a signed-out visitor's account buttons once the session is known", async () => {
    const { user } = renderApp('/categories');
    const header = await screen.findByRole('banner');
    await user.click(within(header).getByRole('button', { name: 'Open menu' }));
    const menu = within(header).getByRole('navigation', { name: 'Mobile' });
    expect(within(menu).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(menu).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    expect(within(menu).getByRole('link', { name: 'Become a Provider' })).toHaveAttribute('href', '/signup?type=provider');
    for (const text of ['Login', 'Become a Provider'])
      expect(getComputedStyle(within(header).getAllByText(text)[0]!.closest('a')!).visibility).not.toBe('hidden');
  });
});

describe('the site shell for each role', () => {
  /** A page that reads nothing from the API, with the footer (a chunk of its own) in. */
  async function openShell(accountType?: AccountType) {
    const app = renderApp('/accessibility', accountType ? createFakeAuth({ signedInAs: fakeAccount({ accountType }) }) : undefined);
    await screen.findByRole('heading', { level: 1, name: 'Accessibility statement' });
    return { ...app, footer: await screen.findByRole('contentinfo') };
  }

  it('offers a signed-out visitor Become a Provider in the header and the footer, and the footer its pages about the service', async () => {
    const { footer } = await openShell();
    const header = screen.getByRole('banner');
    expect(headerLink(header, 'Become a Provider')).toHaveAttribute('href', '/signup?type=provider');
    expect(within(footer).getByRole('link', { name: 'Become a Provider' })).toHaveAttribute('href', '/signup?type=provider');
    expect(within(footer).getByRole('link', { name: 'Businesses' })).toHaveAttribute('href', '/business');
    expect(within(footer).getByRole('link', { name: 'Accessibility' })).toHaveAttribute('href', '/accessibility');
  });

  it.each(['client', 'provider', 'admin'] as const)('offers a signed-in %s no Become a Provider anywhere in the shell', async (accountType) => {
    const { footer, user } = await openShell(accountType);
    const header = screen.getByRole('banner');
    // Signed in: the account menu is there once the session is known (the wide screen's is not displayed at the test's width).
    await within(header).findByRole('button', { name: /Chloe Clarke/, hidden: true });
    expect(within(header).queryByText('Become a Provider')).toBeNull();
    await user.click(within(header).getByRole('button', { name: 'Open menu' }));
    const menuButton = within(within(header).getByRole('navigation', { name: 'Mobile' })).getByRole('button', { name: /Chloe Clarke/ });
    expect(within(footer).queryByRole('link', { name: 'Become a Provider' })).toBeNull();
    expect(within(footer).getByRole('link', { name: 'Businesses' })).toHaveAttribute('href', '/business');

    // The avatar menu's pages are links, with their addresses.
    await user.click(menuButton);
    expect(await screen.findByRole('menuitem', { name: 'My Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('menuitem', { name: 'Account Settings' })).toHaveAttribute('href', '/account');
  });
});
