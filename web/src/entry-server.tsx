import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import type { RenderedPageData } from '@solutionz/shared';
import { markQueryClientProvided } from '@/lib/query-client-gate';
import { AppProvider } from './app/provider';
import { appRoutes } from './app/router';

/**
 * The server side of the web app: renders a page with the very components the browser runs, so the HTML
 * carries the page's content and Chakra's styles (Emotion writes each style next to the first element that
 * uses it; in the browser, Emotion's cache moves them into the head before React hydrates, see main.tsx).
 * Used at build time for the static public pages (vite.config.ts, `prerenderPages`) and by the page
 * function for provider pages (lambdas/src/adapters/app-renderer.ts), with the API's answers in `data`.
 */
export async function renderPage(path: string, data?: RenderedPageData): Promise<string> {
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
  // Waits for every lazy part (the sections below the fold, the footer), so the HTML holds the whole page.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
    // Every boundary in place: no part of the page waits for an inline script to be moved into view.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  queryClient.clear();
  return Buffer.concat(chunks).toString('utf8');
}
