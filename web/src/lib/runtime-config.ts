import { webConfigSchema, type WebConfig } from '@solutionz/shared';

let pending: Promise<WebConfig> | undefined;

/**
 * The stage's settings from `/config.json` (DESIGN.md section 10), fetched once per page load.
 * A missing or malformed file fails loudly with what is wrong, rather than letting auth or API calls
 * go to the wrong place.
 */
export function loadRuntimeConfig(): Promise<WebConfig> {
  pending ??= fetchRuntimeConfig().catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}

async function fetchRuntimeConfig(): Promise<WebConfig> {
  const response = await fetch('/config.json', { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`Runtime config /config.json answered ${response.status}`);
  const parsed = webConfigSchema.safeParse(await response.json());
  if (!parsed.success) throw new Error(`Runtime config /config.json is invalid: ${parsed.error.message}`);
  return parsed.data;
}
