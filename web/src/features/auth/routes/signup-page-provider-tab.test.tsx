import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ROLE_LABELS } from '@solutionz/shared';
import { stubApi } from '@/testing/fake-api';
import type * as LoadProviderSignupFields from '../components/load-provider-signup-fields';
import { renderApp } from '@/testing/render';

/** The provider's fields are a file of their own (issue 24); here it arrives only when the test lets it, as on a slow line. */
const held = vi.hoisted(() => {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { arrived, release: () => release() };
});
vi.mock('../components/load-provider-signup-fields', async (importOriginal) => {
  const original = await importOriginal<typeof LoadProviderSignupFields>();
  return { ...original, loadProviderSignupFields: () => held.arrived.then(original.loadProviderSignupFields) };
});

describe('sign-up, switching to a provider account', () => {
  it("keeps the client's form until the provider's fields are in, then draws them all at once", { timeout: 20_000 }, async () => {
    stubApi({});
    const { user } = renderApp('/signup');
    await user.type(await screen.findByLabelText('Full name'), 'Pat Provider');
    await user.click(screen.getByRole('tab', { name: ROLE_LABELS.provider }));

    // Nothing of the provider's form is drawn while part of it is missing: a button that moved as the rest arrived
    // would be somewhere else by the time the pointer reached it.
    expect(screen.queryByLabelText('Phone number')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeVisible();

    held.release();
    expect(await screen.findByLabelText('Business name')).toBeVisible();
    expect(screen.getByLabelText('Phone number')).toBeVisible();
    expect(screen.getByRole('tab', { name: ROLE_LABELS.provider })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Full name')).toHaveValue('Pat Provider');
  });
});
