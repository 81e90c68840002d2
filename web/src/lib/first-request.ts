/**
 * Something loaded on its first request (the query client, the toast region): `request` marks it asked for and tells
 * every waiting listener once; `whenRequested` runs a listener on that first request, at once if it was already made,
 * and returns the unsubscribe.
 */
export function firstRequest(): { request: () => void; whenRequested: (listener: () => void) => () => void } {
  let requested = false;
  const listeners = new Set<() => void>();
  return {
    request() {
      if (requested) return;
      requested = true;
      listeners.forEach((listener) => listener());
    },
    whenRequested(listener) {
      if (requested) {
        listener();
        return () => undefined;
      }
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
