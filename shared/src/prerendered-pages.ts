/**
 * Public pages whose content is the same for every visitor and every request: the web build renders
 * them to HTML with the app's own components (web/vite.config.ts, `prerenderPages`), and the edge serves
 * each path's file in place of the empty app shell (infra/src/edge-rules.ts, the site fallback), so the
 * page's content arrives in the first answer and the app hydrates it.
 */
export const PRERENDERED_PAGES = [
  { path: '/', file: 'home.html' },
  { path: '/signup', file: 'signup.html' },
] as const satisfies readonly { path: string; file: string }[];

/**
 * Where the web build puts the app's server renderer (web/src/entry-server.tsx built for Node, with its
 * libraries in it): beside the site, never in it, since the site folder is what the bucket serves. The page
 * function renders provider pages with it (lambdas/src/adapters/app-renderer.ts).
 */
export function rendererDirOf(siteDir: string): string {
  return `${siteDir.replace(/[\\/]+$/, '')}-renderer`;
}

/** The renderer's entry file inside rendererDirOf(siteDir). */
export const RENDERER_ENTRY_FILE = 'entry-server.cjs';

/**
 * What a page was rendered with, handed to the browser so the first render there draws the same: the
 * answers of the API the page's queries read (as the API gives them), keyed as the web client keys them.
 */
export interface RenderedPageData {
  /** When the answers were read (ms since the epoch); the browser asks for them again once the app is live. */
  readonly readAt: number;
  readonly queries: readonly (readonly [key: readonly unknown[], answer: unknown])[];
}

/** The web client's query keys for the answers the page function renders pages with (RenderedPageData). */
export const RENDERED_QUERY_KEYS = {
  /** GET /api/providers/{providerId}. */
  providerPage: (providerId: string) => ['provider-page', providerId] as const,
  /** GET /api/categories. */
  categories: ['categories'] as const,
} as const;

/** The element of the page that carries its RenderedPageData (a JSON data block: no script runs). */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * JSON inside <script>: `<`, `>` and `&` as \u escapes, so no text can close the element or open a comment (a bio
 * with "</script>" in it, say), and the line separators JavaScript once refused.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Safe as element text and as a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** The text `escapeHtml` escaped. */
export function unescapeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => Object.entries(HTML_ESCAPES).find(([, escaped]) => escaped === entity)![0]);
}

/**
 * The app shell (the built index.html) with a rendered page in its root: `data-prerendered` says which
 * address it was rendered for (main.tsx hydrates it only there), and the data it was rendered with
 * follows as a JSON data block.
 */
export function fillAppShell(shell: string, page: { readonly path: string; readonly markup: string; readonly data?: RenderedPageData }): string {
  if (!shell.includes(ROOT_ELEMENT)) throw new Error(`The app shell has no ${ROOT_ELEMENT} to render into`);
  const data = page.data ? `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${scriptJson(page.data)}</script>` : '';
  // A function as the replacement: `$&` and the like in the markup stay as they are.
  return shell.replace(ROOT_ELEMENT, () => `<div id="root" data-prerendered="${escapeHtml(page.path)}">${page.markup}</div>${data}`);
}
