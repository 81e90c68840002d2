import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { DIRECTORY_MESSAGES, LOCATION_MESSAGES, MESSAGES, PRODUCT_NAME } from '@solutionz/shared';
import { subscribeAccount } from '../support/membership';
import { seriousViolations } from './support/axe';
import { expect, test, type Accounts, type TestAccount } from './support/fixtures';
import { renderedRootIn, watchTakeOver } from './support/hydration';
import { watchZod } from './support/scripts';

/**
 * The professionals directory (docs/product/directory.md): searches from the home page and
 * from the filters bar, by postcode, town, near me and category, nearest first within the radius; the
 * fallback, a place nobody can find, and Back. Each test lists providers of its own under a made-up word
 * in their business names and searches for that word, so other tests and the demo data never show up
 * among its results.
 */

interface ListedProvider {
  readonly account: TestAccount;
  readonly businessName: string;
}

/** A word that names no category and appears in no other business name. */
const uniqueWord = () => `Zq${randomUUID().replace(/-/g, '').slice(0, 8)}`;

/** A provider with a paid membership (so listed), placed where `location` says. */
async function listedProvider(
  accounts: Accounts,
  word: string,
  place: string,
  location: string,
  categories: string[] = ['Construction/Trade > Plumber'],
): Promise<ListedProvider> {
  const businessName = `${word} ${place}`;
  const account = await accounts.create('provider', { businessName, location, categories, firstName: place, lastName: 'Owner' });
  await subscribeAccount(account, 'monthly');
  return { account, businessName };
}

const results = (page: Page) => page.getByRole('region', { name: 'Results' });
const filters = (page: Page) => page.getByRole('search', { name: 'Filter professionals' });
const cardNames = (page: Page) => results(page).getByRole('heading', { level: 3 });

/** The distances the cards show, top to bottom. */
async function distances(page: Page): Promise<number[]> {
  const texts = await results(page)
    .getByText(/^\d+\.\d miles away$/)
    .allTextContents();
  return texts.map((text) => Number.parseFloat(text));
}

function expectNearestFirst(miles: number[]) {
  expect(miles).toEqual([...miles].sort((a, b) => a - b));
}

async function tabUntilFocused(page: Page, target: Locator) {
  for (let presses = 0; presses < 40 && !(await target.evaluate((element) => element === element.ownerDocument.activeElement)); presses++) {
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

async function searchFromHome(page: Page, service: string, location: string) {
  await page.goto('/');
  const form = page.getByRole('search', { name: 'Find a professional' });
  await form.getByRole('textbox', { name: 'Service' }).fill(service);
  await form.getByRole('textbox', { name: 'Location' }).fill(location);
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { level: 1, name: DIRECTORY_MESSAGES.title, exact: true })).toBeVisible();
}

test.describe('a visitor', () => {
  test('searches from the home page by postcode, nearest first, and a smaller radius keeps the nearest', async ({ page, accounts }) => {
    // Four memberships bought through the local Stripe, then a dozen searches.
    test.slow();
    const word = uniqueWord();
    const [leeds, headingley, bradford, harrogate] = await Promise.all([
      listedProvider(accounts, word, 'Leeds Centre', 'LS1 4'),
      listedProvider(accounts, word, 'Headingley', 'LS6 2'),
      listedProvider(accounts, word, 'Bradford', 'BD1'),
      listedProvider(accounts, word, 'Harrogate', 'HG1'),
    ]);

    await searchFromHome(page, word, 'LS1 4');
    await expect(page).toHaveTitle(`${word} near LS1 4 | ${PRODUCT_NAME}`);
    await expect(cardNames(page)).toHaveText([leeds, headingley, bradford, harrogate].map((provider) => provider.businessName));
    const within25 = await distances(page);
    expect(within25).toHaveLength(4);
    expect(within25[0]).toBe(0);
    expectNearestFirst(within25);
    expect(await seriousViolations(page)).toEqual([]);

    const radius = filters(page).getByRole('combobox', { name: 'Radius' });
    await radius.selectOption('10');
    await expect(cardNames(page)).toHaveText([leeds, headingley, bradford].map((provider) => provider.businessName));
    expect(await distances(page)).toEqual(within25.slice(0, 3));
    await expect(page).toHaveURL(/[?&]radius=10(&|$)/);

    await radius.selectOption('5');
    await expect(cardNames(page)).toHaveText([leeds, headingley].map((provider) => provider.businessName));

    // Searching from Bradford instead: the distances change, and the order is still nearest first.
    const location = filters(page).getByRole('combobox', { name: 'Location' });
    await location.fill('BD1');
    await radius.selectOption('25');
    await expect(cardNames(page)).toHaveText([bradford, headingley, leeds, harrogate].map((provider) => provider.businessName));
    const fromBradford = await distances(page);
    expect(fromBradford[0]).toBe(0);
    expectNearestFirst(fromBradford);
    expect(fromBradford).not.toEqual(within25);

    // Back restores each search before, its filters and its results.
    await page.goBack();
    await expect(cardNames(page)).toHaveText([leeds, headingley].map((provider) => provider.businessName));
    await expect(radius).toHaveValue('5');
    await expect(location).toHaveValue('LS1 4');
    await page.goBack();
    await expect(radius).toHaveValue('10');
    await expect(cardNames(page)).toHaveText([leeds, headingley, bradford].map((provider) => provider.businessName));
  });

  test('searches and opens a professional from the keyboard alone', async ({ page, accounts }) => {
    const word = uniqueWord();
    const provider = await listedProvider(accounts, word, 'Otley', 'Otley');
    await page.goto('/directory');
    const service = filters(page).getByRole('textbox', { name: 'Service' });
    await tabUntilFocused(page, service);
    await page.keyboard.type(word);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/directory\\?service=${word}$`));

    const card = results(page).getByRole('article', { name: provider.businessName });
    await expect(card.getByText('Otley Owner')).toBeVisible();
    await expect(card.getByText('No reviews yet')).toBeVisible();
    await expect(card.getByRole('list', { name: 'Services' })).toHaveText('Plumber');
    // No place searched from: no distance; a visitor has nothing to save with.
    await expect(card.getByText(/miles away/)).toHaveCount(0);
    await expect(card.getByRole('button', { name: /save/i })).toHaveCount(0);

    const link = card.getByRole('link', { name: provider.businessName });
    await tabUntilFocused(page, link);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/directory/${provider.account.userId}$`));
  });

  test('finds professionals by category within a tight radius of a place', async ({ page, accounts }) => {
    const word = uniqueWord();
    const wick = await listedProvider(accounts, word, 'Caithness Kennels', 'KW1', ['Pets/Animals > Pet Boarding']);
    await page.goto('/directory');
    const bar = filters(page);
    await bar.getByRole('combobox', { name: 'Location' }).fill('KW1');
    await bar.getByRole('combobox', { name: 'Radius' }).selectOption('5');
    await bar.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Pet Boarding' });

    await expect(page).toHaveURL(/\/directory\?category=pet-boarding&location=KW1&radius=5$/);
    const card = results(page).getByRole('article', { name: wick.businessName });
    await expect(card).toBeVisible();
    await expect(card.getByText(/^0\.0 miles away$/)).toBeVisible();
    await expect(page.getByText(DIRECTORY_MESSAGES.fallback)).toHaveCount(0);
  });

  test('is told when nothing matches and shown every professional instead', async ({ page, accounts }) => {
    await listedProvider(accounts, uniqueWord(), 'Wetherby', 'Wetherby');
    const zod = watchZod(page);
    await page.goto(`/directory?service=${uniqueWord()}&location=Leeds`);
    await expect(page.getByText(DIRECTORY_MESSAGES.fallback)).toBeVisible();
    await expect(results(page).getByRole('article').first()).toBeVisible();
    expectNearestFirst(await distances(page));
    expect(await seriousViolations(page)).toEqual([]);
    // A search's results load no zod (docs/web.md#calling-the-api).
    expect(await zod.loaded()).toEqual([]);
  });

  test('is told about a place nobody can find, chooses one offered, and searches from it', async ({ page }) => {
    await page.goto('/directory');
    const location = filters(page).getByRole('combobox', { name: 'Location' });
    await location.fill('Leedz');
    await filters(page).getByRole('button', { name: 'Search' }).click();

    await expect(page.getByText(`${LOCATION_MESSAGES.notFound}. ${DIRECTORY_MESSAGES.manualLocation}`)).toBeVisible();
    await expect(location).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(DIRECTORY_MESSAGES.loadFailed)).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('group', { name: 'Places to choose from' }).getByRole('button', { name: 'Leeds' }).click();
    await expect(page).toHaveURL(/\/directory\?location=Leeds$/);
    await expect(page.getByText(LOCATION_MESSAGES.notFound)).toHaveCount(0);
    await expect(location).toHaveValue('Leeds');
  });

  test.describe('with location access granted in Leeds', () => {
    test.use({ geolocation: { latitude: 53.7962, longitude: -1.554 } });

    test.beforeEach(async ({ context }) => {
      await context.grantPermissions(['geolocation']);
    });

    test('searches near me from the home page, and a shared near-me link asks the device again', async ({ page, accounts }) => {
      const word = uniqueWord();
      const [leeds, bradford] = await Promise.all([listedProvider(accounts, word, 'Leeds Centre', 'LS1 4'), listedProvider(accounts, word, 'Bradford', 'BD1')]);

      await page.goto('/');
      const form = page.getByRole('search', { name: 'Find a professional' });
      await form.getByRole('textbox', { name: 'Service' }).fill(word);
      await form.getByRole('button', { name: 'Near me' }).click();
      await expect(form.getByText('Using your location')).toBeVisible();
      await form.getByRole('button', { name: 'Search' }).click();

      await expect(page).toHaveURL(new RegExp(`/directory\\?service=${word}&nearme=true&radius=25$`));
      await expect(filters(page).getByText('Using your location')).toBeVisible();
      await expect(cardNames(page)).toHaveText([leeds.businessName, bradford.businessName]);
      const nearMe = await distances(page);
      expect(nearMe[0]).toBe(0);
      expectNearestFirst(nearMe);

      // The address carries no position: shared to another tab, it asks that device, which stands in Bradford.
      await page.context().setGeolocation({ latitude: 53.7964, longitude: -1.7556 });
      const shared = await page.context().newPage();
      await shared.goto(page.url());
      await expect(cardNames(shared)).toHaveText([bradford.businessName, leeds.businessName]);
      expect((await distances(shared))[0]).toBe(0);
    });

    test('switches from a place to near me in the filters bar, and X goes back to typing a place', async ({ page, accounts }) => {
      const word = uniqueWord();
      const leeds = await listedProvider(accounts, word, 'Leeds Centre', 'LS1 4');
      // The search arrives server-rendered: its results are in the HTML before any script runs, and the app hydrates
      // the very card the parser made, with no complaint (a key the app did not know would render it again).
      const html = await (await page.request.get(`/directory?service=${word}&location=York`)).text();
      expect(renderedRootIn(html)).toContain(leeds.businessName);
      const takeOver = await watchTakeOver(page, 'main article h3');
      await page.goto(`/directory?service=${word}&location=York`);
      await expect(page).toHaveTitle(`${word} near York | ${PRODUCT_NAME}`);
      await expect(
        results(page)
          .getByRole('article', { name: leeds.businessName })
          .getByText(/miles away$/),
      ).not.toHaveText('0.0 miles away');
      expect(await takeOver.hydratedInPlace()).toBe(true);
      expect(takeOver.problems).toEqual([]);

      await filters(page).getByRole('button', { name: 'Near me' }).click();
      await expect(page).toHaveURL(new RegExp(`/directory\\?service=${word}&nearme=true&radius=25$`));
      await expect(results(page).getByRole('article', { name: leeds.businessName }).getByText('0.0 miles away')).toBeVisible();

      await filters(page).getByRole('button', { name: 'Clear location' }).click();
      await expect(page).toHaveURL(new RegExp(`/directory\\?service=${word}$`));
      await expect(filters(page).getByRole('combobox', { name: 'Location' })).toHaveValue('');
    });
  });

  test('denied location access says so, with the way out, and still lists professionals', async ({ page, context }) => {
    await context.clearPermissions();
    await page.goto('/directory?nearme=true&radius=25');
    await expect(page.getByText(`${MESSAGES.geolocation.denied}. ${DIRECTORY_MESSAGES.manualLocation}`)).toBeVisible();
    await expect(filters(page).getByRole('button', { name: 'Near me' })).toBeEnabled();
    await expect(results(page).getByRole('article').first()).toBeVisible();
  });
});

test.describe('a client', () => {
  test.use({ signedInAs: 'client' });

  test('searches from the home page by town and can save the professionals found', async ({ page, accounts }) => {
    const word = uniqueWord();
    const [york, harrogate] = await Promise.all([listedProvider(accounts, word, 'York Minster', 'YO1'), listedProvider(accounts, word, 'Harrogate', 'HG1')]);

    await searchFromHome(page, word, 'York');
    await expect(page).toHaveURL(new RegExp(`/directory\\?service=${word}&location=York$`));
    await expect(cardNames(page)).toHaveText([york.businessName, harrogate.businessName]);
    expectNearestFirst(await distances(page));
    const card = results(page).getByRole('article', { name: york.businessName });
    await expect(card.getByRole('button', { name: `Save ${york.businessName}` })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
