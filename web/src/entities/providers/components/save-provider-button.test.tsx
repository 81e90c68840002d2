import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DIRECTORY_MESSAGES, ERROR_CODES } from '@solutionz/shared';
import { StubbedApiError, stubApi } from '@/testing/fake-api';
import { createFakeAuth, fakeAccount } from '@/testing/fake-auth';
import { renderWithProviders } from '@/testing/render';
import { SaveProviderButton } from './save-provider-button';

const SAVED_AT = '2026-11-21T12:00:00.000Z';

/** The same professional twice on one page (a card and, say, a side list), as the signed-in `account`. */
function renderTwice(account = fakeAccount({ userId: 'cara' })) {
  return renderWithProviders(
    <>
      <SaveProviderButton providerId="priya" providerName="Patel Electrical" />
      <SaveProviderButton providerId="priya" providerName="Patel Electrical" />
      <SaveProviderButton providerId="omar" providerName="Omar Builds" />
    </>,
    createFakeAuth({ signedInAs: account }),
  );
}

/** An API holding one person's saved ids in memory. */
function savedApi(initial: string[], refuse?: 'save' | 'unsave') {
  const saved = new Set(initial);
  const refusal = () => new StubbedApiError(404, { error: { code: ERROR_CODES.notFound.code, message: DIRECTORY_MESSAGES.unknownProvider } });
  return stubApi({
    listSavedProviders: () => ({ saved: [...saved].map((providerId) => ({ providerId, savedAt: SAVED_AT, provider: null })) }),
    saveProvider: ({ params }) => {
      if (refuse === 'save') throw refusal();
      saved.add(params.providerId);
      return { providerId: params.providerId, saved: true };
    },
    unsaveProvider: ({ params }) => {
      if (refuse === 'unsave') throw refusal();
      saved.delete(params.providerId);
      return { providerId: params.providerId, saved: false };
    },
  });
}

describe('SaveProviderButton', () => {
  it('is not there for a visitor who is not signed in, who has no saved list to read', async () => {
    const api = savedApi([]);
    renderWithProviders(<SaveProviderButton providerId="priya" providerName="Patel Electrical" />);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(api.callsTo('listSavedProviders')).toEqual([]);
  });

  it('is not there on the person’s own card', async () => {
    savedApi([]);
    renderTwice(fakeAccount({ userId: 'priya', accountType: 'provider' }));
    expect(await screen.findByRole('button', { name: 'Save Omar Builds' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Patel Electrical/ })).not.toBeInTheDocument();
  });

  it('saves a professional, and every button for them on the page says so at once', async () => {
    const api = savedApi(['omar']);
    const { user } = renderTwice();
    const [first] = await screen.findAllByRole('button', { name: 'Save Patel Electrical' });
    expect(await screen.findByRole('button', { name: 'Remove Omar Builds from saved' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(first).toBeEnabled());
    expect(first).toHaveAttribute('aria-pressed', 'false');

    await user.click(first!);

    const removes = await screen.findAllByRole('button', { name: 'Remove Patel Electrical from saved' });
    expect(removes).toHaveLength(2);
    for (const button of removes) expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText(DIRECTORY_MESSAGES.saved)).toBeInTheDocument();
    expect(api.callsTo('saveProvider').map((call) => call.params.providerId)).toEqual(['priya']);

    await user.click(removes[1]!);
    expect(await screen.findAllByRole('button', { name: 'Save Patel Electrical' })).toHaveLength(2);
    expect(await screen.findByText(DIRECTORY_MESSAGES.removed)).toBeInTheDocument();
  });

  it('goes back to how it was, and says the action failed, when the API refuses', async () => {
    savedApi([], 'save');
    const { user } = renderTwice();
    const [first] = await screen.findAllByRole('button', { name: 'Save Patel Electrical' });
    await waitFor(() => expect(first).toBeEnabled());

    await user.click(first!);

    expect(await screen.findByText(DIRECTORY_MESSAGES.saveFailed)).toBeInTheDocument();
    expect(screen.getByText(DIRECTORY_MESSAGES.unknownProvider)).toBeInTheDocument();
    const buttons = await screen.findAllByRole('button', { name: 'Save Patel Electrical' });
    for (const button of buttons) expect(button).toHaveAttribute('aria-pressed', 'false');
  });
});
