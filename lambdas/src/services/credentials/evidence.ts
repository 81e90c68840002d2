import {
  CREDENTIAL_LIMITS,
  CREDENTIAL_MESSAGES as M,
  evidenceMaxBytes,
  type EvidenceUploadGrant,
  type EvidenceUploadRequest,
  type OwnCredential,
} from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import type { CredentialRecord } from '../../data/credentials-repository';
import { ConflictError, NotFoundError, RateLimitedError, ValidationError } from '../../errors';
import { checkEvidence } from './evidence-file';
import { evidenceKey, evidenceUploadKey } from './evidence-keys';
import { refreshMarks } from './marks';
import { allOptions } from './options';
import type { CredentialsDeps } from './deps';
import { ownCredential } from './own';
import { toOwnCredential } from './view';

/** How long a presigned upload may be used. */
const UPLOAD_EXPIRES_S = 300;
const DAY_S = 86_400;
/** Evidence is never kept by any cache, not even its reader's browser. */
const STORED = 'private, no-store';

/** POST /api/me/credentials/{id}/evidence/uploads: a presigned upload under the caller's own prefix, within the daily cap. */
export async function createEvidenceUpload(
  deps: CredentialsDeps,
  caller: AuthorizedCaller,
  credentialId: string,
  file: EvidenceUploadRequest,
): Promise<EvidenceUploadGrant> {
  await ownCredential(deps, caller, credentialId);
  const quota = await deps.rateLimits.takeQuota('credential-evidence', caller.userId, CREDENTIAL_LIMITS.uploadsPerDay, DAY_S, deps.clock());
  if (!quota.taken) throw new RateLimitedError(M.uploadsCapped, quota.retryAfterSeconds);
  const uploadId = deps.random.id();
  const key = evidenceUploadKey(caller.userId, credentialId, uploadId);
  const maxBytes = evidenceMaxBytes(file.type);
  const grant = await deps.evidenceFiles.grantUpload({ key, contentType: file.type, maxBytes, expiresInSeconds: UPLOAD_EXPIRES_S });
  return { ...grant, key, maxBytes, uploadId };
}

const refused = (message: string) => new ValidationError({ 'body.uploadId': message }, message);

/**
 * POST /api/me/credentials/{id}/evidence: the upload is read back and checked by its bytes; a file that fails is
 * deleted and refused. A new document is new evidence: the credential waits to be checked again.
 */
export async function attachEvidence(deps: CredentialsDeps, caller: AuthorizedCaller, credentialId: string, uploadId: string): Promise<OwnCredential> {
  const previous = await ownCredential(deps, caller, credentialId);
  const uploadKey = evidenceUploadKey(caller.userId, credentialId, uploadId);
  const upload = await deps.evidenceFiles.read(uploadKey, CREDENTIAL_LIMITS.imageMaxBytes);
  if (!upload) throw refused(M.evidenceUploadFailed);
  const checked = upload.body ? await checkEvidence(upload.body) : ({ ok: false, problem: 'size' } as const);
  if (!checked.ok) {
    await deps.evidenceFiles.delete(uploadKey);
    throw refused(checked.problem === 'size' ? M.evidenceTooLarge : M.evidenceWrongType);
  }
  await deps.evidenceFiles.write(evidenceKey(caller.userId, credentialId), checked.bytes, checked.contentType, STORED);
  const { checkedAt: _at, checkedBy: _by, rejectReason: _reason, ...kept } = previous;
  const next: CredentialRecord = {
    ...kept,
    evidence: { contentType: checked.contentType, size: checked.bytes.length },
    status: 'pending',
    submittedAt: previous.status === 'pending' ? previous.submittedAt : deps.clock().toISOString(),
    version: previous.version + 1,
  };
  if ((await deps.credentials.save(previous, next)) === 'conflict') throw new ConflictError(M.changedMeanwhile);
  // The original (with whatever metadata it came with) goes once its checked copy exists.
  await Promise.allSettled([deps.evidenceFiles.delete(uploadKey)]);
  if (previous.status === 'verified') await refreshMarks(deps, caller.userId);
  return toOwnCredential(next, await allOptions(deps), deps.clock());
}

/** The stored document of a credential, as the API answers it. */
export async function evidenceBytes(deps: Pick<CredentialsDeps, 'evidenceFiles'>, record: CredentialRecord): Promise<{ contentType: string; bytes: Buffer }> {
  if (!record.evidence) throw new NotFoundError(M.evidenceNotFound);
  const stored = await deps.evidenceFiles.read(evidenceKey(record.providerId, record.credentialId), CREDENTIAL_LIMITS.imageMaxBytes);
  if (!stored?.body) throw new NotFoundError(M.evidenceNotFound);
  return { contentType: record.evidence.contentType, bytes: stored.body };
}

/** GET /api/me/credentials/{id}/evidence: the caller's own document; nobody else's, whatever id they name. */
export async function getMyEvidence(deps: CredentialsDeps, caller: AuthorizedCaller, credentialId: string) {
  return evidenceBytes(deps, await ownCredential(deps, caller, credentialId));
}
