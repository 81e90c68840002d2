import { CacheProvider, ClassNames, css } from '@emotion/react';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_STYLES_ATTRIBUTE } from '@solutionz/shared';
import { browserStyleCache } from './style-cache';

const RED = { color: 'red' };
const BLUE = { color: 'blue' };

/** What a test put in the head: the files of this worker share it (and Emotion's own cache keeps its elements there). */
const made: { elements: Element[]; caches: ReturnType<typeof browserStyleCache>[] } = { elements: [], caches: [] };

/** A page rendered on the server: its styles element in the head, naming the styles it holds. */
function serverRenderedStyles(ids: string): HTMLStyleElement {
  const styles = document.createElement('style');
  styles.setAttribute(PAGE_STYLES_ATTRIBUTE, ids);
  document.head.append(styles);
  made.elements.push(styles);
  return styles;
}

/** Renders elements with each style, through the cache, and answers how many style elements the cache wrote. */
function renderWith(cache: ReturnType<typeof browserStyleCache>, ...styles: (typeof RED)[]): number {
  made.caches.push(cache);
  render(
    <CacheProvider value={cache}>
      <ClassNames>{({ css: className }) => styles.map((style, n) => <p key={n} className={className(style)} />)}</ClassNames>
    </CacheProvider>,
  );
  return cache.sheet.tags.length;
}

afterEach(() => {
  for (const cache of made.caches.splice(0)) cache.sheet.flush();
  for (const element of made.elements.splice(0)) element.remove();
});

describe('the browser style cache', () => {
  it("writes none of the styles a page was rendered with again, and leaves the page's styles element where it is", () => {
    const element = serverRenderedStyles(`0 ${css(RED).name} other`);
    const moves = new MutationObserver(() => undefined);
    moves.observe(document.head, { childList: true });
    expect(renderWith(browserStyleCache(document), RED)).toBe(0);
    const taken = moves.takeRecords().flatMap((change) => [...change.removedNodes]);
    moves.disconnect();
    expect(element.parentNode).toBe(document.head);
    expect(taken).not.toContain(element);
  });

  it('writes a style the page was not rendered with', () => {
    serverRenderedStyles(css(RED).name);
    expect(renderWith(browserStyleCache(document), RED, BLUE)).toBe(1);
  });

  it('writes every style on a page that was not server-rendered', () => {
    expect(renderWith(browserStyleCache(document), RED, BLUE)).toBe(2);
  });
});
