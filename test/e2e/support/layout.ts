import { expect, type Page } from '@playwright/test';

/**
 * What the eye notices first on a page drawn wrong, checked in the page as it is now:
 * - the page scrolls sideways (its document is wider than the viewport);
 * - something is drawn past the viewport's left or right edge (inside a box that scrolls or clips
 *   sideways, such as a row of tabs, only that box counts), or runs out of the side of its box (a
 *   label too long for its card);
 * - an icon (svg, or each svg of a drawing of icons) is larger than any icon should be, or an icon, chart or image is
 *   larger than the box it sits in.
 * Each problem names the element, so a failure says where to look.
 */

/** No icon in the app is drawn larger than this (px); an icon without its recipe can be drawn at the page's full width. */
const ICON_MAX_PX = 64;

/** The little of the DOM the check reads: the test project is compiled for Node, without the DOM's types. */
interface Rect {
  readonly left: number;
  readonly right: number;
  readonly width: number;
  readonly height: number;
}
interface Element {
  readonly tagName: string;
  readonly clientWidth: number;
  readonly scrollWidth: number;
  contains(other: Element): boolean;
  readonly parentElement: Element | null;
  readonly classList: Iterable<string>;
  readonly textContent: string | null;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): Rect;
  closest(selector: string): Element | null;
  querySelectorAll(selector: string): Iterable<Element>;
}
interface BrowserWindow {
  readonly document: { readonly documentElement: Element; readonly body: Element };
  getComputedStyle(element: Element): { readonly display: string; readonly visibility: string; readonly overflowX: string };
}

/** Runs in the browser: the problems found, empty when the layout is sound. */
function findLayoutProblems(iconMaxPx: number): string[] {
  const { document, getComputedStyle } = globalThis as unknown as BrowserWindow;
  const problems: string[] = [];
  const root = document.documentElement;
  const viewportWidth = root.clientWidth;
  if (root.scrollWidth > viewportWidth) problems.push(`the page scrolls sideways: it is ${root.scrollWidth} px wide in a ${viewportWidth} px viewport`);

  const name = (element: Element): string => {
    const label = element.getAttribute('aria-label') ?? element.getAttribute('alt') ?? element.getAttribute('title');
    const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
    const classes = [...element.classList]
      .filter((cls) => !cls.startsWith('css-'))
      .slice(0, 2)
      .join('.');
    return `<${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}>${label ? ` "${label}"` : text ? ` "${text}"` : ''}`;
  };
  const drawn = (element: Element) => {
    const style = getComputedStyle(element);
    const rect = element.getBoundingClientRect();
    // Visually hidden text (a 1 px box clipped away) and empty boxes draw nothing.
    return style.display !== 'none' && style.visibility !== 'hidden' && rect.width > 1 && rect.height > 1;
  };
  const clipsSideways = (element: Element) => element !== root && element !== document.body && getComputedStyle(element).overflowX !== 'visible';
  const insideClip = (element: Element) => {
    for (let parent = element.parentElement; parent; parent = parent.parentElement) if (clipsSideways(parent)) return true;
    return false;
  };

  const outside = new Set<Element>();
  for (const element of document.body.querySelectorAll('*')) {
    if (!drawn(element) || insideClip(element)) continue;
    const rect = element.getBoundingClientRect();
    if (rect.left >= -1 && rect.right <= viewportWidth + 1) continue;
    // The outermost one is enough: its content goes with it.
    let parent = element.parentElement;
    while (parent && !outside.has(parent)) parent = parent.parentElement;
    outside.add(element);
    if (!parent)
      problems.push(`${name(element)} is drawn outside the viewport: from ${Math.round(rect.left)} to ${Math.round(rect.right)} px of ${viewportWidth}`);
  }

  // A box whose content is wider than it (and which neither scrolls nor clips): the innermost one says where.
  const overflowing = [...document.body.querySelectorAll('*')].filter(
    (element) => drawn(element) && !clipsSideways(element) && !insideClip(element) && element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1,
  );
  for (const element of overflowing) {
    if (overflowing.some((other) => other !== element && element.contains(other))) continue;
    problems.push(`${name(element)} has content ${element.scrollWidth - element.clientWidth} px wider than itself (${element.clientWidth} px)`);
  }

  const sizeOf = (element: Element) => {
    const rect = element.getBoundingClientRect();
    return `${Math.round(rect.width)} x ${Math.round(rect.height)} px`;
  };
  const largerThanAnIcon = (element: Element) => {
    const rect = element.getBoundingClientRect();
    return rect.width > iconMaxPx || rect.height > iconMaxPx;
  };
  for (const element of document.body.querySelectorAll('svg, img')) {
    // An svg inside another svg is part of one drawing.
    if (!drawn(element) || element.parentElement?.closest('svg')) continue;
    // A chart (`data-chart`) is drawn as wide as its box: only the box's bounds apply to it.
    if (element.tagName.toLowerCase() === 'svg' && element.getAttribute('data-chart') === null) {
      // A drawing of icons (a rating's row of stars) is checked icon by icon.
      const icons = [...element.querySelectorAll('svg')];
      const large = icons.length > 0 ? icons.find(largerThanAnIcon) : largerThanAnIcon(element) ? element : undefined;
      if (large) {
        problems.push(`${name(element)} ${large === element ? 'is an icon' : 'has an icon'} drawn at ${sizeOf(large)} (at most ${iconMaxPx} px)`);
        continue;
      }
    }
    const rect = element.getBoundingClientRect();
    const container = element.parentElement!.getBoundingClientRect();
    if (rect.width > container.width + 1 || rect.height > container.height + 1) {
      problems.push(
        `${name(element)} is drawn at ${sizeOf(element)}, larger than its container (${Math.round(container.width)} x ${Math.round(container.height)} px)`,
      );
    }
  }
  return problems;
}

/** Every layout problem of the page as it is drawn now. */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(findLayoutProblems, ICON_MAX_PX);
}

/** Fails with every layout problem of the page as it is drawn now. */
export async function expectSoundLayout(page: Page): Promise<void> {
  expect(await layoutProblems(page), `layout problems at ${page.viewportSize()?.width} px`).toEqual([]);
}
