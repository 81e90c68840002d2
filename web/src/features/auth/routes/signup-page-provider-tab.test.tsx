import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_LABELS } from '@solutionz/shared';
import { stubApi } from '@/testing/fake-api';
import type * as LoadProviderSignupFields from '../components/load-provider-signup-fields';
import { renderApp } from '@/testing/render';

/**
 * The provider's fields are a file of their own (docs/web.md#loading); here it arrives only when the test lets it, as on a slow
 * line, and until then it is not in (whatever another test file of the worker loaded).
 */
const held = vi.hoisted(() => {
  const gate = { released: false, arrived: Promise.resolve(), release: () => {} };
  return {
    gate,
    hold: () => {
      gate.released = false;
      gate.arrived = new Promise<void>((resolve) => {
        gate.release = () => {
          gate.released = true;
          resolve();
        };
      });
    },
  };
});
vi.mock('../components/load-provider-signup-fields', async (importOriginal) => {
  const original = await importOriginal<typeof LoadProviderSignupFields>();
  return {
    ...original,
    loadProviderSignupFields: () => held.gate.arrived.then(original.loadProviderSignupFields),
    loadedProviderSignupFields: () => (held.gate.released ? original.loadedProviderSignupFields() : undefined),
  };
});

beforeEach(() => held.hold());

describe("sign-up, the provider's form", () => {
  it("keeps the client's form until the provider's fields are in, then renders them all at once", { timeout: 20_000 }, async () => {
    stubApi({});
    const { user } = renderApp('/signup');
    await user.type(await screen.findByLabelText('Full name'), 'Pat Provider');
    await user.click(screen.getByRole('tab', { name: ROLE_LABELS.provider }));

    // Nothing of the provider's form is rendered while part of it is missing: a button that moved as the rest arrived
    // would be somewhere else by the time the pointer reached it.
    expect(screen.queryByLabelText('Phone number')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeVisible();

    held.gate.release();
    expect(await screen.findByLabelText('Business name')).toBeVisible();
    expect(screen.getByLabelText('Phone number')).toBeVisible();
    expect(screen.getByRole('tab', { name: ROLE_LABELS.provider })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Full name')).toHaveValue('Pat Provider');
  });

  it(
    "opened as a provider's form before its fields are in (a link within the app), says they are loading, then renders them all",
    { timeout: 20_000 },
    async () => {
      stubApi({});
      renderApp('/signup?type=provider');
      expect(await screen.findByRole('status')).toHaveTextContent("Loading the provider's fields…");
      expect(screen.queryByLabelText('Phone number')).not.toBeInTheDocument();

      held.gate.release();
      expect(await screen.findByLabelText('Business name')).toBeVisible();
      expect(screen.getByLabelText('Phone number')).toBeVisible();
      expect(screen.queryByText("Loading the provider's fields…")).not.toBeInTheDocument();
    },
  );
});
