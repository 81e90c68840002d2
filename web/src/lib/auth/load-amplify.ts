import type * as AmplifySession from './amplify-session';

let pending: Promise<typeof AmplifySession> | undefined;
let markLoaded: (amplify: typeof AmplifySession) => void = () => undefined;
const loaded = new Promise<typeof AmplifySession>((resolve) => {
  markLoaded = resolve;
});

/** Amplify, configured from `/config.json`, loaded on first use (never part of the entry chunk). */
export function loadAmplifySession(): Promise<typeof AmplifySession> {
  // Both are dynamic imports: the config schema pulls in zod, which the entry chunk must not carry.
  pending ??= Promise.all([import('./amplify-session'), import('../runtime-config').then((module) => module.loadRuntimeConfig())])
    .then(([amplify, config]) => {
      amplify.configureAmplify(config);
      markLoaded(amplify);
      return amplify;
    })
    .catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
  return pending;
}

/** Settles when something else has loaded Amplify; never loads it itself. */
export function whenAmplifyLoaded(): Promise<typeof AmplifySession> {
  return loaded;
}

/**
 * Whether Amplify left tokens in this browser (it keeps `CognitoIdentityServiceProvider.<client id>.LastAuthUser`
 * in local storage while signed in). Without them nobody is signed in, and there is no need to load Amplify to say so.
 */
export function hasStoredSession(): boolean {
  try {
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index);
      if (key?.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.LastAuthUser')) return true;
    }
    return false;
  } catch {
    // Storage blocked by the browser: let Amplify decide.
    return true;
  }
}
