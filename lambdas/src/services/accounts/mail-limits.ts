import { createHash } from 'node:crypto';
import { EMAIL_FAILURE_MESSAGES, EMAIL_RESEND_COUNTDOWN_S, MAIL_RATE_LIMIT } from '@solutionz/shared';
import { RateLimitedError } from '../../errors';
import type { AccountsDeps } from './deps';

/** The link mails anyone may ask for about an address, each counted on its own. */
type AddressMailKind = 'resend-confirmation' | 'password-reset';

/** The counters are keyed by a digest of the address (or the account): they name nobody, so erasure has nothing to find. */
const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function mailRateLimited(retryAfterSeconds: number): RateLimitedError {
  return new RateLimitedError(EMAIL_FAILURE_MESSAGES.RATE_LIMIT.description, retryAfterSeconds, 'RATE_LIMIT');
}

type Limits = Pick<AccountsDeps, 'rateLimits' | 'clock'>;

/** Takes one use of a daily cap, or refuses with 429 and when the day's window ends. */
async function takeDaily(deps: Limits, scope: string, subject: string, limit: number, now: Date): Promise<void> {
  const quota = await deps.rateLimits.takeQuota(scope, subject, limit, MAIL_RATE_LIMIT.windowSeconds, now);
  if (!quota.taken) throw mailRateLimited(quota.retryAfterSeconds);
}

async function claimCountdown(deps: Limits, scope: string, subject: string, now: Date): Promise<void> {
  const cooldown = await deps.rateLimits.claimCooldown(scope, subject, EMAIL_RESEND_COUNTDOWN_S, now);
  if (!cooldown.claimed) throw mailRateLimited(cooldown.retryAfterSeconds);
}

/**
 * Whether the address's account was used, signed in, from the client address (or signed up from it): the
 * requests from there are the owner's, and a share of the address's daily mails is theirs alone. An address
 * without an account has none, as one whose owner never signed in.
 */
async function fromOwnersPlace(deps: Pick<AccountsDeps, 'accounts' | 'sessions' | 'clock'>, address: string, sourceIp: string): Promise<boolean> {
  const userId = await deps.accounts.findUserIdByEmail(address);
  return userId ? deps.sessions.usedFrom(userId, sourceIp, deps.clock()) : false;
}

/**
 * Lets one more confirmation or reset mail to `address` go, or refuses it with 429 and when to try again
 * (MAIL_RATE_LIMIT says why each cap is what it is): the resend countdown and a small daily cap per address
 * and client address, the daily cap per client address, then, unless the request comes from where the
 * account was used before, the share of the address's mails anyone else may ask for, and last the address's
 * own daily ceiling. A stranger's requests from any number of places cannot use up the owner's; an address
 * cannot be mail-bombed however the requests are spread. Each cap is a conditional write, so concurrent
 * requests cannot pass one. The answer is the same whether or not the address has an account, so a refusal
 * tells nobody which addresses are registered.
 */
export async function allowAddressMail(
  deps: Pick<AccountsDeps, 'rateLimits' | 'clock' | 'accounts' | 'sessions'>,
  kind: AddressMailKind,
  address: string,
  sourceIp: string,
): Promise<void> {
  const now = deps.clock();
  const pair = digest(`${address} ${sourceIp}`);
  await claimCountdown(deps, kind, pair, now);
  await takeDaily(deps, `mail-pair#${kind}`, pair, MAIL_RATE_LIMIT.perAddressFromIp, now);
  await takeDaily(deps, `mail-from#${kind}`, sourceIp, MAIL_RATE_LIMIT.perClientIp, now);
  if (!(await fromOwnersPlace(deps, address, sourceIp))) {
    await takeDaily(deps, `mail-to-stranger#${kind}`, digest(address), MAIL_RATE_LIMIT.perAddressFromStrangers, now);
  }
  await takeDaily(deps, `mail-to#${kind}`, digest(address), MAIL_RATE_LIMIT.perAddress, now);
}

/**
 * Lets one more e-mail change mail go from the account to `address`, or refuses it with 429: the resend
 * countdown and a daily cap of the account, the daily cap per client address, and the daily cap of mails to
 * one address from anyone's changes. Asked before anyone looks the address up, so the answer says nothing of
 * whether it has an account.
 */
export async function allowEmailChangeMail(deps: Limits, userId: string, address: string, sourceIp: string): Promise<void> {
  const now = deps.clock();
  await claimCountdown(deps, 'email-change', userId, now);
  await takeDaily(deps, 'mail-account#email-change', digest(userId), MAIL_RATE_LIMIT.emailChangesPerAccount, now);
  await takeDaily(deps, 'mail-from#email-change', sourceIp, MAIL_RATE_LIMIT.perClientIp, now);
  await takeDaily(deps, 'mail-to#email-change', digest(address), MAIL_RATE_LIMIT.perAddressFromStrangers, now);
}
