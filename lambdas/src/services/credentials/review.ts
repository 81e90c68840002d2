import {
  CREDENTIAL_LIMITS,
  CREDENTIAL_MESSAGES as M,
  isExpired,
  type CredentialDecision,
  type CredentialType,
  type OwnCredential,
  type QueuedCredential,
} from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import type { AccountRepository } from '../../data/account-repository';
import type { AdminRepository } from '../../data/admin-repository';
import type { CredentialRecord } from '../../data/credentials-repository';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { actorOf, auditRecord } from '../admin/audit';
import type { AdminConsoleDeps } from '../admin/deps';
import { notifyAffected } from '../admin/notices';
import { readWithCursor } from '../page-cursor';
import { evidenceBytes } from './evidence';
import { refreshMarks } from './marks';
import { allOptions } from './options';
import type { CredentialsDeps } from './deps';
import { titleOf, toOwnCredential } from './view';

/** The admin's side of credentials (docs/product/credentials.md#checking): the queue, the evidence, the decision. */
export interface CredentialReviewDeps extends Omit<CredentialsDeps, 'accounts' | 'rateLimits'>, Pick<AdminConsoleDeps, 'mailer' | 'rateLimits'> {
  readonly accounts: Pick<AccountRepository, 'getProfile' | 'getProfiles'>;
  /** Opening a document is a read of private data, recorded like the others. */
  readonly admin: Pick<AdminRepository, 'recordAudit'>;
}

const providerName = (profile: { firstName: string; lastName: string; businessName?: string } | undefined) =>
  profile ? profile.businessName || `${profile.firstName} ${profile.lastName}`.trim() : '';

/** GET /api/admin/credentials: waiting to be checked, oldest first, each with its provider's name. */
export async function credentialQueue(
  deps: CredentialReviewDeps,
  query: { type?: CredentialType | undefined; cursor?: string | undefined },
): Promise<{ credentials: QueuedCredential[]; nextCursor: string | null }> {
  const page = await readWithCursor(() => deps.credentials.queue(query.type, query.cursor, CREDENTIAL_LIMITS.queuePageSize), M.notFound);
  const [options, profiles] = await Promise.all([
    allOptions(deps),
    deps.accounts.getProfiles([...new Set(page.credentials.map((record) => record.providerId))]),
  ]);
  return {
    credentials: page.credentials.map((record) => ({
      ...toOwnCredential(record, options, deps.clock()),
      provider: { id: record.providerId, name: providerName(profiles.get(record.providerId)) },
    })),
    nextCursor: page.nextCursor,
  };
}

async function queued(deps: Pick<CredentialReviewDeps, 'credentials'>, providerId: string, credentialId: string): Promise<CredentialRecord> {
  const record = await deps.credentials.get(providerId, credentialId);
  if (!record) throw new NotFoundError(M.notFound);
  return record;
}

/** GET /api/admin/providers/{id}/credentials/{id}/evidence: the document, its opening audited as a read of private data. */
export async function adminEvidence(deps: CredentialReviewDeps, caller: AuthorizedCaller, providerId: string, credentialId: string) {
  const record = await queued(deps, providerId, credentialId);
  const file = await evidenceBytes(deps, record);
  await deps.admin.recordAudit(
    auditRecord(deps, actorOf(caller), {
      action: 'credential.viewEvidence',
      target: { kind: 'credential', id: credentialId, label: titleOf(record, await allOptions(deps)) },
    }),
  );
  return file;
}

/**
 * POST /api/admin/providers/{id}/credentials/{id}/decision: a waiting credential is verified (who checked it and
 * when are kept) or rejected with a reason mailed to the provider. Either is audited in the same transaction, with
 * the transparency figure it moves. A credential the provider changed meanwhile is refused: the admin looks again.
 */
export async function decideCredential(
  deps: CredentialReviewDeps,
  caller: AuthorizedCaller,
  providerId: string,
  credentialId: string,
  decision: CredentialDecision,
): Promise<OwnCredential> {
  const record = await queued(deps, providerId, credentialId);
  if (record.status !== 'pending') throw new ConflictError(M.notPending);
  const now = deps.clock();
  if (decision.decision === 'verify') {
    if (!record.evidence) throw new ValidationError({ 'body.decision': M.evidenceRequired }, M.evidenceRequired);
    if (isExpired(record.expiresOn, now)) throw new ValidationError({ 'body.decision': M.expiryPassed }, M.expiryPassed);
  }
  const verified = decision.decision === 'verify';
  const { rejectReason: _reason, ...kept } = record;
  const next: CredentialRecord = {
    ...kept,
    status: verified ? 'verified' : 'rejected',
    checkedAt: now.toISOString(),
    checkedBy: caller.userId,
    ...(decision.decision === 'reject' ? { rejectReason: { code: decision.reason.code, note: decision.reason.note } } : {}),
    remindersSent: [],
    version: record.version + 1,
  };
  const options = await allOptions(deps);
  const title = titleOf(record, options);
  const audit = auditRecord(deps, actorOf(caller), {
    action: verified ? 'credential.verify' : 'credential.reject',
    target: { kind: 'credential', id: credentialId, label: title },
    before: { status: record.status },
    after: { status: next.status, providerId },
    reason: decision.decision === 'reject' ? decision.reason : undefined,
  });
  const figure = verified ? 'credential.verified' : 'credential.rejected';
  if ((await deps.credentials.save(record, next, audit, [{ figure }])) === 'conflict') throw new ConflictError(M.changedMeanwhile);
  if (verified) await refreshMarks(deps, providerId);
  else {
    const profile = await deps.accounts.getProfile(providerId);
    await notifyAffected(deps, profile?.email, { kind: 'credential-rejected', title }, decision.reason);
  }
  return toOwnCredential(next, options, now);
}
