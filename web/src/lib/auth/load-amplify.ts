import type * as AmplifySession from './amplify-session';

let pending: Promise<typeof AmplifySession> | undefined;

/** Amplify, configured from `/config.json`, loaded on first use (never part of the entry chunk). */
export function loadAmplifySession(): Promise<typeof AmplifySession> {
  // Both are dynamic imports: the config schema pulls in zod, which the entry chunk must not carry.
  pending ??= Promise.all([import('./amplify-session'), import('../runtime-config').then((module) => module.loadRuntimeConfig())])
    .then(([amplify, config]) => {
      amplify.configureAmplify(config);
      return amplify;
    })
    .catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
  return pending;
}
