import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;
const onTheClient = () => false;
const onTheServer = () => true;

/**
 * True while this render draws the server's markup (on the server, and as the browser hydrates it), false in any
 * render after. A part that depends on who is looking shows what the server showed while hydrating, even when the
 * session was read before that part hydrated, and follows the session at once after.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(noSubscription, onTheClient, onTheServer);
}
