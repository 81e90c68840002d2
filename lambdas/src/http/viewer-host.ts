/**
 * The host a visitor asked for, on the paths the page function answers. CloudFront replaces Host with
 * its origin's (the function URL's), so a CloudFront Function on those behaviours (infra web stack)
 * copies the viewer's Host into this header, overwriting any value the client sent; the local edge
 * runs the same function.
 */
export const VIEWER_HOST_HEADER = 'x-viewer-host';

const HOST = /^[a-z0-9.-]+(?::\d{1,5})?$/i;

/** https:// and the viewer's host, or undefined when the header is missing or not a host name. */
export function siteUrlFromViewerHost(headers: Readonly<Record<string, string | undefined>> | undefined): string | undefined {
  const host = headers?.[VIEWER_HOST_HEADER]?.trim();
  return host && HOST.test(host) ? `https://${host.toLowerCase()}` : undefined;
}
