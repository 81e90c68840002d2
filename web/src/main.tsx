import { BOOT_CHAIN } from '@solutionz/shared';
import type { HeldPresses } from './boot';

/**
 * The browser's entry. Evaluating the app's code is the largest piece of start-up work on a phone, and the code of one
 * module graph is evaluated in one task, which blocks the page for as long as it runs. So the code comes in three
 * steps, each evaluated in a task of its own with a turn of the event loop between them: React DOM, then Chakra's
 * system and the theme, then the rest of the app (boot.tsx). The build preloads all three with the page
 * (web/vite.config.ts bootChainPreloads; a server-rendered page once it is painted), so the steps wait for no network, only for
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
      // The first paint can be of the page's top alone (the parser yields); the next frame paints all it parsed.
      nextFrame();
    });
    observer.observe({ type: 'paint', buffered: true });
  });

/**
 * A server-rendered page holds back the preloads of the app's code until it is painted (shared fillAppShell), so that on a slow
 * line they do not share the bandwidth with the page: they start once it is (at once in a tab not shown, which paints
 * nothing until it is).
 */
async function preloadAfterPaint(): Promise<void> {
  const held = document.getElementById(BOOT_CHAIN);
  if (!(held instanceof HTMLTemplateElement)) return;
  if (document.visibilityState === 'visible') await afterFirstPaint();
  document.head.append(held.content);
}

/**
 * A server-rendered or prerendered page is shown, and can be pressed, long before the app's code has come and taken it over
 * (it is fetched once the page is painted: seconds on a phone's slow line). Until then, from as soon as this entry
 * runs, a press of a button or a tab is held, the last one, to be given again once the app is live (`release`), and
 * no form is sent by the browser itself: that would put what was typed, a password too, into the address. Links are
 * left to the browser: they work without the app.
 */
function holdPresses(root: HTMLElement): HeldPresses {
  let held: HTMLElement | undefined;
  const hold = (event: MouseEvent) => {
    const element = event.target instanceof Element ? event.target.closest<HTMLElement>('button, [role="tab"], [role="button"]') : null;
    if (!element) return;
    event.preventDefault();
    event.stopPropagation();
    held = element;
  };
  const keep = (event: Event) => event.preventDefault();
  root.addEventListener('click', hold, true);
  root.addEventListener('submit', keep, true);
  return {
    release(replay) {
      root.removeEventListener('click', hold, true);
      root.removeEventListener('submit', keep, true);
      if (replay && held?.isConnected) held.click();
      held = undefined;
    },
  };
}

const root = document.getElementById('root');
const presses = root?.dataset.prerendered !== undefined ? holdPresses(root) : undefined;

async function start(): Promise<void> {
  await preloadAfterPaint();
  await import('react-dom/client');
  await nextTask();
  const { appSystem } = await import('./app/theme');
  await nextTask();
  appSystem();
  await nextTask();
  const { boot } = await import('./boot');
  await boot(presses);
}

void start().catch((error: unknown) => console.error('The app could not start', error));
