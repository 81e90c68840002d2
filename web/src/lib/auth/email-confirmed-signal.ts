/**
 * Tells the app's other tabs that an e-mail address was just confirmed, so their "E-mail
 * confirmation required" banner goes away at once instead of at its next poll.
 */
const CHANNEL = 'solutionz-email-confirmed';

export function announceEmailConfirmed(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage('confirmed');
  channel.close();
}

export function onEmailConfirmedElsewhere(listener: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = () => listener();
  return () => channel.close();
}
