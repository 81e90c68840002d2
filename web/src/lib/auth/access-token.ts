import { loadAmplifySession } from './load-amplify';

/** The current access token for the `Authorization` header, or undefined when nobody is signed in. */
export async function getAccessToken(): Promise<string | undefined> {
  const amplify = await loadAmplifySession();
  return amplify.readAccessToken();
}
