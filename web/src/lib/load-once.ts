/**
 * A part of the app loaded on first use (a chunk's `import()`): `load` fetches it once and answers the same promise to
 * every caller, and again after a failure (the connection dropped), since the browser retries a failed import;
 * `loaded` answers it at once when it is in, else undefined.
 */
export function loadOnce<T>(importPart: () => Promise<T>): { load: () => Promise<T>; loaded: () => T | undefined } {
  let part: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    load() {
      loading ??= importPart().then(
        (value) => (part = value),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => part,
  };
}
