import { hasStoredSession, loadAmplifySession } from './load-amplify';

/** The current access token for the `Authorization` header, or undefined when nobody is signed in. */
export async function getAccessToken(): Promise<string | undefined> {
  // No stored tokens, nobody signed in: a signed-out visitor's API calls need not load Amplify.
  if (!hasStoredSession()) return undefined;
  const amplify = await loadAmplifySession();
  return amplify.readAccessToken();
}
