import {
  ADMIN_CLAIM_MESSAGES,
  escapeHtml,
  ADMIN_REASON_LABELS,
  ADMIN_USERS_PAGE_SIZE,
  PRODUCT_NAME,
  type AdminBusiness,
  type AdminBusinessesPage,
  type AdminClaim,
  type AdminClaimsPage,
  type AdminReason,
  type ClaimState,
} from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import type { AdminBusinessRecord, ClaimRepository, ReviewFacts } from '../../data/claim-repository';
import { ConflictError, NotFoundError } from '../../errors';
import { trySend } from '../accounts/delivery';
import { toMyClaim } from '../claims/claim';
import { actorOf, auditRecord, recordRead, withCursor } from './audit';
import type { AdminConsoleDeps } from './deps';

type AdminClaimDeps = Pick<AdminConsoleDeps, 'accounts' | 'admin' | 'config' | 'clock' | 'random' | 'mailer'> & { readonly claims: ClaimRepository };
type StoredClaim = NonNullable<Awaited<ReturnType<ClaimRepository['get']>>>;

/** A claim as the admin reviews it: who claims it, with which address, beside the business's recorded one. */
function toAdminClaim(claim: StoredClaim, facts: ReviewFacts | undefined): AdminClaim {
  const businessEmail = facts?.businessEmail ?? null;
  return {
    ...toMyClaim(claim),
    claimId: claim.claimId,
    claimantUserId: claim.claimantUserId,
    claimantEmail: claim.claimantEmail,
    businessEmail,
    emailsMatch: businessEmail !== null && businessEmail.toLowerCase() === claim.claimantEmail.toLowerCase(),
    claimantEmailConfirmed: facts?.claimantEmailConfirmed ?? false,
  };
}

/** The claims with what the review shows beside each (the business's recorded address, the claimant's confirmation). */
async function reviewed(deps: AdminClaimDeps, claims: readonly StoredClaim[]): Promise<AdminClaim[]> {
  const facts = await deps.claims.reviewFacts(claims);
  return claims.map((claim) => toAdminClaim(claim, facts.get(claim.businessId)));
}

/** A page of claims: it shows the claimants' addresses, so a page with claims is an audited read (`claims.view`). */
export async function listClaims(
  deps: AdminClaimDeps,
  caller: AuthorizedCaller,
  query: { state: ClaimState; cursor?: string | undefined },
): Promise<AdminClaimsPage> {
  const page = await withCursor(() => deps.claims.page(query.state, query.cursor, ADMIN_USERS_PAGE_SIZE));
  const [claims] = await Promise.all([
    reviewed(deps, page.claims),
    page.claims.length
      ? recordRead(deps, caller, {
          action: 'claims.view',
          target: { kind: 'list', id: 'claims', label: `Business claims (${query.state})` },
          after: { claimantIds: page.claims.map((claim) => claim.claimantUserId) },
        })
      : undefined,
  ]);
  return { claims, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
}

function toAdminBusiness(record: AdminBusinessRecord): AdminBusiness {
  const claimed = !record.unclaimed;
  const pending = record.claim?.state === 'pending';
  const owner =
    claimed && record.ownerUserId
      ? { userId: record.ownerUserId, name: record.ownerName ?? '' }
      : pending && record.claim?.claimantUserId
        ? { userId: record.claim.claimantUserId, name: record.claim.claimantName ?? '' }
        : null;
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
export async function listBusinesses(deps: AdminClaimDeps, _caller: AuthorizedCaller, query: { cursor?: string | undefined }): Promise<AdminBusinessesPage> {
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
  const actor = actorOf(caller);
  const claim = await deps.claims.get(businessId);
  if (!claim) throw new NotFoundError(ADMIN_CLAIM_MESSAGES.notFound);
  if (claim.state !== 'pending' || !claim.claimantUserId) throw new ConflictError(ADMIN_CLAIM_MESSAGES.decided);
  const approve = input.decision === 'approve';
  const facts = (await deps.claims.reviewFacts([claim])).get(businessId);
  // The business goes to an account only once someone has proven its address.
  if (approve && !facts?.claimantEmailConfirmed) throw new ConflictError(ADMIN_CLAIM_MESSAGES.claimantUnconfirmed);
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
    const lines = [
      `An administrator refused your claim of the business "${claim.businessName}" on ${PRODUCT_NAME}.`,
      `Reason: ${reasonText(input.reason)}`,
      'If you think this is a mistake, reply to this email and a person will look at it again.',
      PRODUCT_NAME,
    ];
    await trySend(deps.mailer, {
      to: claim.claimantEmail,
      subject: 'Your business claim was refused',
      text: lines.join('\n\n'),
      html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
    });
  }
  return toAdminClaim({ ...claim, ...set }, facts);
}
