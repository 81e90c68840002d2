import type { Mailer, OutgoingMail } from '../adapters/ses-mailer';

/** How the mail workers (job alerts, provider updates, message mails) send their mails. */

/** Tries `send` up to `attempts` times, pausing between tries (`pause(attempt)` counts from 1). */
async function sendWithRetries(
  send: () => Promise<void>,
  attempts: number,
  pause: (attempt: number) => Promise<void>,
): Promise<{ sent: true } | { sent: false; error: string }> {
  for (let attempt = 1; ; attempt++) {
    try {
      await send();
      return { sent: true };
    } catch (error) {
      if (attempt >= attempts) return { sent: false, error: error instanceof Error ? error.message : String(error) };
      await pause(attempt);
    }
  }
}

/** One mail sent under a claim (a conditional write that keeps it to one sender), and what became of it. */
export interface ClaimedMail<Claim> {
  /** Takes the claim; undefined when another worker holds it or the mail went already. */
  claim(): Promise<Claim | undefined>;
  /** The mail to send under the claim; undefined withholds it (a cap reached), which releases the claim as failed. */
  compose(claim: Claim): Promise<OutgoingMail | undefined>;
  readonly attempts: number;
  /** Records the claim as sent. */
  sent(claim: Claim): Promise<void>;
  /** Records the claim as failed, so that a later run may try again; `error` is absent for a withheld mail. */
  failed(claim: Claim, error?: string): Promise<void>;
}

export type ClaimedMailOutcome = 'skipped' | 'withheld' | 'sent' | 'failed';

/**
 * The sequence every mail worker follows: claim, compose, send with retries (pausing between tries), then
 * mark the claim sent or failed. 'skipped': the claim was held already, nothing was sent.
 */
export async function sendClaimed<Claim>(
  deps: { readonly mailer: Mailer; readonly pause: (attempt: number) => Promise<void> },
  mail: ClaimedMail<Claim>,
): Promise<ClaimedMailOutcome> {
  const claim = await mail.claim();
  if (claim === undefined) return 'skipped';
  const outgoing = await mail.compose(claim);
  if (!outgoing) {
    await mail.failed(claim);
    return 'withheld';
  }
  const result = await sendWithRetries(() => deps.mailer.send(outgoing), mail.attempts, deps.pause);
  if (result.sent) {
    await mail.sent(claim);
    return 'sent';
  }
  await mail.failed(claim, result.error);
  return 'failed';
}
