import type { Locator, Page } from '@playwright/test';
import { VISUAL_NOW } from '../visual/visual-data';
import { expect, test as base } from './fixtures';
import { expectSoundLayout } from './layout';

export { expect };

/** Every page is looked at as a phone and a desktop show it. */
const WIDTHS = [390, 1280] as const;
const HEIGHT = 844;

/**
 * The browser tests' fixtures, with the browser's clock standing still at the moment the screenshot
 * data was made, so dates the page works out itself (the footer's year, "3 days ago") never change.
 */
export const test = base.extend<{ frozenClock: undefined }>({
  frozenClock: [
    async ({ page }, use) => {
      await page.clock.setFixedTime(VISUAL_NOW);
      await use(undefined);
    },
    { auto: true },
  ],
});

/** Declares `tests` once per width, each run in a viewport of that width. */
export function atEveryWidth(tests: (width: number) => void): void {
  for (const width of WIDTHS) {
    test.describe(`at ${width} px`, () => {
      test.use({ viewport: { width, height: HEIGHT } });
      tests(width);
    });
  }
}

/**
 * Once the page has settled (the footer is there, every image is decoded, nothing is loading),
 * checks its layout (layout.ts) and compares the whole page with its baseline `<name>-<width>.png`;
 * `mask` paints over parts that differ from run to run (an account's e-mail address, a date the
 * server chose); `style`, added after the layout check, gives a list whose length varies a fixed height
 * (the screenshot option of that name would leave the page as long as the list).
 */
export async function expectPageToMatch(page: Page, name: string, mask: readonly Locator[] = [], style?: string): Promise<void> {
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.locator('.chakra-skeleton, .chakra-spinner')).toHaveCount(0);
  await page.evaluate(async () => {
    // The test project has no DOM types (it is compiled for Node): the little used here.
    const { document } = globalThis as unknown as {
      document: { images: Iterable<{ loading: string; decode(): Promise<void> }>; fonts: { ready: Promise<unknown> } };
    };
    // Images below the fold load only when scrolled to; a screenshot of the whole page needs them all.
    const images = [...document.images];
    for (const image of images) image.loading = 'eager';
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
    await document.fonts.ready;
  });
  // Nothing hovered.
  await page.mouse.move(0, 0);
  await expectSoundLayout(page);
  if (style) await page.addStyleTag({ content: style });
  await expect(page).toHaveScreenshot(`${name}-${page.viewportSize()!.width}.png`, { fullPage: true, mask: [...mask] });
}
