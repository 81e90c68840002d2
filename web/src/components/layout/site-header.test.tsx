import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeAuth } from '@/testing/fake-auth';
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
