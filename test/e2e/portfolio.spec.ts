import { MESSAGES, PORTFOLIO_MESSAGES, type PortfolioUploadGrant } from '@solutionz/shared';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { stack, type TestAccount } from '../support/local-stack';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { callApiAs } from './support/provider-page';

/**
 * The portfolio (docs/product/provider-profile.md#portfolio): a member builds items of
 * photos and a video that upload straight to storage with progress, a visitor sees them on the public
 * page, and the owner edits, reorders and deletes them; without a membership the way leads to /membership.
 */

type Upload = { name: string; mimeType: string; buffer: Buffer };

const picture = async (name: string, format: 'png' | 'jpeg', background: string): Promise<Upload> => {
  const image = sharp({ create: { width: 64, height: 48, channels: 3, background } });
  return { name, mimeType: `image/${format}`, buffer: await (format === 'png' ? image.png() : image.jpeg()).toBuffer() };
};

/** An ISO base media box: its size, its type, its body. */
function box(type: string, body: Buffer = Buffer.alloc(0)): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/** The smallest file that is an MP4 to the API's checks: whole boxes, `ftyp` first, a movie header and media. */
const tinyMp4 = (name: string): Upload => ({
  name,
  mimeType: 'video/mp4',
  buffer: Buffer.concat([box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1')), box('moov'), box('mdat', Buffer.alloc(32))]),
});

/** An item made as the editor makes it (grants, files straight to storage, save), without the screens. */
async function addItemThroughApi(account: TestAccount, title: string, files: Upload[]): Promise<void> {
  const granted = await callApiAs(account, 'POST', '/me/portfolio/uploads', {
    files: files.map((file) => ({ name: file.name, type: file.mimeType, size: file.buffer.length })),
  });
  expect(granted.status, await granted.clone().text()).toBe(201);
  const { uploads } = (await granted.json()) as { uploads: PortfolioUploadGrant[] };
  for (const [index, grant] of uploads.entries()) {
    const form = new FormData();
    for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
    form.append('file', new Blob([files[index]!.buffer], { type: files[index]!.mimeType }));
    const stored = await fetch(grant.url, { method: 'POST', body: form });
    expect(stored.ok, await stored.text()).toBe(true);
  }
  const saved = await callApiAs(account, 'POST', '/me/portfolio', {
    title,
    media: uploads.map((grant) => ({ uploadId: grant.uploadId, filename: grant.name })),
  });
  expect(saved.status, await saved.clone().text()).toBe(201);
}

const portfolioTab = async (page: Page) => {
  const main = page.getByRole('main');
  await main.getByRole('tablist', { name: 'Profile sections' }).getByRole('tab', { name: 'Portfolio' }).click();
  return main;
};

async function chooseFiles(dialog: Locator, files: Upload[]): Promise<void> {
  const chooser = dialog.page().waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose files' }).click();
  await (await chooser).setFiles(files);
}

const item = (scope: Page | Locator, title: string) => scope.getByRole('article', { name: title });

/** Holds the browser's uploads to storage until `release`, so a local upload cannot finish before its progress is seen. */
async function holdUploads(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith(`/${stack.buckets.portfolio}`),
    async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    },
  );
  return release;
}

test.describe('a provider with a membership', () => {
  test.use({ signedInAs: 'provider', membership: 'yearly' });

  test('builds an item of two photos and a video with progress, and a visitor sees it on the public page', async ({ page, account, browser, baseURL }) => {
    const before = await picture('before.png', 'png', '#8a5a2b');
    const after = await picture('after.jpg', 'jpeg', '#2b6a8a');
    const spare = await picture('spare.png', 'png', '#444444');
    const walkthrough = tinyMp4('walkthrough.mp4');
    const release = await holdUploads(page);

    await page.goto('/profile');
    const main = await portfolioTab(page);
    await expect(main.getByRole('heading', { name: 'No portfolio items yet' })).toBeVisible();
    await main.getByRole('button', { name: 'Add Portfolio Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Portfolio Item' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Loft conversion');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('A dormer loft with an en-suite in Headingley.');
    await chooseFiles(dialog, [before, after, walkthrough, spare]);

    // Every file is on its way at once, each with its own progress bar.
    for (const name of ['before.png', 'after.jpg', 'walkthrough.mp4', 'spare.png']) {
      await expect(dialog.getByRole('progressbar', { name: `Uploading ${name}` })).toBeVisible();
    }
    await expect(dialog.getByRole('button', { name: 'Uploading…' })).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel upload of spare.png' }).click();
    await expect(dialog.getByText('spare.png')).toBeHidden();
    release();

    const files = dialog.getByRole('list', { name: 'Files of this item' }).getByRole('listitem');
    await expect(files).toHaveCount(3);
    await expect(files.getByText('Uploaded')).toHaveCount(3);
    await expect(dialog.getByRole('progressbar')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(PORTFOLIO_MESSAGES.saved)).toBeVisible();
    await expect(dialog).toBeHidden();

    const own = item(main, 'Loft conversion');
    await expect(own.getByText('A dormer loft with an en-suite in Headingley.')).toBeVisible();
    await expect(own.getByRole('list', { name: 'Photos and videos of Loft conversion' }).getByRole('button')).toHaveCount(3);
    expect(await seriousViolations(page)).toEqual([]);

    // A visitor, signed out in a browser of their own, sees it on the public page.
    const visitorBrowser = await browser.newContext({ baseURL });
    const visitor = await visitorBrowser.newPage();
    await visitor.goto(`/directory/${account.userId}?tab=portfolio`);
    const shown = item(visitor, 'Loft conversion');
    await expect(shown.getByText('A dormer loft with an en-suite in Headingley.')).toBeVisible();
    const cover = shown.getByRole('img', { name: 'Loft conversion: image 1 of 3' });
    await expect(cover).toHaveAttribute('src', /^\/media\/portfolio\//);
    await expect.poll(() => cover.evaluate((image: { naturalWidth: number }) => image.naturalWidth)).toBeGreaterThan(0);
    await expect(shown.getByRole('button', { name: /Edit|Delete|Move/ })).toHaveCount(0);

    await shown.getByRole('button', { name: 'View larger: Loft conversion: image 1 of 3' }).press('Enter');
    const larger = visitor.getByRole('dialog', { name: 'Loft conversion' });
    await expect(larger.getByRole('img', { name: 'Loft conversion: image 1 of 3' })).toBeVisible();
    await visitor.keyboard.press('Escape');
    await expect(larger).toBeHidden();

    await shown.getByRole('button', { name: 'Show Loft conversion: video 3 of 3' }).click();
    const video = shown.locator('video');
    await expect(video).toHaveAttribute('aria-label', 'Loft conversion: video 3 of 3');
    await expect(video).toHaveAttribute('src', /^\/media\/portfolio\/.+\.mp4$/);
    await expect(video).toHaveAttribute('controls', '');
    // This tiny MP4 has no frame to draw: the neutral poster stands in.
    await expect(video).toHaveAttribute('poster', '/video-poster.svg');
    expect(await seriousViolations(visitor)).toEqual([]);
    await visitorBrowser.close();
  });

  test('edits, reorders and deletes items, and the public page follows', async ({ page, account, request }) => {
    await addItemThroughApi(account, 'Bathroom refit', [await picture('bathroom.jpg', 'jpeg', '#1f7a5c')]);
    await addItemThroughApi(account, 'Garden studio', [await picture('studio.png', 'png', '#7a1f3d')]);
    await page.goto('/profile');
    const main = await portfolioTab(page);
    const titles = main.getByRole('list', { name: 'Portfolio items' }).getByRole('heading');
    await expect(titles).toHaveText(['Bathroom refit', 'Garden studio']);

    // Reordered from the keyboard: focus stays with the moved item.
    await main.getByRole('button', { name: 'Move up: Garden studio' }).focus();
    await page.keyboard.press('Enter');
    await expect(titles).toHaveText(['Garden studio', 'Bathroom refit']);
    await expect(main.getByRole('button', { name: 'Move down: Garden studio' })).toBeFocused();

    // Edited: a new title, and a second photo added to the first.
    await item(main, 'Bathroom refit').getByRole('button', { name: 'Edit: Bathroom refit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Portfolio Item' });
    await expect(dialog.getByText('bathroom.jpg')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Bathroom and tiling');
    await chooseFiles(dialog, [await picture('tiles.jpg', 'jpeg', '#cccccc')]);
    await expect(dialog.getByText('Uploaded')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(titles).toHaveText(['Garden studio', 'Bathroom and tiling']);
    await expect(item(main, 'Bathroom and tiling').getByRole('list', { name: 'Photos and videos of Bathroom and tiling' }).getByRole('button')).toHaveCount(2);

    // The order and the edit are kept, and the public page shows the same.
    await page.reload();
    const again = await portfolioTab(page);
    await expect(again.getByRole('list', { name: 'Portfolio items' }).getByRole('heading')).toHaveText(['Garden studio', 'Bathroom and tiling']);
    await page.goto(`/directory/${account.userId}?tab=portfolio`);
    await expect(page.getByRole('list', { name: 'Portfolio items' }).getByRole('heading')).toHaveText(['Garden studio', 'Bathroom and tiling']);

    // Deleted: asked first; its files go with it.
    await page.goto('/profile');
    const last = await portfolioTab(page);
    const studioImage = await item(last, 'Garden studio').getByRole('img', { name: 'Garden studio: image' }).getAttribute('src');
    expect((await request.get(studioImage!)).status()).toBe(200);
    await last.getByRole('button', { name: 'Delete: Garden studio' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this portfolio item?' });
    await expect(confirm).toContainText('Garden studio');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(PORTFOLIO_MESSAGES.deleted)).toBeVisible();
    await expect(last.getByRole('list', { name: 'Portfolio items' }).getByRole('heading')).toHaveText(['Bathroom and tiling']);
    await expect.poll(async () => (await request.get(studioImage!)).status()).not.toBe(200);
  });

  test('files refused by the browser and by the API are named beside the file and in a toast', async ({ page }) => {
    const grants: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/me/portfolio/uploads') grants.push(sent.postData() ?? '');
    });
    await page.goto('/profile');
    const main = await portfolioTab(page);
    await main.getByRole('button', { name: 'Add Portfolio Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Portfolio Item' });

    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText(PORTFOLIO_MESSAGES.titleRequired)).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveText(PORTFOLIO_MESSAGES.mediaRequired.description);
    await expect(page.getByText(PORTFOLIO_MESSAGES.mediaRequired.title, { exact: true })).toBeVisible();

    await dialog.getByRole('textbox', { name: 'Title' }).fill('Decking');
    await chooseFiles(dialog, [{ name: 'quote.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') }]);
    await expect(dialog.getByText(PORTFOLIO_MESSAGES.wrongType.description('quote.pdf'))).toBeVisible();
    await expect(page.getByText(PORTFOLIO_MESSAGES.wrongType.title, { exact: true })).toBeVisible();
    expect(grants).toEqual([]);

    // Words in a file named like a photo reach storage, but the API reads its bytes on save.
    await chooseFiles(dialog, [{ name: 'deck.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Not a photo, only words.\n') }]);
    await expect(dialog.getByText('Uploaded')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    const refusal = PORTFOLIO_MESSAGES.wrongType.description('deck.jpg');
    await expect(dialog.getByRole('listitem').filter({ hasText: 'deck.jpg' }).getByText(refusal)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: refusal })).toBeVisible();
    await expect(dialog).toBeVisible();
    expect(grants).toHaveLength(1);
  });
});

test.describe('a provider without a membership', () => {
  test.use({ signedInAs: 'provider' });

  test('is sent to /membership, told why, when adding a portfolio item', async ({ page }) => {
    await page.goto('/profile');
    const main = await portfolioTab(page);
    await expect(main.getByRole('heading', { name: 'No portfolio items yet' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await main.getByRole('button', { name: 'Add Portfolio Item' }).click();
    await expect(page).toHaveURL(/\/membership$/);
    await expect(page.getByText(MESSAGES.api.subscriptionRequired, { exact: true })).toBeVisible();
    await expect(page.getByText(PORTFOLIO_MESSAGES.subscriptionRequired.description)).toBeVisible();
  });
});
