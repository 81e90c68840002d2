import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@solutionz/shared';
import { createFakeAuth, fakeAccount } from '@/testing/fake-auth';
import { renderApp } from '@/testing/render';

describe('route table', () => {
  it.each([
    ['/jobs?job=42', '/job-directory', '?job=42', 'Job Directory'],
    ['/jobs/post?ref=home', '/post-job', '?ref=home', 'Post a Job'],
    ['/forgot-password?ref=mail', '/reset-password', '?ref=mail', 'Reset your password'],
  ])('redirects %s to %s keeping the query', async (from, pathname, search, heading) => {
    const { router } = renderApp(from);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(pathname);
    expect(router.state.location.search).toBe(search);
  });

  it('redirects /account-settings to /account, which sends a signed-out visitor to login with the way back', async () => {
    const { router } = renderApp('/account-settings?tab=security');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('return')).toBe('/account?tab=security');
  });

  it('shows /account to a signed-in user', async () => {
    const { router } = renderApp('/account-settings?tab=security', createFakeAuth({ signedInAs: fakeAccount() }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Settings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account');
    expect(router.state.location.search).toBe('?tab=security');
  });

  it('shows the not-found screen for an unknown path', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: MESSAGES.notFound.title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: MESSAGES.notFound.heading })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('names each placeholder screen after its heading', async () => {
    renderApp('/categories');
    expect(await screen.findByRole('heading', { level: 1, name: 'Service Categories' })).toBeInTheDocument();
    // The title is set by an effect, which may run just after the heading appears.
    await waitFor(() => expect(document.title).toBe('Service Categories | Solutionz'));
  });

  it.each([
    ['/business', 'Solutionz for businesses', 'For businesses | Solutionz'],
    ['/accessibility', 'Accessibility statement', 'Accessibility statement | Solutionz'],
  ])('shows the static page %s under its own title', async (path, heading, title) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(title));
  });
});
