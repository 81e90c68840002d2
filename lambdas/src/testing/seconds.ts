/**
 * Waits until the wall clock is in a later second than now. Tokens carry their issue time in whole
 * seconds, and "signed out everywhere" refuses tokens from before the second it happened in, so a
 * test that signs in and then out must not do both within one second.
 */
export async function nextSecond(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1005 - (Date.now() % 1000)));
}
