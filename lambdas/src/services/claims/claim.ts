import { CLAIM_MESSAGES, escapeHtml, CLAIM_NOTIFY_PER_DAY, CLAIM_RATE_LIMIT, PRODUCT_NAME, type Claimable, type ClaimRequest, type ClaimResponse, type MyClaim } from '@solutionz/shared';
import type { SignedInCaller } from '../../auth/caller';
import type { ClaimRepository } from '../../data/claim-repository';
import { ConflictError, NotFoundError, RateLimitedError } from '../../errors';
import type { AccountsDeps } from '../accounts/deps';
import { trySend } from '../accounts/delivery';
import { confirmationMail } from '../accounts/mails';
import { openAccount, refuseReservedEmail } from '../accounts/signup';

/** Everything claiming uses: the accounts services' parts, the claims, and where the admins read their mail. */
export interface ClaimDeps extends AccountsDeps {
  readonly claims: ClaimRepository;
  /** The admins' addresses the claim-notify mail goes to (none configured: no mail). */
  readonly adminNotifyAddresses: readonly string[];
}

const DAY_S = 86_400;

async function claimableTarget(deps: ClaimDeps, businessId: string) {
  const target = await deps.claims.target(businessId);
  if (!target) throw new NotFoundError(CLAIM_MESSAGES.notFound);
  return target;
}

const isOpen = (target: { unclaimed: boolean; claim?: { state: string } }) => target.unclaimed && (!target.claim || target.claim.state === 'refused');

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

/** The claim-notify mail (the spec's function of that name), to every admin address, within a daily cap. */
async function notifyAdmins(deps: ClaimDeps, businessName: string, businessId: string, now: Date): Promise<void> {
  if (deps.adminNotifyAddresses.length === 0) return;
  const quota = await deps.rateLimits.takeQuota('claim-notify', 'admins', CLAIM_NOTIFY_PER_DAY, DAY_S, now);
  if (!quota.taken) return;
  const link = `${deps.config.siteUrl}/admin/businesses`;
  const lines = [`Someone claimed the business "${businessName}" (${businessId}).`, `Review the claim at ${link}`, PRODUCT_NAME];
  for (const to of deps.adminNotifyAddresses) {
    await trySend(deps.mailer, {
      to,
      subject: `Business claimed: ${businessName}`,
      text: lines.join('\n\n'),
      html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
    });
  }
}

/**
 * Claims an admin-listed business: the claim is taken first by a conditional create of the business's
 * claim item, so of two claims at once one wins and the other is refused before any account is made;
 * then the claimant's provider account is opened (the sign-up's own steps). A failure there withdraws
 * the claim, so the business stays claimable. The claim waits for the claimant's e-mail confirmation
 * (verified when it is the address the admin recorded) or an admin's review.
 */
export async function claimBusiness(deps: ClaimDeps, businessId: string, input: ClaimRequest, sourceIp: string): Promise<ClaimResponse> {
  const now = deps.clock();
  const target = await claimableTarget(deps, businessId);
  if (!isOpen(target)) throw new ConflictError(CLAIM_MESSAGES.alreadyClaimed);
  refuseReservedEmail(deps, input.email);
  await enforceClaimLimits(deps, input.email, sourceIp, now);

  const claimId = deps.random.id();
  const claim = {
    businessId,
    claimId,
    businessName: target.businessName,
    claimantUserId: '',
    claimantEmail: input.email,
    state: 'pending' as const,
    createdAt: now.toISOString(),
  };
  if (!(await deps.claims.open(claim))) throw new ConflictError(CLAIM_MESSAGES.alreadyClaimed);

  let opened: { userId: string; token: string };
  try {
    opened = await openAccount(deps, { email: input.email, password: input.password, fullName: input.fullName, accountType: 'provider', profile: {} }, now);
    await deps.claims.attachClaimant(businessId, claimId, opened.userId);
  } catch (error) {
    await deps.claims.drop(businessId, claimId).catch(() => undefined);
    throw error;
  }

  const confirmationEmail = await trySend(deps.mailer, confirmationMail(input.email, deps.config.siteUrl, opened.token));
  await notifyAdmins(deps, target.businessName, businessId, now);
  return { claimId, businessId, businessName: target.businessName, userId: opened.userId, state: 'pending', confirmationEmail };
}

/**
 * After the claimant confirms an address: a pending claim whose claimant confirmed the address the
 * admin recorded for the business (letter case aside) is verified without a review, and the business
 * moves to the claimant's account.
 */
export async function verifyClaimsOnConfirmation(deps: ClaimDeps, email: string): Promise<void> {
  const userId = await deps.accounts.findUserIdByEmail(email);
  if (!userId) return;
  for (const claim of await deps.claims.claimsOf(userId)) {
    if (claim.state !== 'pending') continue;
    const target = await deps.claims.target(claim.businessId);
    if (!target?.businessEmail || target.businessEmail.toLowerCase() !== email.toLowerCase()) continue;
    // A business too large to move in one step stays pending: the admin reviewing it is told why.
    await deps.claims.transfer(claim, { state: 'verified', decidedAt: deps.clock().toISOString(), decidedBy: 'email' });
  }
}

type StoredClaim = NonNullable<Awaited<ReturnType<ClaimRepository['get']>>>;

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
