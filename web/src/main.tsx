/**
 * The browser's entry. Evaluating the app's code is the largest piece of start-up work on a phone, and the code of one
 * module graph is evaluated in one task, which blocks the page for as long as it runs. So the code comes in steps, each
 * evaluated in a task of its own with a turn of the event loop between them: React DOM; Chakra with the theme; Chakra's
 * system, built; the other UI libraries (React Router, the icons, Ark and zag); the rest of the app (boot.tsx). The
 * build preloads every step's file with the page
 * (web/vite.config.ts bootChainPreloads), so the steps wait for no network, only for their turn.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  await import('react-dom/client');
  await nextTask();
  const { appSystem } = await import('./app/theme');
  await nextTask();
  appSystem();
  await nextTask();
  await import('./app/ui-libraries');
  await nextTask();
  const { boot } = await import('./boot');
  await boot();
}

void start().catch((error: unknown) => console.error('The app could not start', error));
