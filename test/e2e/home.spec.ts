import type { Page } from '@playwright/test';
import { BOOT_CHAIN, HOME_TITLE, MESSAGES, PAGE_STYLES_ATTRIBUTE } from '@solutionz/shared';
import { expect, test } from './support/fixtures';
import { watchTakeOver } from './support/hydration';

const categoryNames = [
  'Carpentry & Construction',
  'Auto Repairs & Maintenance',
  'Electrical Services',
  'Painting & Decorating',
  'Consulting Services',
  'IT & Digital Solutions',
];

async function openHome(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /find trusted local professionals/i })).toBeVisible();
}

function searchForm(page: Page) {
  return page.getByRole('search', { name: 'Find a professional' });
}

test('home page shows the hero, how it works, six categories and three rated testimonials', async ({ page }) => {
  await openHome(page);
  await expect(page).toHaveTitle(HOME_TITLE);

  const form = searchForm(page);
  await expect(form.getByRole('textbox', { name: 'Service' })).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Location' })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Near me' })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Set manually' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Become Part of the Solution' })).toHaveAttribute('href', '/signup?type=provider');

  await expect(page.getByRole('heading', { name: 'How it works' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'For service providers' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'For clients' })).toBeVisible();

  const categories = page.getByRole('region', { name: 'Popular services' });
  for (const name of categoryNames) {
    await expect(categories.getByRole('link', { name, exact: true })).toHaveAttribute('href', /^\/directory\?category=[a-z-]+$/);
  }
  await expect(categories.getByRole('listitem')).toHaveCount(6);
  await expect(categories.getByRole('link', { name: 'View Directory' })).toHaveAttribute('href', '/directory');

  const testimonials = page.getByRole('region', { name: 'What our users say' });
  await expect(testimonials.getByRole('listitem')).toHaveCount(3);
  await expect(testimonials.getByRole('img', { name: /5 out of 5 stars/ })).toHaveCount(2);
  await expect(testimonials.getByRole('img', { name: /4 out of 5 stars/ })).toHaveCount(1);

  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Businesses' })).toHaveAttribute('href', '/business');
  await expect(footer).toContainText('Contains OS data © Crown copyright and database right 2025');
});

test.describe('signed in as a provider', () => {
  test.use({ signedInAs: 'provider' });

  test("browses the directory from a category card, View Directory and the header, each showing the list, not the provider's own page", async ({ page }) => {
    await openHome(page);
    const categories = page.getByRole('region', { name: 'Popular services' });
    await categories.getByRole('link', { name: 'Electrical Services', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Professionals', exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/directory\?category=electrician$/);
    await expect(page).toHaveTitle('Electrician | Solutionz');

    await page.goBack();
    await categories.getByRole('link', { name: 'View Directory' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Professionals', exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/directory$/);

    await page.getByRole('link', { name: 'Solutionz', exact: true }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Find Professionals' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Professionals', exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/directory$/);
  });
});

test('the home page arrives with its content in the HTML, and the app hydrates it without rendering it again', async ({ page }) => {
  // What a crawler or a phone on a slow line gets before any script runs.
  const html = await (await page.request.get('/')).text();
  for (const text of ['Find trusted local professionals for any job', 'How it works', 'Popular services', 'What our users say', 'Crown copyright']) {
    expect(html, text).toContain(text);
  }
  // The header too: the logo, the links every visitor gets and the menu button (the account buttons wait for the session).
  const header = html.slice(html.indexOf('<header'), html.indexOf('</header>'));
  for (const text of ['>Solutionz<', '>Find Professionals<', '>Job Directory<', 'aria-label="Open menu"']) expect(header, text).toContain(text);
  // Its styles, in the head: those every page shares, then the page's own in one element naming them.
  const head = html.split('</head>')[0]!;
  expect(head).toMatch(new RegExp(`<style id="shared-styles">[^<]*--chakra-colors-brand-solid:[\\s\\S]*<style ${PAGE_STYLES_ATTRIBUTE}="[^"]+">`));
  expect(html.match(/<style /g)).toHaveLength(2);

  // The app's code (React, the UI libraries, the app) is held back until the page is painted, so that on a slow line it
  // does not share the bandwidth with the page; a page that is not prerendered (the shell) fetches it at once.
  const held = [...(new RegExp(`<template id="${BOOT_CHAIN}">([\\s\\S]*?)</template>`).exec(html)?.[1] ?? '').matchAll(/href="([^"]+)"/g)].map(
    (match) => match[1]!,
  );
  expect(held).toHaveLength(3);
  const shell = await (await page.request.get('/login')).text();
  expect(shell).not.toContain(`<template id="${BOOT_CHAIN}">`);
  for (const file of held) expect(shell).toContain(`data-${BOOT_CHAIN} href="${file}"`);
  // Nearly all of their code runs as the page starts, so each asks the browser (V8's compile hint, on its first line) to
  // compile all of it while it streams in, off the main thread; the page's own small entry does not.
  for (const file of held) expect((await (await page.request.get(file)).text()).split('\n', 1)[0], file).toBe('//# allFunctionsCalledOnLoad');
  const entry = /<script type="module"[^>]* src="([^"]+)"/.exec(html)?.[1];
  expect(entry).toBeDefined();
  expect(await (await page.request.get(entry!)).text()).not.toContain('allFunctionsCalledOnLoad');

  const takeOver = await watchTakeOver(page, 'h1');
  // The page's styles element the parser made, and whether anything takes it out of the page (to move it: the browser
  // would then work out the whole page's styles again). The tests' types have no DOM, so as text.
  await page.addInitScript(`document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return;
    const pageStyles = document.querySelector('style[${PAGE_STYLES_ATTRIBUTE}]');
    window.parsedPageStyles = pageStyles;
    new MutationObserver((changes) => {
      if (changes.some((change) => [...change.removedNodes].includes(pageStyles))) window.pageStylesMoved = true;
    }).observe(pageStyles.parentNode, { childList: true });
  });`);
  await openHome(page);
  const timings = await page.evaluate(
    (files) => ({
      painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      fetched: files.map((file) => performance.getEntriesByName(file)[0]?.startTime ?? Number.NaN),
    }),
    held.map((file) => new URL(file, page.url()).href),
  );
  expect(timings.painted).toBeGreaterThan(0);
  for (const fetched of timings.fetched) expect(fetched).toBeGreaterThan(timings.painted);
  await searchForm(page).getByRole('textbox', { name: 'Service' }).fill('Plumbing');
  // The app is live (it read the typing) on the very heading the build prerendered: hydrated in place, not rendered again.
  expect(await takeOver.hydratedInPlace()).toBe(true);
  // The shared styles were not worked out and written again by the app as it started.
  // (Emotion writes through the CSS object model in production, so the rules are read there, not as text.)
  const tokenSheets = await page.evaluate(
    `[...document.styleSheets].filter((sheet) => [...sheet.cssRules].some((rule) => rule.cssText.includes('--chakra-colors-brand-solid:'))).length`,
  );
  expect(tokenSheets).toBe(1);
  // Nor were the page's own: the element the parser made is where it was, and the rules of the heading's class are in
  // it and in no other sheet.
  expect(await page.evaluate(`[window.parsedPageStyles?.parentNode === document.head, window.pageStylesMoved ?? false]`)).toEqual([true, false]);
  const headingRules = await page.evaluate(`(() => {
    const name = '.' + [...document.querySelector('h1').classList].find((one) => one.startsWith('css-'));
    const rulesOf = (sheets) => sheets.flatMap((sheet) => [...sheet.cssRules]).filter((rule) => rule.cssText.includes(name)).length;
    const sheets = [...document.styleSheets];
    return { pageStyles: rulesOf(sheets.filter((sheet) => sheet.ownerNode === window.parsedPageStyles)), elsewhere: rulesOf(sheets.filter((sheet) => sheet.ownerNode !== window.parsedPageStyles)) };
  })()`);
  expect(headingRules).toEqual({ pageStyles: expect.any(Number), elsewhere: 0 });
  expect((headingRules as { pageStyles: number }).pageStyles).toBeGreaterThan(0);
  await searchForm(page).getByRole('textbox', { name: 'Service' }).press('Enter');
  await expect(page).toHaveURL(/\/directory\?service=/);
  expect(takeOver.problems).toEqual([]);
});

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the search fields stand at full height and width', async ({ page }) => {
    await openHome(page);
    const form = searchForm(page);
    for (const name of ['Service', 'Location']) {
      const box = await form.getByRole('textbox', { name }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.height, `${name} height`).toBeGreaterThanOrEqual(36);
      expect(box!.width, `${name} width`).toBeGreaterThanOrEqual(280);
    }
  });
});

test('searching with both fields empty shows the empty-search toast and stays on the home page', async ({ page }) => {
  await openHome(page);
  await searchForm(page).getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText(MESSAGES.searchEmpty.title)).toBeVisible();
  await expect(page.getByText(MESSAGES.searchEmpty.description)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('Enter in the service box searches the directory for the service and location', async ({ page }) => {
  await openHome(page);
  const form = searchForm(page);
  await form.getByRole('textbox', { name: 'Location' }).fill('Bristol');
  await form.getByRole('textbox', { name: 'Service' }).fill('Dog Walking');
  await form.getByRole('textbox', { name: 'Service' }).press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'Professionals', exact: true })).toBeVisible();
  const url = new URL(page.url());
  expect(url.pathname).toBe('/directory');
  expect(Object.fromEntries(url.searchParams)).toEqual({ service: 'Dog Walking', location: 'Bristol' });
});

test('a location set manually is used by the search', async ({ page }) => {
  await openHome(page);
  const form = searchForm(page);
  await form.getByRole('button', { name: 'Set manually' }).click();
  await expect(form.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await form.getByRole('combobox', { name: 'Enter a location' }).fill('LS1 4');
  await form.getByRole('button', { name: 'Apply' }).click();
  await form.getByRole('button', { name: 'Search' }).click();

  await expect(page).toHaveURL(/\/directory\?location=LS1\+4$/);
});

test.describe('near me with location access granted', () => {
  test.use({ geolocation: { latitude: 53.4808, longitude: -2.2426 } });

  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['geolocation']);
  });

  test('searches near me within the default 25 miles', async ({ page }) => {
    await openHome(page);
    const form = searchForm(page);
    await form.getByRole('textbox', { name: 'Service' }).fill('Electrician');
    await form.getByRole('button', { name: 'Near me' }).click();
    await expect(form.getByText('Using your location')).toBeVisible();
    await expect(form.getByRole('combobox', { name: 'Search radius' })).toHaveValue('25');
    await form.getByRole('button', { name: 'Search' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Professionals', exact: true })).toBeVisible();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/directory');
    expect(Object.fromEntries(url.searchParams)).toEqual({ service: 'Electrician', nearme: 'true', radius: '25' });
  });

  test('searches with a radius the user changed and applied', async ({ page }) => {
    await openHome(page);
    const form = searchForm(page);
    await form.getByRole('button', { name: 'Near me' }).click();
    await form.getByRole('combobox', { name: 'Search radius' }).selectOption('50');
    await form.getByRole('button', { name: 'Apply' }).click();
    await expect(form.getByText('Searching within 50 miles')).toBeVisible();
    await form.getByRole('button', { name: 'Search' }).click();

    await expect(page).toHaveURL(/\/directory\?nearme=true&radius=50$/);
  });

  test('X clears near me and brings back the location box', async ({ page }) => {
    await openHome(page);
    const form = searchForm(page);
    await form.getByRole('button', { name: 'Near me' }).click();
    await form.getByRole('button', { name: 'Clear location' }).click();
    await expect(form.getByRole('textbox', { name: 'Location' })).toHaveValue('');
    await expect(form.getByText('Using your location')).toBeHidden();
  });
});

test("denied location access shows the product's message under the picker", async ({ page, context }) => {
  await context.clearPermissions();
  await openHome(page);
  const form = searchForm(page);
  await form.getByRole('button', { name: 'Near me' }).click();
  await expect(form.getByRole('alert')).toHaveText(MESSAGES.geolocation.denied);
  await expect(form.getByRole('button', { name: 'Near me' })).toBeEnabled();
});
