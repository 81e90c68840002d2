import { expect, type Locator, type Page } from '@playwright/test';

/** Whether `target` has the keyboard focus. */
export const isFocused = (target: Locator): Promise<boolean> =>
  target.evaluate((element) => element === element.ownerDocument.activeElement).catch(() => false);

/**
 * What a sighted keyboard user sees of the focus: whether the focused element matches :focus-visible and something
 * draws a ring for it: an outline or a box shadow on the element itself, an outline on one of its nearest ancestors (a
 * card whose whole area is the link, a star rating's group; their box shadows are elevation, not focus) or on its
 * label's drawn control (a checkbox whose native input is hidden).
 */
async function focusRing(page: Page): Promise<{ element: string; visible: boolean }> {
  // A script rather than a function: this workspace is compiled without the DOM's types.
  return page.evaluate(`(() => {
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || focused === document.body) return { element: 'nothing (the page itself)', visible: false };
    const outlined = (element) => {
      const style = getComputedStyle(element);
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && style.outlineColor !== 'rgba(0, 0, 0, 0)';
    };
    const shadowed = (element) => !['none', ''].includes(getComputedStyle(element).boxShadow);
    const around = [];
    for (let parent = focused.parentElement; parent && around.length < 6; parent = parent.parentElement) around.push(parent);
    const label = focused.closest('label');
    if (label) around.push(...label.querySelectorAll('[data-focus-visible]'));
    const drawn = outlined(focused) || shadowed(focused) || around.some(outlined);
    return { element: focused.outerHTML.slice(0, 160), visible: focused.matches(':focus-visible') && drawn };
  })()`);
}

/** The focused element shows a visible focus ring. */
export async function expectFocusRing(page: Page): Promise<void> {
  const ring = await focusRing(page);
  expect(ring, `the focus ring of ${ring.element}`).toMatchObject({ visible: true });
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus, as a person walks the page with the keyboard, then
 * checks its focus ring. More than `limit` presses fails: the control is out of the tab order, or the focus is trapped.
 */
export async function tabTo(page: Page, target: Locator, { back = false, limit = 40 }: { back?: boolean; limit?: number } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; !(await isFocused(target)); presses++) {
    if (presses === limit) throw new Error(`${target.toString()} was not reached within ${limit} presses of ${back ? 'Shift+Tab' : 'Tab'}`);
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expectFocusRing(page);
}

/** The focus is on `target` or inside it (where a person expects it after a dialog closes or new content opens). */
export async function expectFocusIn(target: Locator): Promise<void> {
  await expect.poll(() => target.evaluate((element) => element.contains(element.ownerDocument.activeElement)).catch(() => false)).toBe(true);
}
