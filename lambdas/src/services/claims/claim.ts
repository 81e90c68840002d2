import {
  CLAIM_MESSAGES,
  CLAIM_NOTIFY_PER_DAY,
  CLAIM_RATE_LIMIT,
  escapeHtml,
  PRODUCT_NAME,
  TOKEN_TTL,
  type Claimable,
  type ClaimCompleted,
  type ClaimLink,
  type ClaimRequest,
  type ClaimRequestResponse,
  type MyClaim,
} from '@solutionz/shared';
import type { AuthorizedCaller, SignedInCaller } from '../../auth/caller';
import type { ClaimRepository } from '../../data/claim-repository';
import type { TokenRecord } from '../../data/link-token-repository';
import { ConflictError, ForbiddenError, InvalidTokenError, NotFoundError, RateLimitedError } from '../../errors';
import type { AccountsDeps } from '../accounts/deps';
import { sendOrThrow, trySend } from '../accounts/delivery';
import { claimMail } from '../accounts/mails';
import { openAccount, refuseReservedEmail } from '../accounts/signup';
import { hashToken, isRedeemable, issueToken } from '../accounts/tokens';
import { auditRecord, type Actor } from '../admin/audit';

/** Everything claiming uses: the accounts services' parts, the claims, and where the admins read their mail. */
export interface ClaimDeps extends AccountsDeps {
  readonly claims: ClaimRepository;
  /** The admins' addresses the claim-notify mail goes to (none configured: no mail). */
  readonly adminNotifyAddresses: readonly string[];
}

type Target = NonNullable<Awaited<ReturnType<ClaimRepository['target']>>>;
type StoredClaim = NonNullable<Awaited<ReturnType<ClaimRepository['get']>>>;

const DAY_S = 86_400;

async function claimableTarget(deps: ClaimDeps, businessId: string): Promise<Target> {
  const target = await deps.claims.target(businessId);
  if (!target) throw new NotFoundError(CLAIM_MESSAGES.notFound);
  return target;
}

/**
 * A business can be asked for while it is still the admin's unclaimed profile, a claim under review
 * included: the owner of the recorded address may still prove it, which closes that claim.
 */
const isOpen = (target: Target) => target.unclaimed && target.ownerUserId !== undefined;

/** The address the admin recorded for the business, letter case aside. */
const isRecordedAddress = (target: Target, email: string) => target.businessEmail !== undefined && target.businessEmail.toLowerCase() === email.toLowerCase();

/** The claim page's header: the business's name and whether the form may be sent. */
export async function getClaimable(deps: ClaimDeps, businessId: string): Promise<Claimable> {
  const target = await claimableTarget(deps, businessId);
  return { businessId, businessName: target.businessName, claimable: isOpen(target) };
}

async function enforceClaimLimits(deps: ClaimDeps, email: string, sourceIp: string, now: Date): Promise<void> {
  const { windowSeconds, perIp, perEmail } = CLAIM_RATE_LIMIT;
  const byIp = await deps.rateLimits.countAttempt('claim-ip', sourceIp, windowSeconds, now);
  if (byIp.count > perIp) throw new RateLimitedError(CLAIM_MESSAGES.rateLimited, byIp.retryAfterSeconds);
  const byEmail = await deps.rateLimits.countAttempt('claim-email', email.toLowerCase(), windowSeconds, now);
  if (byEmail.count > perEmail) throw new RateLimitedError(CLAIM_MESSAGES.rateLimited, byEmail.retryAfterSeconds);
}

/** The claim-notify mail (docs/product/claims.md#any-other-address-an-admin-reviews), to every admin address, within a daily cap. */
async function notifyAdmins(deps: ClaimDeps, target: Target, state: ClaimCompleted['state'], now: Date): Promise<void> {
  if (deps.adminNotifyAddresses.length === 0) return;
  const quota = await deps.rateLimits.takeQuota('claim-notify', 'admins', CLAIM_NOTIFY_PER_DAY, DAY_S, now);
  if (!quota.taken) return;
  const link = `${deps.config.siteUrl}/admin/businesses`;
  const what =
    state === 'verified'
      ? `The business "${target.businessName}" (${target.businessId}) was claimed through the email address recorded for it, and now belongs to the claimant.`
      : `Someone claimed the business "${target.businessName}" (${target.businessId}).`;
  const lines = [what, state === 'verified' ? `See it at ${link}` : `Review the claim at ${link}`, PRODUCT_NAME];
  for (const to of deps.adminNotifyAddresses) {
    await trySend(deps.mailer, {
      to,
      subject: `Business claimed: ${target.businessName}`,
      text: lines.join('\n\n'),
      html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
    });
  }
}

/**
 * Asks to claim an admin-listed business: nothing is opened or locked, a single-use link is stored (by
 * its hash) and mailed to the address typed. Whoever reads that mailbox chooses the account's password on
 * the link's page, so typing someone else's address gains nothing. The answer is the same whatever the
 * address, so it tells nobody which address the business is registered with or who has an account.
 */
export async function requestClaim(deps: ClaimDeps, businessId: string, input: ClaimRequest, sourceIp: string): Promise<ClaimRequestResponse> {
  const now = deps.clock();
  const target = await claimableTarget(deps, businessId);
  if (!isOpen(target)) throw new ConflictError(CLAIM_MESSAGES.alreadyClaimed);
  refuseReservedEmail(deps, input.email);
  await enforceClaimLimits(deps, input.email, sourceIp, now);

  // The link is about the business (no account exists yet): it is kept under the business's own profile.
  const token = issueToken(deps, 'claim-business', { userId: target.ownerUserId!, email: input.email }, TOKEN_TTL.businessClaimHours);
  await deps.tokens.putToken({ ...token.record, businessId, fullName: input.fullName });
  await sendOrThrow(deps.mailer, claimMail(input.email, deps.config.siteUrl, target.businessName, token.raw));
  return { businessId, businessName: target.businessName, email: input.email };
}

/** A claim link that can still be used, and its business, still unclaimed. */
async function openLink(deps: ClaimDeps, rawToken: string): Promise<{ token: TokenRecord & { businessId: string }; target: Target }> {
  const token = await deps.tokens.getToken(hashToken(rawToken));
  if (!isRedeemable(token, 'claim-business', deps.clock()) || !token.businessId) throw new InvalidTokenError(CLAIM_MESSAGES.linkInvalid);
  const target = await deps.claims.target(token.businessId);
  if (!target) throw new InvalidTokenError(CLAIM_MESSAGES.linkInvalid);
  if (!isOpen(target)) throw new ConflictError(CLAIM_MESSAGES.alreadyClaimed);
  return { token: { ...token, businessId: token.businessId }, target };
}

/** What the link's page shows before its button is pressed; reads only. */
export async function inspectClaimLink(deps: ClaimDeps, rawToken: string): Promise<ClaimLink> {
  const { token, target } = await openLink(deps, rawToken);
  const accountExists = (await deps.accounts.findUserIdByEmail(token.email)) !== undefined;
  return { businessId: target.businessId, businessName: target.businessName, email: token.email, accountExists };
}

/** The link's "this wasn't me": the link is spent, so it can no longer finish the claim. */
export async function cancelClaim(deps: ClaimDeps, rawToken: string): Promise<{ businessName: string }> {
  const now = deps.clock();
  const token = await deps.tokens.getToken(hashToken(rawToken));
  if (!isRedeemable(token, 'claim-business', now) || !token.businessId) throw new InvalidTokenError(CLAIM_MESSAGES.linkInvalid);
  if (!(await deps.tokens.redeemToken(token.tokenHash, 'claim-business', now))) throw new InvalidTokenError(CLAIM_MESSAGES.linkInvalid);
  const target = await deps.claims.target(token.businessId);
  return { businessName: target?.businessName ?? '' };
}

/** A claim by another address waits for review; while one does, no second one is opened. */
function refuseSecondReview(target: Target, email: string): void {
  if (!isRecordedAddress(target, email) && target.claim?.state === 'pending') throw new ConflictError(CLAIM_MESSAGES.alreadyClaimed);
}

/**
 * Spends the link (of two presses at once one wins), then runs `finish`; when that fails the link is made
 * usable again, so the person can try once more.
 */
async function withSpentLink<T>(deps: ClaimDeps, token: TokenRecord, finish: () => Promise<T>): Promise<T> {
  if (!(await deps.tokens.redeemToken(token.tokenHash, 'claim-business', deps.clock()))) throw new InvalidTokenError(CLAIM_MESSAGES.linkInvalid);
  try {
    return await finish();
  } catch (error) {
    await deps.tokens.unredeemToken(token.tokenHash).catch(() => undefined);
    throw error;
  }
}

/** The claimant whose pending claim the recorded address's owner closed is told why. */
async function tellDisplaced(deps: ClaimDeps, displaced: StoredClaim): Promise<void> {
  const lines = [
    `Your claim of the business "${displaced.businessName}" on ${PRODUCT_NAME} was closed.`,
    CLAIM_MESSAGES.displaced,
    'If you think this is a mistake, reply to this email and a person will look at it.',
    PRODUCT_NAME,
  ];
  await trySend(deps.mailer, {
    to: displaced.claimantEmail,
    subject: 'Your business claim was closed',
    text: lines.join('\n\n'),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
  });
}

/**
 * The claim of a person whose mailbox the link proved: with the business's recorded address the business
 * moves to them at once, with an audit entry in the same transaction (any claim under review by someone
 * else is closed in that step and its claimant told); with another address a claim is opened for an
 * admin's review, unless one is under review already.
 */
async function claimFor(
  deps: ClaimDeps,
  target: Target,
  claimantId: string,
  email: string,
): Promise<{ state: ClaimCompleted['state']; displaced?: StoredClaim }> {
  const now = deps.clock();
  const record = {
    businessId: target.businessId,
    claimId: deps.random.id(),
    businessName: target.businessName,
    claimantUserId: claimantId,
    claimantEmail: email,
    createdAt: now.toISOString(),
  };
  if (isRecordedAddress(target, email)) {
    // The claimant acts here, not an admin: the trail shows who took the business over and how.
    const claimant: Actor = { id: claimantId };
    const audit = auditRecord(deps, claimant, {
      action: 'claim.verify',
      target: { kind: 'business', id: target.businessId, label: target.businessName },
      before: { status: 'unclaimed' },
      after: { status: 'claimed', state: 'verified', ownerUserId: claimantId },
    });
    const verified = await deps.claims.verify({ ...record, state: 'verified', decidedAt: now.toISOString(), decidedBy: 'email' }, audit);
    if (verified.outcome === 'moved')
      return { state: 'verified', ...(verified.displaced && verified.displaced.claimantUserId !== claimantId ? { displaced: verified.displaced } : {}) };
    if (verified.outcome === 'decided') throw new ConflictError(CLAIM_MESSAGES.alreadyClaimed);
    // Too much to move in one step: an admin looks at it, and is told why when approving.
  }
  if (!(await deps.claims.open({ ...record, state: 'pending' }))) throw new ConflictError(CLAIM_MESSAGES.alreadyClaimed);
  return { state: 'pending' };
}

async function announce(deps: ClaimDeps, target: Target, email: string, claimed: Awaited<ReturnType<typeof claimFor>>): Promise<ClaimCompleted> {
  if (claimed.displaced) await tellDisplaced(deps, claimed.displaced);
  await notifyAdmins(deps, target, claimed.state, deps.clock());
  return { businessId: target.businessId, businessName: target.businessName, email, state: claimed.state };
}

/**
 * Finishes a claim from its link for an address without an account: the provider account is opened with
 * the password chosen on the link's page and its address confirmed (the link proved the mailbox), then
 * the claim is made for it.
 */
export async function completeClaim(deps: ClaimDeps, input: { token: string; password: string }): Promise<ClaimCompleted> {
  const { token, target } = await openLink(deps, input.token);
  refuseSecondReview(target, token.email);
  const claimed = await withSpentLink(deps, token, async () => {
    // The address's own account has its own password: its owner signs in to finish (completeClaimSignedIn).
    if (await deps.accounts.findUserIdByEmail(token.email)) throw new ConflictError(CLAIM_MESSAGES.accountExists);
    const account = {
      email: token.email,
      password: input.password,
      fullName: token.fullName ?? '',
      accountType: 'provider',
      profile: {},
      confirmed: true,
    } as const;
    const { userId } = await openAccount(deps, account, deps.clock());
    return claimFor(deps, target, userId, token.email);
  });
  return announce(deps, target, token.email, claimed);
}

/**
 * Finishes a claim from its link for the caller's own provider account: the link must have been sent to
 * the caller's address (the route admits only confirmed addresses).
 */
export async function completeClaimSignedIn(deps: ClaimDeps, caller: AuthorizedCaller, rawToken: string): Promise<ClaimCompleted> {
  const { token, target } = await openLink(deps, rawToken);
  const profile = await deps.accounts.getProfile(caller.userId);
  if (!profile || profile.email.toLowerCase() !== token.email.toLowerCase()) throw new ForbiddenError(CLAIM_MESSAGES.otherAddress);
  refuseSecondReview(target, token.email);
  const claimed = await withSpentLink(deps, token, () => claimFor(deps, target, caller.userId, profile.email));
  return announce(deps, target, profile.email, claimed);
}

/** What the claimant may see of a claim; the admin's answer adds who made it. */
export function toMyClaim(claim: StoredClaim): MyClaim {
  return {
    businessId: claim.businessId,
    businessName: claim.businessName,
    state: claim.state,
    createdAt: claim.createdAt,
    decidedAt: claim.decidedAt ?? null,
    refusalReason: claim.refusalReason ?? null,
  };
}

/** The caller's own claims for /dashboard, newest first, with no one else's details. */
export async function listMyClaims(deps: Pick<ClaimDeps, 'claims'>, caller: SignedInCaller): Promise<{ claims: MyClaim[] }> {
  return { claims: (await deps.claims.claimsOf(caller.userId)).map(toMyClaim) };
}
