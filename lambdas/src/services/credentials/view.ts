import { isExpired, ukDate, type CredentialStatus, type OwnCredential, type PublicCredential } from '@solutionz/shared';
import type { CredentialOptionRecord, CredentialRecord } from '../../data/credentials-repository';

/** What a credential is called: its scheme, kind or level as named now, or the qualification's own name. */
export function titleOf(record: CredentialRecord, options: ReadonlyMap<string, CredentialOptionRecord>): string {
  if (record.type === 'qualification') return record.name ?? '';
  return (record.optionId && options.get(record.optionId)?.name) || record.optionId || '';
}

/** A checked credential stops counting as checked after its expiry day, worked out now rather than stored. */
function statusAt(record: CredentialRecord, now: Date): CredentialStatus {
  return record.status === 'verified' && isExpired(record.expiresOn, now) ? 'expired' : record.status;
}

export const isCheckedAt = (record: CredentialRecord, now: Date) => statusAt(record, now) === 'verified';

function facts(record: CredentialRecord, options: ReadonlyMap<string, CredentialOptionRecord>) {
  return {
    id: record.credentialId,
    type: record.type,
    title: titleOf(record, options),
    number: record.number ?? null,
    insurer: record.insurer ?? null,
    coverPounds: record.coverPounds ?? null,
    awardingBody: record.awardingBody ?? null,
    issuedOn: record.issuedOn ?? null,
    expiresOn: record.expiresOn ?? null,
  };
}

/** As its provider (and an admin) sees it: every fact, the status and the evidence's type and size. */
export function toOwnCredential(record: CredentialRecord, options: ReadonlyMap<string, CredentialOptionRecord>, now: Date): OwnCredential {
  return {
    ...facts(record, options),
    optionId: record.optionId ?? null,
    status: statusAt(record, now),
    submittedAt: record.submittedAt,
    checkedAt: record.checkedAt ?? null,
    rejectReason: record.status === 'rejected' && record.rejectReason ? { ...record.rejectReason } : null,
    evidence: record.evidence ? { ...record.evidence } : null,
  };
}

/** As a visitor sees it: only a checked, unexpired credential, with the UK day it was checked. Never who checked it. */
export function toPublicCredential(record: CredentialRecord, options: ReadonlyMap<string, CredentialOptionRecord>): PublicCredential {
  return { ...facts(record, options), checkedOn: ukDate(new Date(record.checkedAt ?? record.submittedAt)) };
}
