import { hasStoredSession, loadAmplifySession, whenAmplifyLoaded } from './load-amplify';
import type { AuthClient } from './session-types';

/**
 * The app's AuthClient: every call loads (once) and delegates to the lazily imported Amplify module.
 * A visitor with no stored tokens is signed out without loading Amplify (about 60 KB gzip with the config
 * schema), which keeps it off a signed-out visitor's start-up; Amplify's events can only follow something
 * that loaded it, so listeners wait for that instead of loading it.
 */
export const amplifyAuthClient: AuthClient = {
  currentUser: async (options) => (!options?.forceRefresh && !hasStoredSession() ? null : (await loadAmplifySession()).readSessionUser(options)),
  signIn: async (email, password) => (await loadAmplifySession()).signInWithPassword(email, password),
  confirmSignInWithCode: async (code) => (await loadAmplifySession()).confirmSignInWithCode(code),
  signOut: async () => (await loadAmplifySession()).signOutOfSession(),
  onAuthEvent(listener) {
    let stop: (() => void) | undefined;
    let stopped = false;
    void whenAmplifyLoaded().then((amplify) => {
      if (!stopped) stop = amplify.listenToAuthEvents(listener);
    });
    return () => {
      stopped = true;
      stop?.();
    };
  },
};
