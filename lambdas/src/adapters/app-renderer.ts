import { createRequire } from 'node:module';
import { join } from 'node:path';
import { RENDERER_ENTRY_FILE, type RenderedPageData } from '@solutionz/shared';

/** The renderer's folder inside the page function's bundle (infra/src/page-function.ts copies it there). */
export const BUNDLED_RENDERER_DIR = 'app-renderer';

/**
 * Renders a page of the web app to HTML with the given API answers (web/src/entry-server.tsx `renderPage`), and
 * names the site's files the page's screen runs (`preloadsFor`, for the page's head).
 */
export interface AppRenderer {
  (path: string, data: RenderedPageData): Promise<string>;
  readonly preloadsFor?: (path: string) => readonly string[];
}

interface RendererModule {
  renderPage: (path: string, data: RenderedPageData) => Promise<string>;
  preloadsFor?: (path: string) => readonly string[];
}

/**
 * The web build's server renderer in `dir` (shared rendererDirOf: beside the local site; in the page function's
 * bundle in the cloud), loaded on the first page it renders and kept for the life of the process.
 */
export function appRendererIn(dir: string): AppRenderer {
  const entry = join(dir, RENDERER_ENTRY_FILE);
  let renderer: RendererModule | undefined;
  const load = () => (renderer ??= createRequire(entry)(entry) as RendererModule);
  return Object.assign((path: string, data: RenderedPageData) => load().renderPage(path, data), {
    preloadsFor: (path: string) => load().preloadsFor?.(path) ?? [],
  });
}
