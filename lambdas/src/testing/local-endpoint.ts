import { inject } from 'vitest';
import type { ProvidedContext } from 'vitest';
import type {} from './local-aws.global-setup';

type LocalEndpoint = { [K in keyof ProvidedContext]: K extends `${string}Endpoint` ? K : never }[keyof ProvidedContext];

/**
 * The address of one local AWS stand-in, started by the connected project's global setup. A test
 * that calls this from the unit project (no servers) is told where it belongs rather than failing on
 * an undefined endpoint.
 */
export function localEndpoint(name: LocalEndpoint): string {
  const url = inject(name);
  if (!url) throw new Error(`No ${name}: this test runs against the local AWS servers, so it belongs in the connected project (CONNECTED_TESTS in vitest.config.ts).`);
  return url;
}
