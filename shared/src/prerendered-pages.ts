/**
 * Public pages whose content is the same for every visitor and every request: the web build renders
 * them to HTML with the app's own components (web/vite.config.ts, `prerenderPages`), and the edge serves
 * each path's file in place of the empty app shell (infra/src/edge-rules.ts, the site fallback), so the
 * page's content arrives in the first answer and the app hydrates it.
 */
export const PRERENDERED_PAGES = [{ path: '/', file: 'home.html' }] as const satisfies readonly { path: string; file: string }[];
