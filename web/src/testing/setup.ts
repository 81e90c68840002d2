import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { toaster } from '@/components/ui/toaster';
import { removeGeolocationStub } from './geolocation';

// Route modules load lazily and are evaluated afresh per file: on a busy two-core CI machine the first screen of
// a file can take longer than Testing Library's default second to appear (a router test failed in CI so), and twice
// took over 4 s in one run (the membership and security screens, with the browser tests running beside them). Tests
// wait with this one figure: a shorter wait of their own made the categories and image-attachment screens fail so in CI.
configure({ asyncUtilTimeout: 10_000 });

// App-wide stores must not carry a test's leftovers (an open toast) into the next one.
afterEach(() => {
  cleanup();
  toaster.remove();
  // Here rather than in each test file, so no stub (stubApi's fetch, a device location) outlives its test.
  vi.unstubAllGlobals();
  removeGeolocationStub();
});

// Test files share a worker and its jsdom (isolate: false), yet each starts as on a fresh page load: the app's
// modules are evaluated again, so module-level state (runtime-config cache, query-client gate, Amplify loader,
// toast store) starts over, while the libraries in node_modules, whose loading is what isolation cost, stay
// loaded; storage is emptied and the title cleared.
afterAll(() => {
  vi.resetModules();
  localStorage.clear();
  sessionStorage.clear();
  document.title = '';
});

// jsdom has no layout; the router's scroll restoration calls this on every navigation.
window.scrollTo = () => undefined;

// jsdom has no layout observers; menus (zag's popper) watch the size of what they are anchored to.
window.ResizeObserver ??= class {
  observe = () => undefined;
  unobserve = () => undefined;
  disconnect = () => undefined;
};
