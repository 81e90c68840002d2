import { firstRequest } from './first-request';

let markProvided: () => void = () => undefined;
const client = firstRequest();

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
  client.request();
  return queryClientProvided;
}

/**
 * Loads a module whose components query (a lazy screen's or part's chunk) and settles once the query client is
 * provided as well: both load side by side, and nothing in the module renders before there is a client to read.
 */
export async function withQueryClient<M>(load: () => Promise<M>): Promise<M> {
  const [module] = await Promise.all([load(), requestQueryClient()]);
  return module;
}

/** Runs `listener` once the client is first asked for (at once if it already was); returns the unsubscribe. */
export const whenQueryClientRequested = client.whenRequested;
