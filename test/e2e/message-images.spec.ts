import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { callApiAs, listedProvider } from './support/provider-page';

/**
 * Images in messages (docs/product/messages.md#images): the client attaches two photos from the keyboard and sends them; the
 * provider, in a browser of their own, sees both and opens one; nobody else can fetch them.
 */

test.use({ signedInAs: 'client' });

const ARRIVES = { timeout: 20_000 };

/** A small photo made here (no committed binaries), as a phone would send it: a JPEG with EXIF. */
const photo = (background: string) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker' } })
    .toBuffer();

test('a client sends two images, the provider sees both and opens one, and a third account cannot fetch them', async ({
  page,
  account: client,
  accounts,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const businessName = `Images ${randomUUID().slice(0, 8)} Glazing`;
  const provider = await listedProvider(accounts, { businessName });
  const started = await callApiAs(client, 'POST', '/conversations', {
    providerId: provider.userId,
    messageId: randomUUID(),
    text: 'A cracked pane, photos to follow.',
  });
  expect(started.status, await started.clone().text()).toBe(201);
  const { conversationId } = (await started.json()) as { conversationId: string };

  await page.goto(`/messages/${conversationId}`);
  // The conversation is in (the composer is rendered with it) before the keyboard reaches for the button: a key pressed
  // while the screen is still settling can be lost with the focus.
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText('A cracked pane, photos to follow.');
  // Waiting for the chooser turns on Chromium's interception of file pickers, which Playwright does without waiting
  // for it to take: asked for just before a key press (one quick message), the picker could open before it had, and
  // then no chooser came (CI and here, once in 3 runs). The focus and its check give it those round trips.
  const chooser = page.waitForEvent('filechooser');
  const add = page.getByRole('button', { name: 'Add images' });
  await add.focus();
  await expect(add).toBeFocused();
  await page.keyboard.press('Enter');
  await (
    await chooser
  ).setFiles([
    { name: 'pane.jpg', mimeType: 'image/jpeg', buffer: await photo('#1f618d') },
    { name: 'frame.jpg', mimeType: 'image/jpeg', buffer: await photo('#b9770e') },
  ]);
  const chosen = page.getByRole('list', { name: 'Images to send' });
  await expect(chosen.getByRole('img')).toHaveCount(2);
  await expect(chosen.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByText('2 of 4 images')).toBeVisible();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const clientThread = page.getByRole('list', { name: 'Messages' });
  await expect(clientThread.getByRole('button', { name: 'Image 2 of 2 from you' })).toBeVisible();
  await expect(chosen).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // The provider, in a browser of their own.
  const providerContext = await browser.newContext({ baseURL });
  await accounts.signIn(providerContext, provider);
  const providerPage = await providerContext.newPage();
  await providerPage.goto(`/messages/${conversationId}`);
  const from = `${client.firstName} ${client.lastName}`;
  const providerThread = providerPage.getByRole('list', { name: 'Messages' });
  for (const position of [1, 2]) {
    const thumbnail = providerThread.getByRole('button', { name: `Image ${position} of 2 from ${from}` });
    await expect(thumbnail).toBeVisible(ARRIVES);
    // The picture itself arrived (decoded), not a broken image.
    await expect.poll(() => thumbnail.getByRole('img').evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
  }
  await providerThread.getByRole('button', { name: `Image 2 of 2 from ${from}` }).click();
  const dialog = providerPage.getByRole('dialog', { name: `Image 2 of 2 from ${from}` });
  const large = dialog.getByRole('img', { name: `Image 2 of 2 from ${from}` });
  await expect(large).toBeVisible();
  await expect.poll(() => large.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth)).toBe(320);
  expect(await seriousViolations(providerPage)).toEqual([]);
  await providerPage.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await providerContext.close();

  // The image's address answers its two people only: anyone else is told it does not exist.
  const thread = (await (await callApiAs(client, 'GET', `/conversations/${conversationId}`)).json()) as { messages: { imageIds: string[] }[] };
  const imageId = thread.messages.find((message) => message.imageIds.length === 2)!.imageIds[0]!;
  const imagePath = `/conversations/${conversationId}/images/${imageId}`;
  const own = await callApiAs(provider, 'GET', imagePath);
  expect(own.status).toBe(200);
  expect(own.headers.get('content-type')).toBe('image/webp');
  expect(Buffer.from(await own.arrayBuffer()).toString('latin1')).not.toContain('PhoneMaker');
  const third = await accounts.create('client');
  expect((await callApiAs(third, 'GET', imagePath)).status).toBe(404);
  expect((await callApiAs(third, 'GET', `${imagePath}?size=thumb`)).status).toBe(404);
});
