import { createContext, use, useEffect, useState, type ReactNode } from 'react';
import { loadAmplifySession } from './load-amplify';
import type { SessionState } from './session-types';

const SessionContext = createContext<SessionState>({ status: 'loading' });

export type SessionReader = () => Promise<SessionState>;

async function readSessionWithAmplify(): Promise<SessionState> {
  const amplify = await loadAmplifySession();
  const user = await amplify.readSessionUser();
  return user ? { status: 'signedIn', user } : { status: 'signedOut' };
}

/**
 * Resolves the session once at start-up. A failure to reach auth (no config, emulator down) is
 * logged and treated as signed out, so public pages keep working.
 */
export function SessionProvider({ children, readSession = readSessionWithAmplify }: { children: ReactNode; readSession?: SessionReader }) {
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  useEffect(() => {
    let active = true;
    readSession()
      .catch((error: unknown) => {
        console.error('Could not read the session', error);
        return { status: 'signedOut' } as const;
      })
      .then((next) => {
        if (active) setState(next);
      });
    return () => {
      active = false;
    };
  }, [readSession]);
  return <SessionContext value={state}>{children}</SessionContext>;
}

export function useSession(): SessionState {
  return use(SessionContext);
}
