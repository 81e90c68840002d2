import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// A page the build rendered (vite.config.ts, prerenderPages) is hydrated: its HTML stays as it is and becomes
// live. Served at another address (the file's own name, say), it is drawn afresh for that address.
const prerenderedFor = root.dataset.prerendered;
if (prerenderedFor !== undefined && prerenderedFor !== window.location.pathname) root.replaceChildren();

// A transition lets React render (or hydrate) the first page in short slices instead of one long task.
startTransition(() => {
  if (root.hasChildNodes()) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
