import { PRODUCT_NAME, PROVIDER_PROFILE_MESSAGES } from '@solutionz/shared';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { renderedRootIn, watchTakeOver } from './support/hydration';
import { watchZod } from './support/scripts';
import { hideProvider, listedProvider, profileTabs, sideCard } from './support/provider-page';
import { logInOnPage } from './support/session';

/**
 * The provider's page, /directory/{id} (docs/product/provider-profile.md): what a visitor sees of a
 * listed provider, tab by tab; a provider who is not listed; the owner's own page and its side card;
 * a signed-out visitor who logs in to leave feedback and comes back to the form.
 */

test.describe('a visitor', () => {
  test('sees a listed provider: title, breadcrumb, header with social links, tabs and contact details, without serious axe findings', async ({
    page,
    accounts,
  }) => {
    // Three axe runs over a whole page and a walk through its tabs: 21 s in CI beside the other lane, near the default 30.
    test.slow();
    const provider = await listedProvider(accounts, {
      bio: 'Boilers, bathrooms and emergency call-outs across West Yorkshire.',
      skills: ['Boiler servicing'],
      socialLinks: { website: 'pennine-plumbing.example', instagram: 'https://instagram.com/pennine', linkedin: '' },
    });

    // The page arrives server-rendered: its content is in the HTML before any script runs.
    const html = await (await page.request.get(`/directory/${provider.userId}`)).text();
    const root = renderedRootIn(html);
    for (const text of [provider.businessName, 'Boilers, bathrooms and emergency call-outs across West Yorkshire.', 'Boiler servicing', 'Contact details'])
      expect(root, text).toContain(text);

    const takeOver = await watchTakeOver(page, 'main h1');
    const zod = watchZod(page);
    await page.goto(`/directory/${provider.userId}`);
    await expect(page.getByRole('heading', { level: 1, name: provider.businessName })).toBeVisible();
    await expect(page).toHaveTitle(`${provider.businessName} | ${PRODUCT_NAME}`);
    const main = page.getByRole('main');
    await expect(main.getByText(provider.fullName, { exact: true })).toBeVisible();
    await expect(main.getByText('No reviews yet')).toBeVisible();

    const social = main.getByRole('list', { name: 'Social links' }).getByRole('link');
    await expect(social).toHaveCount(2);
    await expect(social.first()).toHaveAttribute('href', 'https://pennine-plumbing.example');
    await expect(social.first()).toHaveAttribute('target', '_blank');
    await expect(social.first()).toHaveAttribute('rel', /noopener/);
    await expect(social.nth(1)).toHaveAttribute('href', 'https://instagram.com/pennine');

    await expect(profileTabs(page).getByRole('tab')).toHaveText(['About', 'Portfolio', 'Feedback']);
    await expect(main.getByText('Boilers, bathrooms and emergency call-outs across West Yorkshire.')).toBeVisible();
    await expect(sideCard(page, 'Contact details').getByRole('link', { name: '+44 161 496 0000' })).toHaveAttribute('href', 'tel:+441614960000');
    expect(await seriousViolations(page)).toEqual([]);
    // The Profile tab loads no zod (docs/web.md#calling-the-api); the Feedback and Portfolio tabs and the message form may, when opened.
    expect(await zod.loaded()).toEqual([]);

    // The tabs work from the keyboard, and the one chosen is in the address.
    await profileTabs(page).getByRole('tab', { name: 'About' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(profileTabs(page).getByRole('tab', { name: 'Portfolio' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(profileTabs(page).getByRole('tab', { name: 'Feedback' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/\?tab=feedback$/);
    await expect(main.getByRole('heading', { name: 'No feedback yet' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // The app took over the very heading the server rendered (hydrated in place, not rendered again), without a complaint.
    expect(await takeOver.hydratedInPlace()).toBe(true);
    expect(takeOver.problems).toEqual([]);

    await profileTabs(page).getByRole('tab', { name: 'Portfolio' }).click();
    await expect(page).toHaveURL(/\?tab=portfolio$/);
    expect(await seriousViolations(page)).toEqual([]);

    // A link to the Feedback tab opens it; the breadcrumb goes back to the list.
    await page.goto(`/directory/${provider.userId}?tab=feedback`);
    await expect(profileTabs(page).getByRole('tab', { name: 'Feedback' })).toHaveAttribute('aria-selected', 'true');
    await page.goto(`/directory/${provider.userId}?tab=feedback&action=contact`);
    await expect(profileTabs(page).getByRole('tab', { name: 'About' })).toHaveAttribute('aria-selected', 'true');
    await main.getByRole('link', { name: PROVIDER_PROFILE_MESSAGES.breadcrumb }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Professionals' })).toBeVisible();
  });

  test('gets a page rendered for the visit without the app reading it again, and a cached response read once more as the app starts', async ({
    page,
    accounts,
  }) => {
    const provider = await listedProvider(accounts, { bio: 'Fences, gates and decking around Leeds.' });
    const reads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/providers/${provider.userId}`) reads.push(request.method());
    });

    // No one has asked for the page yet, so the CDN has no cached response: the page function renders it for this visit,
    // and the app takes what it was rendered with as current (the edge says so in Server-Timing, as CloudFront does).
    const first = await page.goto(`/directory/${provider.userId}`);
    expect(first?.headers()['server-timing']).toBe('cdn-cache-miss');
    await expect(page.getByRole('main').getByText('Fences, gates and decking around Leeds.')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(reads).toEqual([]);

    // The CDN caches the page a few minutes: the cached response may be as old as that, so the app reads the provider
    // once more. Another test's moderation purges every provider page meanwhile (/directory*), so a reload can find
    // nothing cached again: it is then rendered for that visit too, and read no more; the next reload is a cache hit.
    for (let reload = 1; ; reload += 1) {
      reads.length = 0;
      const again = await page.reload();
      if (again?.headers()['server-timing'] === 'cdn-cache-hit') break;
      expect(again?.headers()['server-timing']).toBe('cdn-cache-miss');
      await page.locator('#root[data-prerendered]').waitFor({ state: 'detached' });
      await page.waitForLoadState('networkidle');
      expect(reads).toEqual([]);
      expect(reload, 'the CDN cached none of three reloads of the page').toBeLessThan(3);
    }
    await expect.poll(() => reads).toEqual(['GET']);
    await expect(page.getByRole('main').getByText('Fences, gates and decking around Leeds.')).toBeVisible();
  });

  test('sees a hidden provider as not available, and goes back to the directory', async ({ page, accounts }) => {
    const provider = await listedProvider(accounts);
    await hideProvider(provider);

    await page.goto(`/directory/${provider.userId}`);
    await expect(page.getByRole('heading', { level: 1, name: PROVIDER_PROFILE_MESSAGES.notAvailable.title })).toBeVisible();
    await expect(page.getByText(PROVIDER_PROFILE_MESSAGES.notAvailable.text)).toBeVisible();
    await expect(page).toHaveTitle(PROVIDER_PROFILE_MESSAGES.notFoundTitle);
    await expect(page.getByText(provider.businessName!)).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: PROVIDER_PROFILE_MESSAGES.notAvailable.back }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Professionals' })).toBeVisible();
  });

  test('logs in from Leave Feedback and comes back to the feedback form', async ({ page, accounts }) => {
    const [provider, client] = await Promise.all([listedProvider(accounts), accounts.create('client')]);
    await page.goto(`/directory/${provider.userId}`);
    await sideCard(page, `Work with ${provider.businessName}`).getByRole('button', { name: 'Leave Feedback' }).click();
    await expect(page).toHaveURL(/\/login\?return=/);
    await logInOnPage(page, client);
    await expect(page).toHaveURL(new RegExp(`/directory/${provider.userId}\\?action=feedback$`));
    await expect(page.getByRole('form', { name: 'Leave feedback' })).toBeVisible();
    await expect(profileTabs(page).getByRole('tab', { name: 'Feedback' })).toHaveAttribute('aria-selected', 'true');
  });
});

test.describe('a provider with a membership', () => {
  test.use({ signedInAs: 'provider', membership: 'yearly' });

  test('sees their own page with the owner side card', async ({ page, account }) => {
    await page.goto(`/directory/${account.userId}`);
    await expect(page.getByRole('heading', { level: 1, name: account.businessName })).toBeVisible();

    const card = sideCard(page, 'Your profile');
    await expect(card.getByText('This is how clients see your page in the directory.')).toBeVisible();
    await expect(card.getByRole('link', { name: 'Account Settings' })).toHaveAttribute('href', '/account');
    await expect(card.getByRole('link', { name: 'Edit Full Profile' })).toHaveAttribute('href', '/account?tab=profile');
    // Nobody saves or reviews themselves.
    await expect(page.getByRole('button', { name: 'Leave Feedback' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Save / })).toHaveCount(0);
    await profileTabs(page).getByRole('tab', { name: 'Feedback' }).click();
    await expect(page.getByRole('heading', { name: 'No feedback yet' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Feedback' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The breadcrumb still leads to the list itself.
    await page.getByRole('link', { name: PROVIDER_PROFILE_MESSAGES.breadcrumb }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Professionals' })).toBeVisible();
    await expect(page).toHaveURL(/\/directory$/);

    await page.goto(`/directory/${account.userId}`);
    await card.getByRole('link', { name: 'Edit Full Profile' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  });
});

test.describe('a provider without a membership', () => {
  test.use({ signedInAs: 'provider' });

  test('still sees their own page, told why the public cannot', async ({ page, account, browser }) => {
    await page.goto(`/directory/${account.userId}`);
    await expect(page.getByRole('heading', { level: 1, name: account.businessName })).toBeVisible();
    const card = sideCard(page, 'Your profile');
    await expect(card.getByText('Only you can see this page')).toBeVisible();
    await expect(card.getByText(PROVIDER_PROFILE_MESSAGES.unlisted.noMembership)).toBeVisible();
    await expect(card.getByRole('link', { name: 'See membership plans' })).toHaveAttribute('href', '/membership');

    // Anyone else finds it not available.
    const visitor = await browser.newPage();
    await visitor.goto(page.url());
    await expect(visitor.getByRole('heading', { level: 1, name: PROVIDER_PROFILE_MESSAGES.notAvailable.title })).toBeVisible();
    await visitor.close();
  });
});
