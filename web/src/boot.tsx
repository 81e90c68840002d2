import { CacheProvider } from '@emotion/react';
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router-dom';
import { serverRenderedUrl, renderedForThisVisit, PAGE_DATA_ELEMENT_ID, type PageNavigation, type RenderedPageData } from '@solutionz/shared';
import { markQueryClientProvided } from '@/lib/query-client-gate';
import { App } from './app/app';
import { appRoutes } from './app/router';
import { browserStyleCache } from './app/style-cache';

/** The answers the page was rendered with (shared/src/prerendered-pages.ts), if it was rendered with any. */
function renderedPageData(): RenderedPageData | undefined {
  const text = document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as RenderedPageData) : undefined;
}

/** The routes of the address whose screens load lazily. */
const lazyRoutesHere = () => (matchRoutes(appRoutes, window.location) ?? []).map(({ route }) => route).filter((route) => typeof route.lazy === 'function');

/** The first page's lazy screens, loaded before the router starts, so a rendered page hydrates with its own screen, not the loading one. */
async function loadFirstScreens(routes: ReturnType<typeof lazyRoutesHere>): Promise<void> {
  await Promise.all(
    routes.map(async (route) => {
      const lazy = route.lazy as () => Promise<Record<string, unknown>>;
      Object.assign(route, await lazy(), { lazy: undefined });
    }),
  );
}

/**
 * A server-rendered page is taken over where it is: told the first page's data is in (it is: no route has a loader, and its
 * lazy screens are loaded first), the router neither loads it again nor scrolls to the top, as it does for a page it
 * starts. Otherwise a person who scrolled down while the app's code came would jump to the top once it is live, and a
 * tap on its way would land on whatever is there then.
 */
const TAKE_OVER_IN_PLACE = { hydrationData: {} };

/** Presses on the server-rendered page held until the app is live (main.tsx); `release` gives the last one again when asked to. */
export interface HeldPresses {
  release(replay: boolean): void;
}

/**
 * Calls `onStart` once the first page has been committed: the app is live. It wraps the app rather than standing
 * beside it: a sibling would change the ids React derives from the tree (useId), which must be the server's.
 */
function Started({ onStart, children }: { onStart: () => void; children: ReactNode }) {
  useEffect(onStart, [onStart]);
  return children;
}

/** Starts the app in #root (main.tsx loads this module once React DOM and Chakra's system are in). */
export async function boot(presses?: HeldPresses): Promise<void> {
  const target = document.getElementById('root');
  if (!target) throw new Error('index.html has no #root element');
  // A page the build or the page function rendered is hydrated: its HTML stays as it is and becomes live. It was
  // rendered for one address (a search page with its own parameters, any other page without a query string: the
  // CDN caches one response whatever the query); at any other, it is rendered afresh for that address.
  const rendered =
    target.dataset.prerendered !== undefined && target.dataset.prerendered === serverRenderedUrl(window.location.pathname, window.location.search);
  // Markup rendered for another address goes, and what was pressed on it with it.
  if (!rendered) {
    presses?.release(false);
    target.replaceChildren();
  }
  // Once the app is live the page is its own: the last press held is given again, and the mark goes (a sign that
  // the page now answers to keys and clicks).
  const started = () => {
    if (rendered) presses?.release(true);
    delete target.dataset.prerendered;
  };
  const data = renderedPageData();
  const firstScreens = rendered ? lazyRoutesHere() : [];
  // Lazy screens wait for the query client (query-client-gate.ts), so loading them first needs it too.
  const queryClientModule = data || firstScreens.length > 0 ? import('./app/query-client') : undefined;
  // A turn of the event loop while the query client's file arrives: the module's evaluation and what follows are two tasks.
  await new Promise((resolve) => setTimeout(resolve, 0));
  let queryClient;
  if (queryClientModule) {
    // The query cache is there from the start, holding what the page was rendered with: screens read it at once.
    const { createQueryClient, seedQueryClient } = await queryClientModule;
    queryClient = createQueryClient();
    // The answers are asked for again once the screens mount, unless the page was rendered for this very visit: they
    // were read just now then, by this browser's clock (the server's may differ from it by more than a minute).
    if (data) {
      const renderedNow = renderedForThisVisit(performance.getEntriesByType('navigation')[0] as PageNavigation | undefined);
      seedQueryClient(queryClient, renderedNow ? { ...data, readAt: Date.now() } : data, { askAgain: !renderedNow });
    }
    markQueryClientProvided();
  }
  await loadFirstScreens(firstScreens);
  const app = (
    <StrictMode>
      <Started onStart={started}>
        <CacheProvider value={browserStyleCache(document)}>
          <App router={createBrowserRouter(appRoutes, rendered ? TAKE_OVER_IN_PLACE : undefined)} queryClient={queryClient} />
        </CacheProvider>
      </Started>
    </StrictMode>
  );
  // A transition lets React render (or hydrate) the first page in short slices instead of one long task.
  startTransition(() => {
    if (rendered) hydrateRoot(target, app);
    else createRoot(target).render(app);
  });
}
