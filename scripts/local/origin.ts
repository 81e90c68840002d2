import { ORIGIN_VERIFY_HEADER } from '@solutionz/lambdas/http/origin-guard';

/**
 * What the local front doors (the edge, the Vite dev server's proxy) put in the origin header, as
 * CloudFront does in the cloud: the functions refuse requests to the gateway without it.
 */
export const LOCAL_ORIGIN_SECRET = 'solutionz-local-origin-secret';
/** The header a script that calls the local gateway directly (not through a front door) must send. */
export const LOCAL_ORIGIN_HEADERS: Readonly<Record<string, string>> = { [ORIGIN_VERIFY_HEADER]: LOCAL_ORIGIN_SECRET };
