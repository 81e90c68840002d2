import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  FEEDBACK_MESSAGES,
  PROVIDER_PROFILE_MESSAGES,
  RESPONSE_TIME_MESSAGES,
  type FeedbackEntry,
  type FeedbackPage,
  type MyProviderPage,
  type ProviderProfile,
} from '@solutionz/shared';
import { StubbedApiError, stubApi, type ApiStubs } from '@/testing/fake-api';
import { createFakeAuth, fakeAccount } from '@/testing/fake-auth';
import { renderApp } from '@/testing/render';
import { addressWithTab, tabFromAddress } from './provider-profile-page';

/** The page's lazy chunk loads on first render; in a busy worker that takes longer than the default second. */

function providerPage(overrides: Partial<ProviderProfile> = {}): ProviderProfile {
  return {
    id: 'p-1',
    businessName: 'Aire Valley Plumbing',
    firstName: 'Priya',
    lastName: 'Patel',
    displayName: 'Aire Valley Plumbing',
    bio: 'Boilers, bathrooms and leaks across Leeds.',
    locationName: 'LS1 4',
    categories: ['Construction/Trade > Plumber'],
    skills: ['Boiler servicing'],
    socialLinks: { website: 'https://aire.example', instagram: 'https://instagram.com/aire' },
    rating: { average: 4.5, count: 2 },
    contact: { phone: '+44 113 496 0000' },
    memberSince: '2024-03-05T10:00:00.000Z',
    responseTime: null,
    ...overrides,
  };
}

function feedback(overrides: Partial<FeedbackEntry> = {}): FeedbackEntry {
  return {
    id: 'f-1',
    providerId: 'p-1',
    rating: 5,
    title: 'Fixed our boiler in an hour',
    description: 'Tidy, quick and fairly priced.',
    authorName: 'Chloe Clarke',
    createdAt: '2025-03-05T10:00:00.000Z',
    approved: true,
    verifiedJob: false,
    ...overrides,
  };
}

const page = (entries: FeedbackEntry[], nextCursor?: string): FeedbackPage => ({
  feedback: entries,
  ...(nextCursor ? { nextCursor } : {}),
  rating: { average: 4.5, count: entries.length },
});

const notListed = () => {
  throw new StubbedApiError(404, { error: { code: ERROR_CODES.notFound.code, message: PROVIDER_PROFILE_MESSAGES.notAvailable.text } });
};

const client = fakeAccount({ userId: 'c-1', accountType: 'client', email: 'chloe@example.com' });
const owner = fakeAccount({ userId: 'p-1', accountType: 'provider', email: 'priya@example.com', firstName: 'Priya', lastName: 'Patel' });
const otherProvider = fakeAccount({ userId: 'p-2', accountType: 'provider', email: 'sam@example.com' });

function open(entry: string, stubs: ApiStubs, signedInAs?: ReturnType<typeof fakeAccount>) {
  const api = stubApi({ listProviderFeedback: () => page([]), ...stubs });
  const app = renderApp(entry, createFakeAuth(signedInAs ? { signedInAs } : {}));
  return { ...app, api };
}

const toast = (text: string) => screen.findByText(text);

beforeAll(() => {
  // jsdom lays nothing out; action=contact scrolls the contact details into view.
  Element.prototype.scrollIntoView = () => undefined;
});

describe('provider page addresses', () => {
  it('open the tab the address names, About for action=contact, Feedback for action=feedback', () => {
    const tab = (search: string) => tabFromAddress(new URLSearchParams(search));
    expect(tab('')).toBe('about');
    expect(tab('tab=portfolio')).toBe('portfolio');
    expect(tab('tab=feedback&action=contact')).toBe('about');
    expect(tab('action=feedback')).toBe('feedback');
    expect(tab('tab=nonsense')).toBe('about');
  });

  it('write the chosen tab into the address and drop the one-off action', () => {
    expect(addressWithTab(new URLSearchParams('action=contact'), 'feedback').toString()).toBe('tab=feedback');
    expect(addressWithTab(new URLSearchParams('tab=feedback'), 'about').toString()).toBe('');
  });
});

describe('provider page', { timeout: 15_000 }, () => {
  it('shows a listed provider to a visitor: title, breadcrumb, header, social links and contact details', async () => {
    open('/directory/p-1', { getProvider: () => providerPage({ socialLinks: { website: 'https://aire.example', instagram: 'https://instagram.com/aire' } }) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Aire Valley Plumbing' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Aire Valley Plumbing | Solutionz'));
    expect(screen.getByRole('link', { name: PROVIDER_PROFILE_MESSAGES.breadcrumb })).toHaveAttribute('href', '/directory');
    expect(screen.getByText('Priya Patel')).toBeInTheDocument();
    expect(screen.getByText('4.5 (2 reviews)')).toBeInTheDocument();

    const social = within(screen.getByRole('list', { name: 'Social links' })).getAllByRole('link');
    expect(social.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')])).toEqual([
      ['Website of Aire Valley Plumbing (opens in a new tab)', 'https://aire.example', '_blank', 'noopener noreferrer'],
      ['Instagram of Aire Valley Plumbing (opens in a new tab)', 'https://instagram.com/aire', '_blank', 'noopener noreferrer'],
    ]);

    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['About', 'Portfolio', 'Feedback']);
    expect(screen.getByRole('tab', { name: 'About' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Boilers, bathrooms and leaks across Leeds.')).toBeInTheDocument();
    expect(screen.getByText('Member since 05 Mar 2024')).toBeInTheDocument();

    const contact = screen.getByRole('region', { name: 'Contact details' });
    expect(within(contact).getByRole('link', { name: '+44 113 496 0000' })).toHaveAttribute('href', 'tel:+441134960000');
    // A visitor saves nothing without signing in.
    expect(screen.queryByRole('button', { name: /^Save / })).not.toBeInTheDocument();
  });

  it('shows how fast the provider replies, measured, with the method in one sentence; "New on Solutionz" before that', async () => {
    open('/directory/p-1', {
      getProvider: () => providerPage({ responseTime: { conversations: 7, medianSeconds: 3 * 3600 + 60, repliedWithin48hPercent: 86 } }),
    });
    expect(await screen.findByText('Usually replies within 4 hours')).toBeInTheDocument();
    expect(screen.getByText('· Replies to 86% of clients within 48 hours')).toBeInTheDocument();
    expect(screen.getByText(RESPONSE_TIME_MESSAGES.method)).toBeInTheDocument();
    cleanup();

    open('/directory/p-1', { getProvider: () => providerPage({ responseTime: null }) });
    expect(await screen.findByText(RESPONSE_TIME_MESSAGES.newProvider)).toBeInTheDocument();
    expect(screen.queryByText(/Usually replies/)).not.toBeInTheDocument();
  });

  it('falls back to "Professional Service Provider" without a business name, and names the person in the title', async () => {
    open('/directory/p-1', { getProvider: () => providerPage({ businessName: undefined, displayName: 'Priya Patel', socialLinks: {} }) });
    expect(await screen.findByRole('heading', { level: 1, name: PROVIDER_PROFILE_MESSAGES.businessNameFallback })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Priya Patel | Solutionz'));
    expect(screen.queryByRole('list', { name: 'Social links' })).not.toBeInTheDocument();
  });

  it('says "Loading profile..." until the page arrives', async () => {
    // One pending answer made up front: the loading text can show before the page asks for the provider.
    let answer!: (value: ProviderProfile) => void;
    const pending = new Promise<ProviderProfile>((resolve) => (answer = resolve));
    open('/directory/p-1', { getProvider: () => pending });
    expect(await screen.findByText(PROVIDER_PROFILE_MESSAGES.loading)).toBeInTheDocument();
    answer(providerPage());
    expect(await screen.findByRole('heading', { level: 1, name: 'Aire Valley Plumbing' })).toBeInTheDocument();
    expect(screen.queryByText(PROVIDER_PROFILE_MESSAGES.loading)).not.toBeInTheDocument();
  });

  it('shows a provider who is not listed as not available, with the way back to the directory', async () => {
    open('/directory/p-9', { getProvider: notListed }, client);
    expect(await screen.findByRole('heading', { level: 1, name: PROVIDER_PROFILE_MESSAGES.notAvailable.title })).toBeInTheDocument();
    expect(screen.getByText(PROVIDER_PROFILE_MESSAGES.notAvailable.text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: PROVIDER_PROFILE_MESSAGES.notAvailable.back })).toHaveAttribute('href', '/directory');
    await waitFor(() => expect(document.title).toBe(PROVIDER_PROFILE_MESSAGES.notFoundTitle));
  });

  it('reports a page that cannot be read and goes back to the directory', async () => {
    const { router } = open('/directory/p-1', {
      getProvider: () => {
        throw new StubbedApiError(500, { error: { code: 'INTERNAL', message: 'Something went wrong' } });
      },
      listCategories: () => ({ groups: [] }),
      searchProviders: () => ({ providers: [] }),
    });
    expect(await toast('Profile not found')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/directory'));
  });

  it("follows a claimed business's old address to the account it moved to, keeping the tab, rendered from the answer in hand", async () => {
    const { router, api } = open('/directory/old-id?tab=feedback', {
      getProvider: ({ params }) => providerPage({ id: params.providerId === 'old-id' ? 'p-1' : params.providerId }),
    });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Aire Valley Plumbing' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/directory/p-1'));
    expect(router.state.location.search).toBe('?tab=feedback');
    // Once the page at the new address is rendered (the feedback tab is its own), it is the same page, never blanked to
    // a loading state, and the provider was asked once: the answer for the old address was already the new page.
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Feedback', selected: true })).toBeInTheDocument());
    await waitFor(() => expect(api.callsTo('listProviderFeedback').map((sent) => sent.params.providerId)).toContain('p-1'));
    expect(heading).toBeInTheDocument();
    expect(screen.queryByText(PROVIDER_PROFILE_MESSAGES.loading)).not.toBeInTheDocument();
    expect(api.callsTo('getProvider').map((sent) => sent.params.providerId)).toEqual(['old-id']);
  });

  it('shows the owner their own page through their own route, even unlisted, with their side card', async () => {
    const mine: MyProviderPage = { ...providerPage(), listed: false, unlistedReasons: ['noMembership'] };
    const { api } = open('/directory/p-1', { getMyProviderPage: () => mine, listMyProviderFeedback: () => page([]) }, owner);

    expect(await screen.findByRole('heading', { level: 1, name: 'Aire Valley Plumbing' })).toBeInTheDocument();
    expect(api.callsTo('getProvider')).toHaveLength(0);
    const card = screen.getByRole('region', { name: 'Your profile' });
    expect(within(card).getByText(PROVIDER_PROFILE_MESSAGES.unlisted.noMembership)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'See membership plans' })).toHaveAttribute('href', '/membership');
    expect(within(card).getByRole('link', { name: 'Account Settings' })).toHaveAttribute('href', '/account');
    expect(within(card).getByRole('link', { name: 'Edit Full Profile' })).toHaveAttribute('href', '/account?tab=profile');
    // Nobody saves or reviews themselves.
    expect(screen.queryByRole('button', { name: 'Leave Feedback' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Save / })).not.toBeInTheDocument();
  });

  it.each([
    ['a signed-in provider to their own page', owner, '/directory/p-1'],
    ['a client, who has no page, to the list', client, '/directory'],
    ['a visitor to the list', undefined, '/directory'],
  ] as const)('sends a provider page asked for without an id: %s', async (_who, account, pathname) => {
    const { router } = open(
      '/directory/%20',
      {
        getMyProviderPage: () => ({ ...providerPage(), listed: true, unlistedReasons: [] }),
        listCategories: () => ({ groups: [] }),
        searchProviders: () => ({ providers: [] }),
      },
      account,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
    expect(await screen.findByRole('heading', { level: 1, name: pathname === '/directory' ? 'Professionals' : 'Aire Valley Plumbing' })).toBeInTheDocument();
  });

  it('opens the tab the address names, and a chosen tab goes into the address', async () => {
    const { user, router } = open('/directory/p-1?action=contact', { getProvider: () => providerPage() });
    expect(await screen.findByRole('tab', { name: 'About', selected: true })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Feedback' }));
    expect(router.state.location.search).toBe('?tab=feedback');
    expect(await screen.findByRole('heading', { level: 2, name: 'Feedback' })).toBeInTheDocument();
  });

  it("sends a signed-out visitor from the tab's Add Feedback to log in (redirect=), back to the feedback form, and says why", async () => {
    const { user, router } = open('/directory/p-1?tab=feedback', { getProvider: () => providerPage() });
    await user.click(await screen.findByRole('button', { name: 'Add Feedback' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/directory/p-1?action=feedback');
    expect(await screen.findByText(FEEDBACK_MESSAGES.loginRequired.description)).toBeInTheDocument();
  });

  it("sends a signed-out visitor from the side card's Leave Feedback to log in (return=), back to the feedback form, and says why", async () => {
    const { user, router } = open('/directory/p-1', { getProvider: () => providerPage() });
    await user.click(await screen.findByRole('button', { name: 'Leave Feedback' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('return')).toBe('/directory/p-1?action=feedback');
    expect(await screen.findByText(FEEDBACK_MESSAGES.loginRequired.description)).toBeInTheDocument();
  });

  it('lists feedback newest first with its dates, the verified label and the reply, and loads more', async () => {
    const first = feedback({
      verifiedJob: true,
      reply: { text: 'Thank you, Chloe!', createdAt: '2025-03-06T09:00:00.000Z', updatedAt: '2025-03-06T09:00:00.000Z' },
    });
    const second = feedback({ id: 'f-2', title: 'Reliable', authorName: 'Anonymous User', createdAt: '2025-01-15T10:00:00.000Z', description: undefined });
    const { user } = open('/directory/p-1?tab=feedback', {
      getProvider: () => providerPage(),
      listProviderFeedback: ({ query }) => (query.cursor ? page([second]) : page([first], 'next')),
    });

    const list = await screen.findByRole('list', { name: 'Feedback' });
    const entry = within(list).getByRole('article', { name: first.title });
    expect(within(entry).getByRole('img', { name: 'Rating: 5 out of 5 stars' })).toBeInTheDocument();
    expect(within(entry).getByText('Chloe Clarke · 05 Mar 2025')).toBeInTheDocument();
    expect(within(entry).getByText('Verified job')).toBeInTheDocument();
    expect(within(entry).getByText('Thank you, Chloe!')).toBeInTheDocument();
    expect(within(entry).getByText('Mar 6, 2025')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByRole('article', { name: 'Reliable' })).toBeInTheDocument();
    expect(within(list).getByText('Anonymous User · 15 Jan 2025')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('lets a client leave feedback once: the form checks the rating and title, then it is published', async () => {
    let mine: FeedbackEntry | undefined;
    const { user, api } = open(
      '/directory/p-1',
      {
        getProvider: () => providerPage(),
        getMyFeedbackFor: () => {
          if (!mine) throw new StubbedApiError(404, { error: { code: ERROR_CODES.notFound.code, message: FEEDBACK_MESSAGES.notFound } });
          return mine;
        },
        createFeedback: ({ body }) => (mine = feedback({ id: 'f-9', ...body, authorName: 'Chloe Clarke' })),
      },
      client,
    );

    await user.click(await screen.findByRole('button', { name: 'Leave Feedback' }));
    expect(screen.getByRole('tab', { name: 'Feedback', selected: true })).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Leave feedback' });
    expect(
      within(form)
        .getAllByRole('radio')
        .some((radio) => (radio as HTMLInputElement).checked),
    ).toBe(false);

    await user.click(within(form).getByRole('button', { name: 'Submit Feedback' }));
    expect(await within(form).findByText(FEEDBACK_MESSAGES.ratingRequired)).toBeInTheDocument();
    expect(within(form).getByText(FEEDBACK_MESSAGES.titleRequired)).toBeInTheDocument();
    expect(api.callsTo('createFeedback')).toHaveLength(0);

    await user.click(within(form).getByRole('radio', { name: '4 stars' }));
    await user.type(within(form).getByRole('textbox', { name: /Title/ }), '  Great work  ');
    await user.click(within(form).getByRole('button', { name: 'Submit Feedback' }));

    expect(await toast(FEEDBACK_MESSAGES.published.description)).toBeInTheDocument();
    expect(api.callsTo('createFeedback')[0]?.body).toEqual({ rating: 4, title: 'Great work', description: '' });
    const yours = await screen.findByRole('region', { name: 'Your feedback' });
    expect(within(yours).getByRole('article', { name: 'Great work' })).toBeInTheDocument();
    expect(within(yours).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Feedback' })).not.toBeInTheDocument();
  });

  it('shows the API’s duplicate message and the feedback already there when a client tries a second time', async () => {
    let calls = 0;
    const existing = feedback({ id: 'f-3', title: 'Left in another tab' });
    const { user } = open(
      '/directory/p-1?action=feedback',
      {
        getProvider: () => providerPage(),
        getMyFeedbackFor: () => {
          if (calls++ === 0) throw new StubbedApiError(404, { error: { code: ERROR_CODES.notFound.code, message: FEEDBACK_MESSAGES.notFound } });
          return existing;
        },
        createFeedback: () => {
          throw new StubbedApiError(409, { error: { code: ERROR_CODES.conflict.code, message: FEEDBACK_MESSAGES.duplicate } });
        },
      },
      client,
    );

    const form = await screen.findByRole('form', { name: 'Leave feedback' });
    await user.click(within(form).getByRole('radio', { name: '5 stars' }));
    await user.type(within(form).getByRole('textbox', { name: /Title/ }), 'Twice');
    await user.click(within(form).getByRole('button', { name: 'Submit Feedback' }));

    expect(await toast(FEEDBACK_MESSAGES.submitFailed.title)).toBeInTheDocument();
    const yours = await screen.findByRole('region', { name: 'Your feedback' });
    expect(within(yours).getByText(FEEDBACK_MESSAGES.duplicate)).toBeInTheDocument();
    expect(within(yours).getByRole('article', { name: 'Left in another tab' })).toBeInTheDocument();
  });

  it('lets a client edit their feedback and delete it after confirming', async () => {
    let mine: FeedbackEntry | undefined = feedback({ id: 'f-4', title: 'Good', rating: 3 });
    const { user, api } = open(
      '/directory/p-1?tab=feedback',
      {
        getProvider: () => providerPage(),
        getMyFeedbackFor: () => {
          if (!mine) throw new StubbedApiError(404, { error: { code: ERROR_CODES.notFound.code, message: FEEDBACK_MESSAGES.notFound } });
          return mine;
        },
        updateMyFeedback: ({ body }) => (mine = { ...mine!, ...body }),
        deleteMyFeedback: () => {
          mine = undefined;
          return { providerId: 'p-1', deleted: true as const };
        },
      },
      client,
    );

    const yours = await screen.findByRole('region', { name: 'Your feedback' });
    await user.click(within(yours).getByRole('button', { name: 'Edit' }));
    const form = within(yours).getByRole('form', { name: 'Edit your feedback' });
    expect(within(form).getByRole('radio', { name: '3 stars' })).toBeChecked();
    const title = within(form).getByRole('textbox', { name: /Title/ });
    await user.clear(title);
    await user.type(title, 'Very good');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await toast(FEEDBACK_MESSAGES.updated)).toBeInTheDocument();
    expect(api.callsTo('updateMyFeedback')[0]?.body).toMatchObject({ rating: 3, title: 'Very good' });
    expect(await within(yours).findByRole('article', { name: 'Very good' })).toBeInTheDocument();

    await user.click(within(yours).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete feedback' });
    expect(within(dialog).getByText(FEEDBACK_MESSAGES.deleteConfirm)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await toast(FEEDBACK_MESSAGES.deleted)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Add Feedback' })).toBeInTheDocument();
    expect(api.callsTo('deleteMyFeedback')).toHaveLength(1);
  });

  it('lets the owner reply (Submit waits for text) and edit the reply', async () => {
    let entry = feedback({ approved: false });
    const mine: MyProviderPage = { ...providerPage(), listed: true, unlistedReasons: [] };
    const { user, api } = open(
      '/directory/p-1?tab=feedback',
      {
        getMyProviderPage: () => mine,
        listMyProviderFeedback: () => page([entry]),
        replyToFeedback: ({ body }) => {
          const now = entry.reply ? '2025-04-02T10:00:00.000Z' : '2025-04-01T10:00:00.000Z';
          const created = !entry.reply;
          entry = { ...entry, reply: { text: body.text, createdAt: entry.reply?.createdAt ?? now, updatedAt: now } };
          return { created, feedback: entry };
        },
      },
      owner,
    );

    const article = await screen.findByRole('article', { name: entry.title });
    expect(within(article).getByText('Not published')).toBeInTheDocument();
    await user.click(within(article).getByRole('button', { name: `Reply to ${entry.title}` }));
    const submit = within(article).getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await user.type(within(article).getByRole('textbox', { name: 'Your reply' }), '   ');
    expect(submit).toBeDisabled();
    await user.type(within(article).getByRole('textbox', { name: 'Your reply' }), 'Thank you!');
    await user.click(submit);
    expect(await toast(FEEDBACK_MESSAGES.reply.submitted)).toBeInTheDocument();
    expect(await within(article).findByText('Thank you!')).toBeInTheDocument();
    expect(within(article).getByText('Apr 1, 2025')).toBeInTheDocument();

    await user.click(within(article).getByRole('button', { name: `Edit reply to ${entry.title}` }));
    const text = within(article).getByRole('textbox', { name: 'Edit your reply' });
    await user.clear(text);
    await user.type(text, 'Thank you, Chloe!');
    await user.click(within(article).getByRole('button', { name: 'Save' }));
    expect(await toast(FEEDBACK_MESSAGES.reply.updated)).toBeInTheDocument();
    expect(await within(article).findByText('Thank you, Chloe!')).toBeInTheDocument();
    expect(within(article).getByText('Edited Apr 2, 2025')).toBeInTheDocument();
    expect(api.callsTo('replyToFeedback').map((call) => call.params.feedbackId)).toEqual(['f-1', 'f-1']);
  });

  it('tells the owner when a reply fails', async () => {
    const entry = feedback();
    const { user } = open(
      '/directory/p-1?tab=feedback',
      {
        getMyProviderPage: () => ({ ...providerPage(), listed: true, unlistedReasons: [] }),
        listMyProviderFeedback: () => page([entry]),
        replyToFeedback: () => {
          throw new StubbedApiError(403, { error: { code: ERROR_CODES.forbidden.code, message: FEEDBACK_MESSAGES.reply.notYours } });
        },
      },
      owner,
    );
    const article = await screen.findByRole('article', { name: entry.title });
    await user.click(within(article).getByRole('button', { name: `Reply to ${entry.title}` }));
    await user.type(within(article).getByRole('textbox', { name: 'Your reply' }), 'Thanks');
    await user.click(within(article).getByRole('button', { name: 'Submit' }));
    expect(await toast(FEEDBACK_MESSAGES.reply.submitFailed.title)).toBeInTheDocument();
    expect(screen.getByText(FEEDBACK_MESSAGES.reply.notYours)).toBeInTheDocument();
  });

  it('offers another provider no feedback form, only the save button', async () => {
    const { api } = open('/directory/p-1?tab=feedback', { getProvider: () => providerPage(), listSavedProviders: () => ({ saved: [] }) }, otherProvider);
    expect(await screen.findByText(FEEDBACK_MESSAGES.clientsOnly)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Feedback' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave Feedback' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Save Aire Valley Plumbing' })).toBeInTheDocument();
    expect(api.callsTo('getMyFeedbackFor')).toHaveLength(0);
  });
});
