import { ADMIN_CLAIM_MESSAGES, escapeHtml, ADMIN_REASON_LABELS, ADMIN_USERS_PAGE_SIZE, PRODUCT_NAME, type AdminBusiness, type AdminBusinessesPage, type AdminClaim, type AdminClaimsPage, type AdminReason, type ClaimState } from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import type { AdminBusinessRecord, ClaimRepository } from '../../data/claim-repository';
import { ConflictError, NotFoundError } from '../../errors';
import { trySend } from '../accounts/delivery';
import { toMyClaim } from '../claims/claim';
import { actorOf, auditRecord, withCursor } from './audit';
import type { AdminConsoleDeps } from './deps';

type AdminClaimDeps = Pick<AdminConsoleDeps, 'accounts' | 'config' | 'clock' | 'random' | 'mailer'> & { readonly claims: ClaimRepository };
type StoredClaim = NonNullable<Awaited<ReturnType<ClaimRepository['get']>>>;

function toAdminClaim(claim: StoredClaim): AdminClaim {
  return { ...toMyClaim(claim), claimId: claim.claimId, claimantUserId: claim.claimantUserId, claimantEmail: claim.claimantEmail };
}

export async function listClaims(deps: AdminClaimDeps, caller: AuthorizedCaller, query: { state: ClaimState; cursor?: string | undefined }): Promise<AdminClaimsPage> {
  await actorOf(deps, caller);
  const page = await withCursor(() => deps.claims.page(query.state, query.cursor, ADMIN_USERS_PAGE_SIZE));
  return { claims: page.claims.map(toAdminClaim), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
}

function toAdminBusiness(record: AdminBusinessRecord): AdminBusiness {
  const claimed = !record.unclaimed;
  const pending = record.claim?.state === 'pending';
  const owner = claimed && record.ownerUserId ? { userId: record.ownerUserId, name: record.ownerName ?? '' } : pending && record.claim?.claimantUserId ? { userId: record.claim.claimantUserId, name: record.claim.claimantName ?? '' } : null;
  return {
    businessId: record.businessId,
    businessName: record.businessName,
    createdAt: record.createdAt,
    status: claimed ? 'claimed' : 'unclaimed',
    claimPending: pending,
    owner,
    claimedAt: record.claim?.createdAt ?? null,
  };
}

/** The businesses admins created, newest first, with who owns or claims each. */
export async function listBusinesses(deps: AdminClaimDeps, caller: AuthorizedCaller, query: { cursor?: string | undefined }): Promise<AdminBusinessesPage> {
  await actorOf(deps, caller);
  const page = await withCursor(() => deps.claims.adminBusinesses(query.cursor, ADMIN_USERS_PAGE_SIZE));
  return { businesses: page.businesses.map(toAdminBusiness), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
}

const reasonText = (reason: AdminReason) => `${ADMIN_REASON_LABELS[reason.code]}${reason.note ? ` - ${reason.note}` : ''}`;

/**
 * An admin's decision on a pending claim, audited in the same transaction: of two admins deciding at
 * once, one decides and the other is told it was decided. An approval moves the business to the
 * claimant's account in that transaction. A refusal is mailed with its reason, and the business can be
 * claimed again.
 */
export async function decideClaim(
  deps: AdminClaimDeps,
  caller: AuthorizedCaller,
  businessId: string,
  input: { decision: 'approve' | 'refuse'; reason?: AdminReason | undefined },
): Promise<AdminClaim> {
  const actor = await actorOf(deps, caller);
  const claim = await deps.claims.get(businessId);
  if (!claim) throw new NotFoundError(ADMIN_CLAIM_MESSAGES.notFound);
  if (claim.state !== 'pending' || !claim.claimantUserId) throw new ConflictError(ADMIN_CLAIM_MESSAGES.decided);
  const approve = input.decision === 'approve';
  const set = {
    state: approve ? ('approved' as const) : ('refused' as const),
    decidedAt: deps.clock().toISOString(),
    decidedBy: actor.id,
    ...(!approve && input.reason ? { refusalReason: reasonText(input.reason) } : {}),
  };
  const audit = auditRecord(deps, actor, {
    action: approve ? 'claim.approve' : 'claim.refuse',
    target: { kind: 'user', id: claim.claimantUserId, label: claim.businessName },
    before: { state: claim.state },
    after: { state: set.state, businessId },
    reason: input.reason,
  });
  if (set.state === 'approved') {
    const outcome = await deps.claims.transfer(claim, { ...set, state: set.state }, audit);
    if (outcome !== 'moved') throw new ConflictError(ADMIN_CLAIM_MESSAGES[outcome]);
  } else if (!(await deps.claims.decide(claim, 'pending', set, audit))) {
    throw new ConflictError(ADMIN_CLAIM_MESSAGES.decided);
  }
  if (!approve && input.reason) {
    const lines = [`An administrator refused your claim of the business "${claim.businessName}" on ${PRODUCT_NAME}.`, `Reason: ${reasonText(input.reason)}`, 'If you think this is a mistake, reply to this email and a person will look at it again.', PRODUCT_NAME];
    await trySend(deps.mailer, { to: claim.claimantEmail, subject: 'Your business claim was refused', text: lines.join('\n\n'), html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') });
  }
  return toAdminClaim({ ...claim, ...set });
}
