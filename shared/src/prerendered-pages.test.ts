import { describe, expect, it } from 'vitest';
import { BOOT_CHAIN, EDGE_CACHE_TIMING, fillAppShell, PAGE_STYLES_ATTRIBUTE, type PageNavigation, renderedForThisVisit } from './prerendered-pages';

/** The app shell as the build writes it: the entry's own imports, then the boot chain's preloads (vite.config.ts). */
const SHELL = [
  '<!doctype html><html><head><title>Solutionz</title>',
  '<script type="module" crossorigin src="/assets/index-a.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/preload-helper-b.js">',
  `<link rel="modulepreload" crossorigin fetchpriority="low" data-${BOOT_CHAIN} href="/assets/boot-react-c.js">`,
  `<link rel="modulepreload" crossorigin fetchpriority="low" data-${BOOT_CHAIN} href="/assets/boot-ui-d.js">`,
  `<link rel="modulepreload" crossorigin fetchpriority="low" data-${BOOT_CHAIN} href="/assets/boot-app-e.js">`,
  '<style id="shared-styles">body{margin:0}</style></head><body><div id="root"></div></body></html>',
].join('\n');

/** A rendered page's own styles element (web/src/entry-server.tsx). */
const PAGE_STYLES = `<style ${PAGE_STYLES_ATTRIBUTE}="a1">.css-a1{color:red}</style>`;

/** The documents' live preloads: those outside any template. */
const livePreloads = (html: string) =>
  [...html.replace(/<template[\s\S]*?<\/template>/g, '').matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((match) => match[1]);

describe('a server-rendered page', () => {
  const page = fillAppShell(SHELL, { path: '/', styles: PAGE_STYLES, markup: '<h1>Find trusted local professionals</h1>' });

  it('holds the preloads of the app code back in a template, for the browser to start once the page is painted', () => {
    expect(livePreloads(page)).toEqual(['/assets/preload-helper-b.js']);
    const held = new RegExp(`<template id="${BOOT_CHAIN}">([\\s\\S]*?)</template>`).exec(page)?.[1] ?? '';
    expect([...held.matchAll(/href="([^"]+)"/g)].map((match) => match[1])).toEqual([
      '/assets/boot-react-c.js',
      '/assets/boot-ui-d.js',
      '/assets/boot-app-e.js',
    ]);
    // Still in the head, before the styles, and the page rendered in the root.
    expect(page.indexOf(`<template id="${BOOT_CHAIN}">`)).toBeLessThan(page.indexOf('<style id="shared-styles">'));
    expect(page).toContain('<div id="root" data-prerendered="/"><h1>Find trusted local professionals</h1></div>');
  });

  it("ends the head with the page's own styles, after those every page shares, and keeps them out of the root", () => {
    const head = page.split('</head>')[0]!;
    expect(head.endsWith(PAGE_STYLES)).toBe(true);
    expect(head.indexOf('<style id="shared-styles">')).toBeLessThan(head.indexOf(PAGE_STYLES));
    expect(page.split('</head>')[1]).not.toContain('<style');
  });

  it('leaves markup that looks like a preload alone: only the shell is changed', () => {
    const markup = `<p>&lt;link data-${BOOT_CHAIN}&gt;</p><link rel="modulepreload" data-${BOOT_CHAIN} href="/x.js">`;
    expect(fillAppShell(SHELL, { path: '/signup', styles: '', markup })).toContain(`<div id="root" data-prerendered="/signup">${markup}</div>`);
  });

  it('is the shell with the page in it when the shell has no boot chain (a development build)', () => {
    const plain = '<html><head></head><body><div id="root"></div></body></html>';
    expect(fillAppShell(plain, { path: '/', styles: '', markup: '<h1>Hi</h1>' })).toBe(
      '<html><head></head><body><div id="root" data-prerendered="/"><h1>Hi</h1></div></body></html>',
    );
  });
});

describe('whether a server-rendered page was rendered for this visit', () => {
  /** A page the browser fetched over the network, with the CDN's cache status among its other timings. */
  const fetched = (...names: string[]): PageNavigation => ({
    type: 'navigate',
    transferSize: 18_000,
    serverTiming: [{ name: 'cdn-pop' }, ...names.map((name) => ({ name }))],
  });

  it('is when the CDN had no cached response: the page function rendered it as the request passed', () => {
    expect(renderedForThisVisit(fetched(EDGE_CACHE_TIMING.miss))).toBe(true);
    expect(renderedForThisVisit({ ...fetched(EDGE_CACHE_TIMING.miss), type: 'reload' })).toBe(true);
  });

  it('is not when the CDN answered from its cache or refreshed it, or said nothing of its cache', () => {
    expect(renderedForThisVisit(fetched(EDGE_CACHE_TIMING.hit))).toBe(false);
    expect(renderedForThisVisit(fetched(EDGE_CACHE_TIMING.refresh))).toBe(false);
    expect(renderedForThisVisit(fetched())).toBe(false);
    expect(renderedForThisVisit(undefined)).toBe(false);
  });

  it("is not when the page came from the browser: its cache, or going back, keeps the first answer's headers", () => {
    expect(renderedForThisVisit({ ...fetched(EDGE_CACHE_TIMING.miss), transferSize: 0 })).toBe(false);
    expect(renderedForThisVisit({ ...fetched(EDGE_CACHE_TIMING.miss), type: 'back_forward' })).toBe(false);
  });
});
