import { createHash } from 'node:crypto';
import { EMAIL_FAILURE_MESSAGES, EMAIL_RESEND_COUNTDOWN_S, MAIL_RATE_LIMIT } from '@solutionz/shared';
import { RateLimitedError } from '../../errors';
import type { AccountsDeps } from './deps';

/** The link mails a person can ask for, each counted on its own. */
type LinkMailKind = 'resend-confirmation' | 'password-reset' | 'email-change';

export interface LinkMailRequest {
  readonly kind: LinkMailKind;
  /** Whose resend countdown it is: the address, or the account for an e-mail change. */
  readonly countdownSubject: string;
  /** Where the mail would go. */
  readonly address: string;
  readonly sourceIp: string;
}

/** The counters are keyed by a digest of the address: they hold no address, so erasure has nothing to find. */
const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function mailRateLimited(retryAfterSeconds: number): RateLimitedError {
  return new RateLimitedError(EMAIL_FAILURE_MESSAGES.RATE_LIMIT.description, retryAfterSeconds, 'RATE_LIMIT');
}

/**
 * Lets one more link mail of a kind go, or refuses it with 429 and when to try again: the resend
 * countdown first, then MAIL_RATE_LIMIT's daily caps per address and per client IP. Each is a
 * conditional write, so concurrent requests cannot pass a cap. It is asked before anyone looks up
 * the address, and the same whether or not it has an account: a refusal tells nobody which addresses
 * are registered.
 */
export async function allowLinkMail(deps: Pick<AccountsDeps, 'rateLimits' | 'clock'>, request: LinkMailRequest): Promise<void> {
  const now = deps.clock();
  const cooldown = await deps.rateLimits.claimCooldown(request.kind, request.countdownSubject, EMAIL_RESEND_COUNTDOWN_S, now);
  if (!cooldown.claimed) throw mailRateLimited(cooldown.retryAfterSeconds);
  const { windowSeconds, perAddress, perClientIp } = MAIL_RATE_LIMIT;
  const toAddress = await deps.rateLimits.takeQuota(`mail-to#${request.kind}`, digest(request.address), perAddress, windowSeconds, now);
  if (!toAddress.taken) throw mailRateLimited(toAddress.retryAfterSeconds);
  const fromIp = await deps.rateLimits.takeQuota(`mail-from#${request.kind}`, request.sourceIp, perClientIp, windowSeconds, now);
  if (!fromIp.taken) throw mailRateLimited(fromIp.retryAfterSeconds);
}
