/**
 * The browser's entry. Evaluating the app's code is the largest piece of start-up work on a phone, and the code of one
 * module graph is evaluated in one task, which blocks the page for as long as it runs. So the code comes in three
 * steps, each evaluated in a task of its own with a turn of the event loop between them: React DOM, then Chakra's
 * system and the theme, then the rest of the app (boot.tsx). The build preloads all three with the page
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
  const { boot } = await import('./boot');
  await boot();
}

void start().catch((error: unknown) => console.error('The app could not start', error));
