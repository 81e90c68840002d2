const PROBE_ORIGIN = 'https://solutionz.invalid';

/**
 * Where to go after login from a `return` or `redirect` parameter: only a path on this site.
 * Absolute and protocol-relative addresses (`https://evil.example`, `//evil.example`, `/\evil.example`)
 * are refused, so a crafted login link cannot send the user elsewhere; so are links back to a login page.
 */
export function safeReturnPath(raw: string | null | undefined): string | undefined {
  const value = raw?.trim();
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  let url: URL;
  try {
    // The URL parser applies the browser's own normalisation (tabs, backslashes), which a prefix check alone misses.
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname === '/login' || url.pathname === '/admin-login') return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login address that comes back to `path` (path and query) afterwards. */
export function loginPathReturningTo(path: string, extra: Record<string, string> = {}): string {
  return `/login?${new URLSearchParams({ ...extra, return: path }).toString()}`;
}
