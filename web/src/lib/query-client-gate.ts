let markProvided: () => void = () => undefined;
let requested = false;
const onRequest = new Set<() => void>();

/**
 * Settles once the query client is in the React tree. The client has its own chunk, loaded only when
 * something needs it (a lazy screen, a signed-in session), so a signed-out visit to the home page
 * never evaluates it; screens wait for it before they render and call useQuery or useMutation.
 */
const queryClientProvided = new Promise<void>((resolve) => {
  markProvided = resolve;
});

export function markQueryClientProvided(): void {
  markProvided();
}

/** Asks for the query client (loading it on first call) and settles once it is provided. */
export function requestQueryClient(): Promise<void> {
  if (!requested) {
    requested = true;
    onRequest.forEach((listener) => listener());
  }
  return queryClientProvided;
}

/** Runs `listener` once the client is first asked for (at once if it already was); returns the unsubscribe. */
export function whenQueryClientRequested(listener: () => void): () => void {
  if (requested) {
    listener();
    return () => undefined;
  }
  onRequest.add(listener);
  return () => onRequest.delete(listener);
}
