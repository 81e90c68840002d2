import { loadAmplifySession } from './load-amplify';
import type { AuthClient } from './session-types';

/** The app's AuthClient: every call loads (once) and delegates to the lazily imported Amplify module. */
export const amplifyAuthClient: AuthClient = {
  currentUser: async (options) => (await loadAmplifySession()).readSessionUser(options),
  signIn: async (email, password) => (await loadAmplifySession()).signInWithPassword(email, password),
  signOut: async () => (await loadAmplifySession()).signOutOfSession(),
  onAuthEvent(listener) {
    let stop: (() => void) | undefined;
    let stopped = false;
    loadAmplifySession()
      .then((amplify) => {
        if (!stopped) stop = amplify.listenToAuthEvents(listener);
      })
      .catch((error: unknown) => console.error('Could not listen to auth events', error));
    return () => {
      stopped = true;
      stop?.();
    };
  },
};
