import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, MESSAGES, PORTFOLIO_MESSAGES, type MeResponse, type PortfolioItem } from '@solutionz/shared';
import { StubbedApiError, stubApi, type ApiStubs } from '@/testing/fake-api';
import { createFakeAuth, fakeAccount } from '@/testing/fake-auth';
import { renderApp, renderWithProviders } from '@/testing/render';
import { PortfolioTab } from './portfolio-tab';

const AT = '2026-03-01T10:00:00.000Z';
const OWNER = 'priya';

const kitchen: PortfolioItem = {
  id: 'kitchen',
  title: 'Kitchen refit',
  description: 'Oak worktops and a new sink in Didsbury.',
  media: [
    { id: 'm1', type: 'image', url: '/media/portfolio/priya/m1.webp', thumbnailUrl: '/media/portfolio/priya/m1-thumb.webp', filename: 'before.jpg' },
    { id: 'm2', type: 'image', url: '/media/portfolio/priya/m2.webp', thumbnailUrl: '/media/portfolio/priya/m2-thumb.webp', filename: 'after.png' },
    { id: 'm3', type: 'video', url: '/media/portfolio/priya/m3.mp4', filename: 'walkthrough.mp4' },
  ],
  createdAt: AT,
  updatedAt: AT,
};
/** An item from the old single-image portfolio. */
const legacy: PortfolioItem = {
  id: 'legacy',
  title: 'Garden wall',
  media: [{ id: 'legacy-0', type: 'image', url: '/media/portfolio/priya/wall.jpg', filename: 'wall.jpg' }],
  createdAt: AT,
  updatedAt: AT,
};

const subscribed = { isSubscribed: true, tier: 'monthly', expiresAt: '2099-01-01T00:00:00.000Z', cancelAtPeriodEnd: false, paymentFailed: false } as const;

/** The owner's portfolio in memory behind the routes the tab calls. */
function ownerApi(initial: PortfolioItem[], extra: ApiStubs = {}) {
  let items = [...initial];
  return stubApi({
    listCategories: () => ({ groups: [] }),
    listMyPortfolio: () => ({ items }),
    reorderPortfolio: ({ body }) => {
      items = body.itemIds.map((id) => items.find((item) => item.id === id)!);
      return { items };
    },
    updatePortfolioItem: ({ params, body }) => {
      const before = items.find((item) => item.id === params.itemId)!;
      const media = body.media.map((each) => before.media.find((media) => 'id' in each && media.id === each.id)!);
      const saved = { ...before, title: body.title, ...(body.description ? { description: body.description } : {}), media, updatedAt: AT };
      items = items.map((item) => (item.id === saved.id ? saved : item));
      return saved;
    },
    deletePortfolioItem: ({ params }) => {
      items = items.filter((item) => item.id !== params.itemId);
      return { itemId: params.itemId, deleted: true };
    },
    ...extra,
  });
}

/** /profile's Portfolio tab, signed in as the provider who owns it. */
async function openOwnPortfolio(profile: Partial<MeResponse> = { subscription: subscribed }) {
  const view = renderApp('/profile', createFakeAuth({ signedInAs: fakeAccount({ userId: OWNER, accountType: 'provider', ...profile }) }));
  await view.user.click(await screen.findByRole('tab', { name: 'Portfolio' }));
  return view;
}

const card = (title: string) => screen.getByRole('article', { name: title });
const cardTitles = () => screen.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent);

describe('PortfolioTab for a visitor', () => {
  it('shows each item with its title, description and files, and a legacy item as one image', async () => {
    stubApi({ getProviderPortfolio: ({ params }) => ({ items: params.providerId === OWNER ? [kitchen, legacy] : [] }) });
    const { user } = renderWithProviders(<PortfolioTab providerId={OWNER} isOwner={false} />);

    const kitchenCard = await screen.findByRole('article', { name: 'Kitchen refit' });
    expect(within(kitchenCard).getByText('Oak worktops and a new sink in Didsbury.')).toBeInTheDocument();
    expect(within(kitchenCard).getByRole('img', { name: 'Kitchen refit: image 1 of 3' })).toHaveAttribute('src', '/media/portfolio/priya/m1-thumb.webp');
    const strip = within(kitchenCard).getByRole('list', { name: 'Photos and videos of Kitchen refit' });
    expect(
      within(strip)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Show Kitchen refit: image 1 of 3', 'Show Kitchen refit: image 2 of 3', 'Show Kitchen refit: video 3 of 3']);

    await user.click(within(strip).getByRole('button', { name: 'Show Kitchen refit: video 3 of 3' }));
    const video = kitchenCard.querySelector('video')!;
    expect(video).toHaveAttribute('aria-label', 'Kitchen refit: video 3 of 3');
    expect(video).toHaveAttribute('src', '/media/portfolio/priya/m3.mp4');
    expect(video).toHaveAttribute('poster', '/video-poster.svg');
    expect(video).toHaveAttribute('controls');

    const wall = card('Garden wall');
    expect(within(wall).getByRole('img', { name: 'Garden wall: image' })).toHaveAttribute('src', '/media/portfolio/priya/wall.jpg');
    expect(within(wall).queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Move up|Edit|Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Portfolio Item' })).not.toBeInTheDocument();
  });

  it('opens an image larger in a dialog from the keyboard, and closes it with Escape', async () => {
    stubApi({ getProviderPortfolio: () => ({ items: [kitchen] }) });
    const { user } = renderWithProviders(<PortfolioTab providerId={OWNER} isOwner={false} />);
    const open = await screen.findByRole('button', { name: 'View larger: Kitchen refit: image 1 of 3' });
    open.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Kitchen refit' });
    expect(within(dialog).getByRole('img', { name: 'Kitchen refit: image 1 of 3' })).toHaveAttribute('src', '/media/portfolio/priya/m1.webp');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the placeholder picture in place of an image that cannot be loaded', async () => {
    stubApi({ getProviderPortfolio: () => ({ items: [legacy] }) });
    renderWithProviders(<PortfolioTab providerId={OWNER} isOwner={false} />);
    const image = await screen.findByRole('img', { name: 'Garden wall: image' });
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', '/placeholder-image.svg');
  });

  it('says so when there is nothing yet', async () => {
    stubApi({ getProviderPortfolio: () => ({ items: [] }) });
    renderWithProviders(<PortfolioTab providerId={OWNER} isOwner={false} />);
    expect(await screen.findByRole('heading', { name: 'No portfolio items yet' })).toBeInTheDocument();
    expect(screen.getByText("This professional hasn't added any photos or videos of their work yet.")).toBeInTheDocument();
  });
});

describe('PortfolioTab for its owner', () => {
  it('sends a provider without a membership who wants to add an item to /membership, saying why', async () => {
    ownerApi([]);
    const { user, router } = await openOwnPortfolio({});
    await user.click(await screen.findByRole('button', { name: 'Add Portfolio Item' }));
    expect(await screen.findByText(MESSAGES.api.subscriptionRequired)).toBeInTheDocument();
    expect(screen.getByText(PORTFOLIO_MESSAGES.subscriptionRequired.description)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose Your Membership Plan' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/membership');
  });

  it('lets a provider without a membership still delete an item', async () => {
    const api = ownerApi([legacy]);
    const { user } = await openOwnPortfolio({});
    await user.click(await screen.findByRole('button', { name: 'Delete: Garden wall' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this portfolio item?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(PORTFOLIO_MESSAGES.deleted)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No portfolio items yet' })).toBeInTheDocument();
    expect(api.callsTo('deletePortfolioItem').map((call) => call.params)).toEqual([{ itemId: 'legacy' }]);
  });

  it('moves an item down and back up, keeping focus on the moved item', async () => {
    const api = ownerApi([kitchen, legacy]);
    const { user } = await openOwnPortfolio();
    await user.click(await screen.findByRole('button', { name: 'Move down: Kitchen refit' }));

    await waitFor(() => expect(cardTitles()).toEqual(['Garden wall', 'Kitchen refit']));
    expect(api.callsTo('reorderPortfolio').map((call) => call.body)).toEqual([{ itemIds: ['legacy', 'kitchen'] }]);
    // Now last, its Move down is disabled: focus waits on its Move up.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move up: Kitchen refit' })).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Move down: Kitchen refit' })).toBeDisabled();
    expect(screen.getByText('Kitchen refit moved to position 2 of 2.')).toBeInTheDocument();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(cardTitles()).toEqual(['Kitchen refit', 'Garden wall']));
    expect(api.callsTo('reorderPortfolio')).toHaveLength(2);
  });

  it('puts the order back and says why when the API refuses it', async () => {
    ownerApi([kitchen, legacy], {
      reorderPortfolio: () => {
        throw new StubbedApiError(409, { error: { code: ERROR_CODES.conflict.code, message: PORTFOLIO_MESSAGES.orderOutdated } });
      },
    });
    const { user } = await openOwnPortfolio();
    await user.click(await screen.findByRole('button', { name: 'Move up: Garden wall' }));
    expect(await screen.findByText(PORTFOLIO_MESSAGES.orderOutdated)).toBeInTheDocument();
    await waitFor(() => expect(cardTitles()).toEqual(['Kitchen refit', 'Garden wall']));
  });

  it('asks for a title and at least one file before saving a new item, and sends nothing', async () => {
    const api = ownerApi([]);
    const { user } = await openOwnPortfolio();
    await user.click(await screen.findByRole('button', { name: 'Add Portfolio Item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Portfolio Item' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText(PORTFOLIO_MESSAGES.titleRequired)).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(PORTFOLIO_MESSAGES.mediaRequired.description);
    expect(await screen.findByText(PORTFOLIO_MESSAGES.mediaRequired.title)).toBeInTheDocument();
    expect(api.callsTo('createPortfolioItem')).toEqual([]);
  });

  it('refuses a file of another type in the browser: named beside the file and in one toast, and nothing is asked of the API', async () => {
    const api = ownerApi([]);
    const { user } = await openOwnPortfolio();
    await user.click(await screen.findByRole('button', { name: 'Add Portfolio Item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Portfolio Item' });
    fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [new File(['%PDF-1.4'], 'quote.pdf', { type: 'application/pdf' })] } });

    const row = (await within(dialog).findByText('quote.pdf is not a supported media file', { selector: 'li p' })).closest('li')!;
    expect(within(row).getByText('quote.pdf')).toBeInTheDocument();
    expect(await screen.findAllByText(PORTFOLIO_MESSAGES.wrongType.title)).toHaveLength(1);
    expect(api.callsTo('createPortfolioUploads')).toEqual([]);
  });

  it('edits an item: a new title, one file removed, the rest kept by id', async () => {
    const api = ownerApi([kitchen]);
    const { user } = await openOwnPortfolio();
    await user.click(await screen.findByRole('button', { name: 'Edit: Kitchen refit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Portfolio Item' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Kitchen and utility refit');
    await user.click(within(dialog).getByRole('button', { name: 'Remove after.png' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(PORTFOLIO_MESSAGES.saved)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('updatePortfolioItem').map((call) => [call.params, call.body])).toEqual([
      [
        { itemId: 'kitchen' },
        { title: 'Kitchen and utility refit', description: 'Oak worktops and a new sink in Didsbury.', media: [{ id: 'm1' }, { id: 'm3' }] },
      ],
    ]);
    expect(await screen.findByRole('article', { name: 'Kitchen and utility refit' })).toBeInTheDocument();
  });

  it('shows the API’s reason next to the file it refused, and as a toast', async () => {
    const message = 'That media file is no longer part of this item. Please reload and try again.';
    ownerApi([kitchen], {
      updatePortfolioItem: () => {
        throw new StubbedApiError(400, { error: { code: ERROR_CODES.validation.code, message, fields: { 'body.media.1': message } } });
      },
    });
    const { user } = await openOwnPortfolio();
    await user.click(await screen.findByRole('button', { name: 'Edit: Kitchen refit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Portfolio Item' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const row = (await within(dialog).findByText(message, { selector: 'li p' })).closest('li')!;
    expect(within(row).getByText('after.png')).toBeInTheDocument();
    expect(screen.getByText(PORTFOLIO_MESSAGES.uploadFailed.title)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Portfolio Item' })).toBeInTheDocument();
  });

  it('sends a provider whose membership ended meanwhile to /membership when the API refuses the save', async () => {
    ownerApi([kitchen], {
      updatePortfolioItem: () => {
        throw new StubbedApiError(403, { error: { code: ERROR_CODES.forbidden.code, message: MESSAGES.api.subscriptionRequired } });
      },
    });
    const { user, router } = await openOwnPortfolio();
    await user.click(await screen.findByRole('button', { name: 'Edit: Kitchen refit' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Edit Portfolio Item' })).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose Your Membership Plan' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/membership');
    expect(screen.getByText(PORTFOLIO_MESSAGES.subscriptionRequired.description)).toBeInTheDocument();
  });
});
