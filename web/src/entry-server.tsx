import { ChakraProvider } from '@chakra-ui/react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { PAGE_STYLES_ATTRIBUTE, type ServerRenderedApp, type RenderedPageData } from '@solutionz/shared';
import { markQueryClientProvided } from '@/lib/query-client-gate';
import { AppProvider } from './app/provider';
import { appRoutes } from './app/router';
import { EMOTION_KEY } from './app/style-cache';
import { createAppSystem } from './app/theme';

/**
 * The server side of the web app: renders a page with the very components the browser runs, so the HTML
 * carries the page's content and Chakra's styles (all in one style element for the head, which names them as
 * Emotion does: the browser's style cache knows from it that they are there, boot.tsx).
 * Used at build time for the static public pages (vite.config.ts, `prerenderPages`) and by the page
 * function for provider pages (lambdas/src/adapters/app-renderer.ts), with the API's answers in `data`.
 */
export async function renderPage(path: string, data?: RenderedPageData): Promise<ServerRenderedApp> {
  // Each render has a query cache of its own, holding only the answers it was given; nothing is fetched here.
  const { createQueryClient, seedQueryClient } = await import('./app/query-client');
  const queryClient = createQueryClient();
  if (data) seedQueryClient(queryClient, data);
  // Screens wait for the query client before they load (query-client-gate.ts): here it is given from the start.
  markQueryClientProvided();
  const handler = createStaticHandler(appRoutes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} instead of a page`);
  if (context.statusCode !== 200) throw new Error(`${path} rendered status ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // Emotion keeps the page's styles here (compat mode) rather than writing one style element beside each component:
  // the browser would move each into the head before hydrating, hundreds of moves in one long task on a phone.
  const styles = createCache({ key: EMOTION_KEY });
  styles.compat = true;
  // Waits for every lazy part (the sections below the fold, the footer), so the HTML holds the whole page.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <CacheProvider value={styles}>
        <AppProvider queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </CacheProvider>
    </StrictMode>,
    // Every boundary in place: no part of the page waits for an inline script to be moved into view.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  queryClient.clear();
  return { styles: styleElementOf(styles.inserted), markup: Buffer.concat(chunks).toString('utf8') };
}

/** The styles a render inserted, as one style element naming them (shared PAGE_STYLES_ATTRIBUTE). */
function styleElementOf(inserted: Record<string, string | true | undefined>): string {
  const rules = Object.entries(inserted).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  if (rules.length === 0) return '';
  const css = rules.map(([, text]) => text).join('');
  if (css.includes('</')) throw new Error('A style would close its own <style> element');
  return `<style ${PAGE_STYLES_ATTRIBUTE}="${rules.map(([id]) => id).join(' ')}">${css}</style>`;
}

/**
 * The styles every page shares (Chakra's layer order, reset, global styles and token variables) as CSS: the build
 * writes them into index.html's head once, instead of each page working them out as it starts (theme.ts).
 */
export function renderSharedStyles(): string {
  const markup = renderToStaticMarkup(<ChakraProvider value={createAppSystem()}>{null}</ChakraProvider>);
  const css = [...markup.matchAll(/<style[^>]*>([^<]*)<\/style>/g)].map(([, rules]) => rules).join('');
  if (!css.includes('--chakra-colors-brand-solid')) throw new Error('The shared styles have no token variables');
  return css;
}
