import type { ApiEvent } from './types';

/**
 * The visitor's address as CloudFront saw it. In the cloud the API is reached through CloudFront,
 * so API Gateway's `requestContext.http.sourceIp` is the edge's address, shared by every visitor
 * behind that edge; `X-Forwarded-For` cannot stand in, since CloudFront appends to whatever the
 * client sent. A CloudFront Function on the `/api/*` behaviour (infra web stack) sets this header
 * from `event.viewer.ip`, overwriting any value the client sent; the local gateway does the same.
 */
export const VIEWER_IP_HEADER = 'x-viewer-ip';

/**
 * The client address used for per-IP limits: the viewer header, else API Gateway's source address
 * (a request that did not come through CloudFront).
 *
 * Residual risk: the execute-api endpoint can be called directly, and there the header is whatever
 * the caller writes, so per-IP limits can be dodged there by changing it on every request. Limits
 * keyed on something else, such as sign-up's per-e-mail count, do not depend on it and still hold.
 */
export function clientIp(event: Pick<ApiEvent, 'headers' | 'requestContext'>): string {
  const headers = event.headers ?? {};
  const header = Object.entries(headers)
    .find(([name]) => name.toLowerCase() === VIEWER_IP_HEADER)?.[1]
    ?.trim();
  return header || event.requestContext.http.sourceIp;
}
