import { createRequire } from 'node:module';
import { join } from 'node:path';
import { RENDERER_ENTRY_FILE, type ServerRenderedApp, type RenderedPageData } from '@solutionz/shared';

/** The renderer's folder inside the page function's bundle (infra/src/page-function.ts copies it there). */
export const BUNDLED_RENDERER_DIR = 'app-renderer';

/** Renders a page of the web app to HTML, its styles and its markup, with the given API answers (web/src/entry-server.tsx `renderPage`). */
export type AppRenderer = (path: string, data: RenderedPageData) => Promise<ServerRenderedApp>;

/**
 * The web build's server renderer in `dir` (shared rendererDirOf: beside the local site; in the page function's
 * bundle in the cloud), loaded on the first page it renders and kept for the life of the process.
 */
export function appRendererIn(dir: string): AppRenderer {
  const entry = join(dir, RENDERER_ENTRY_FILE);
  let renderPage: AppRenderer | undefined;
  return (path, data) => {
    renderPage ??= (createRequire(entry)(entry) as { renderPage: AppRenderer }).renderPage;
    return renderPage(path, data);
  };
}
