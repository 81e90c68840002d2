import { MESSAGE_POLL_MS, type WebConfig } from '@solutionz/shared';

let pending: Promise<WebConfig> | undefined;
let loaded: WebConfig | undefined;

/**
 * The stage's settings from `/config.json` (docs/architecture.md#web), fetched once per page load.
 * A missing or malformed file fails loudly with what is wrong, rather than letting auth or API calls
 * go to the wrong place.
 */
export function loadRuntimeConfig(): Promise<WebConfig> {
  pending ??= fetchRuntimeConfig().then(
    (config) => (loaded = config),
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

/**
 * How often an open conversation and the inbox ask for new messages: the stage's `messagePollMs`, or the default
 * until the config is in (every API call reads it first, so a query's next interval has it).
 */
export function messagePollMs(): number {
  return loaded?.messagePollMs ?? MESSAGE_POLL_MS.default;
}

async function fetchRuntimeConfig(): Promise<WebConfig> {
  const response = await fetch('/config.json', { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`Runtime config /config.json answered ${response.status}`);
  const config: unknown = await response.json();
  const problem = webConfigProblem(config);
  if (problem) throw new Error(`Runtime config /config.json is invalid: ${problem}`);
  return config as WebConfig;
}

const filled = (value: unknown) => typeof value === 'string' && value.length > 0;
const pollWithinBounds = (value: unknown) => Number.isInteger(value) && (value as number) >= MESSAGE_POLL_MS.min && (value as number) <= MESSAGE_POLL_MS.max;

/**
 * What is wrong with a runtime config, checked without zod so that a page loads none: the parts the browser uses.
 * Whoever writes the file (the deployment, the local launcher, the dev server) checks all of it with shared
 * webConfigSchema; runtime-config.test.ts holds this to the schema.
 */
export function webConfigProblem(config: unknown): string | undefined {
  const value = (config ?? {}) as Partial<Record<string, unknown>>;
  const auth = (value.auth ?? {}) as Partial<Record<string, unknown>>;
  const wrong = [
    ...(['stage', 'apiBase'] as const).filter((key) => !filled(value[key])),
    ...(['region', 'userPoolId', 'userPoolClientId'] as const).filter((key) => !filled(auth[key])).map((key) => `auth.${key}`),
    ...(auth.authFlowType === 'USER_SRP_AUTH' || auth.authFlowType === 'USER_PASSWORD_AUTH' ? [] : ['auth.authFlowType']),
    ...(auth.userPoolEndpoint === undefined || filled(auth.userPoolEndpoint) ? [] : ['auth.userPoolEndpoint']),
    ...(value.adminEmailDomain === undefined || filled(value.adminEmailDomain) ? [] : ['adminEmailDomain']),
    ...(value.messagePollMs === undefined || pollWithinBounds(value.messagePollMs) ? [] : ['messagePollMs']),
  ];
  return wrong.length > 0 ? `missing or invalid ${wrong.join(', ')}` : undefined;
}
