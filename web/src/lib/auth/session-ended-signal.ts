/**
 * The API refused the caller's session for good: an administrator deactivated the account (403
 * ACCOUNT_DEACTIVATED), or it signed out everywhere or changed its password elsewhere (401
 * SESSION_REVOKED). The API client reports it, whichever call got the answer; the SessionProvider
 * signs out.
 */
export type SessionEndReason = 'deactivated' | 'revoked';

const listeners = new Set<(reason: SessionEndReason) => void>();

export function reportSessionEnded(reason: SessionEndReason): void {
  listeners.forEach((listener) => listener(reason));
}

export function onSessionEnded(listener: (reason: SessionEndReason) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
