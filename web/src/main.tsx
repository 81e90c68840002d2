import { BOOT_CHAIN } from '@solutionz/shared';

/**
 * The browser's entry. Evaluating the app's code is the largest piece of start-up work on a phone, and the code of one
 * module graph is evaluated in one task, which blocks the page for as long as it runs. So the code comes in three
 * steps, each evaluated in a task of its own with a turn of the event loop between them: React DOM, then Chakra's
 * system and the theme, then the rest of the app (boot.tsx). The build preloads all three with the page
 * (web/vite.config.ts bootChainPreloads; a drawn page once it is painted), so the steps wait for no network, only for
 * their turn.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Resolves in the task after the frame that follows the page's first contentful paint. */
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    const nextFrame = () => requestAnimationFrame(() => setTimeout(resolve, 0));
    if (!PerformanceObserver.supportedEntryTypes.includes('paint')) return nextFrame();
    const observer = new PerformanceObserver((entries) => {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      // The first paint can be of the page's top alone (the parser yields); the next frame draws all it parsed.
      nextFrame();
    });
    observer.observe({ type: 'paint', buffered: true });
  });

/**
 * A drawn page holds back the preloads of the app's code until it is painted (shared fillAppShell), so that on a slow
 * line they do not share the bandwidth with the page: they start once it is (at once in a tab not shown, which paints
 * nothing until it is).
 */
async function preloadAfterPaint(): Promise<void> {
  const held = document.getElementById(BOOT_CHAIN);
  if (!(held instanceof HTMLTemplateElement)) return;
  if (document.visibilityState === 'visible') await afterFirstPaint();
  document.head.append(held.content);
}

async function start(): Promise<void> {
  await preloadAfterPaint();
  await import('react-dom/client');
  await nextTask();
  const { appSystem } = await import('./app/theme');
  await nextTask();
  appSystem();
  await nextTask();
  const { boot } = await import('./boot');
  await boot();
}

void start().catch((error: unknown) => console.error('The app could not start', error));
