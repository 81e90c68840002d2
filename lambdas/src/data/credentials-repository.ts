import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CredentialEvidenceType, CredentialOptionType, CredentialType } from '@solutionz/shared';
import { auditWrites, type AuditRecord } from './admin-repository';
import { createTableStore } from './table-store';
import type { FigureEvent } from './transparency';
import { transparencyWrites } from './transparency-repository';
import { decodeTimeCursor, encodeTimeCursor } from './time-cursor';
import { CONFLICT, isConditionFailure, retryOnConflict } from './write-outcomes';

/** A credential as stored (docs/product/credentials.md); `expired` is worked out when read, never stored. */
export interface CredentialRecord {
  readonly providerId: string;
  readonly credentialId: string;
  readonly type: CredentialType;
  readonly optionId?: string;
  readonly name?: string;
  readonly number?: string;
  readonly insurer?: string;
  readonly coverPounds?: number;
  readonly awardingBody?: string;
  readonly issuedOn?: string;
  readonly expiresOn?: string;
  readonly status: 'pending' | 'verified' | 'rejected';
  readonly submittedAt: string;
  readonly checkedAt?: string;
  readonly checkedBy?: string;
  readonly rejectReason?: { readonly code: string; readonly note: string };
  readonly evidence?: { readonly contentType: CredentialEvidenceType; readonly size: number };
  readonly remindersSent: readonly string[];
  readonly version: number;
}

export interface CredentialOptionRecord {
  readonly optionId: string;
  readonly type: CredentialOptionType;
  readonly name: string;
  readonly isActive: boolean;
  readonly updatedAt: string;
}

export interface CredentialsRepository {
  list(providerId: string): Promise<CredentialRecord[]>;
  get(providerId: string, credentialId: string): Promise<CredentialRecord | undefined>;
  /** A new credential (version 1) within the provider's cap. */
  add(record: CredentialRecord, cap: number): Promise<'added' | 'full'>;
  /**
   * Writes `next` over `previous` if it is still the stored version, moving its queue and expiry marks with it, with
   * an admin's audit entry in the same transaction.
   */
  save(previous: CredentialRecord, next: CredentialRecord, audit?: AuditRecord, figures?: readonly FigureEvent[]): Promise<'saved' | 'conflict'>;
  remove(record: CredentialRecord): Promise<'removed' | 'conflict'>;
  /** Waiting to be checked, oldest first, after the cursor's position. */
  queue(type: CredentialType | undefined, cursor: string | undefined, limit: number): Promise<{ credentials: CredentialRecord[]; nextCursor: string | null }>;
  /** Checked credentials whose expiry day is between `from` and `to` (yyyy-mm-dd, both included), soonest first. */
  expiring(from: string, to: string, limit: number): Promise<{ providerId: string; credentialId: string; expiresOn: string }[]>;
  /**
   * Notes that a reminder went for this expiry date (or, as `expired`, that it passed, counted on the transparency
   * page in the same transaction); false when it had been noted already, or the date changed.
   */
  noteReminder(providerId: string, credentialId: string, expiresOn: string, reminder: string, at: Date): Promise<boolean>;
  /** The options an admin added or changed (seeded ones left alone are not stored). */
  options(): Promise<CredentialOptionRecord[]>;
  /** Writes an option with its audit entry; `expectNew` refuses one that exists. */
  putOption(option: CredentialOptionRecord, expectNew: boolean, audit: AuditRecord): Promise<'saved' | 'conflict'>;
  /** The last days the provider's checked insurance and registration hold, on the profile (the listing copies them). */
  setMarks(providerId: string, marks: { insuredUntil?: string; registeredUntil?: string }): Promise<void>;
  /** Erasure: every credential of the provider, its marks and its count. */
  forget(providerId: string): Promise<void>;
}

type Stored = Omit<CredentialRecord, 'rejectReason' | 'evidence' | 'remindersSent'> & {
  rejectCode?: string;
  rejectNote?: string;
  evidenceType?: CredentialEvidenceType;
  evidenceSize?: number;
  remindersSent?: string[];
};

function toRecord({ rejectCode, rejectNote, evidenceType, evidenceSize, remindersSent, ...item }: Stored): CredentialRecord {
  return {
    ...item,
    ...(rejectCode ? { rejectReason: { code: rejectCode, note: rejectNote ?? '' } } : {}),
    ...(evidenceType ? { evidence: { contentType: evidenceType, size: evidenceSize ?? 0 } } : {}),
    remindersSent: remindersSent ?? [],
  };
}

function toStored({ rejectReason, evidence, remindersSent, ...record }: CredentialRecord) {
  return {
    ...record,
    ...(rejectReason ? { rejectCode: rejectReason.code, rejectNote: rejectReason.note } : {}),
    ...(evidence ? { evidenceType: evidence.contentType, evidenceSize: evidence.size } : {}),
    remindersSent: [...remindersSent],
  };
}

/** The note `noteReminder` takes once a checked credential's expiry day has passed. */
export const EXPIRED_NOTE = 'expired';

const queueKey = (record: CredentialRecord) => ({ submittedAt: record.submittedAt, credentialId: record.credentialId });
const expiryKey = (record: CredentialRecord) =>
  record.status === 'verified' && record.expiresOn ? { expiresOn: record.expiresOn, credentialId: record.credentialId } : undefined;
const codesOf = (result: { data: unknown }) => (result.data as { code: string }[]).map((item) => item.code);
const sameKey = (a: object | undefined, b: object | undefined) => JSON.stringify(a) === JSON.stringify(b);

export function createCredentialsRepository(client: DynamoDBDocumentClient, tableName: string): CredentialsRepository {
  const service = createTableStore(client, tableName);
  const { credential, credentialQueueMark, credentialExpiryMark, credentialOption, credentialCount, profile } = service.entities;

  async function list(providerId: string): Promise<CredentialRecord[]> {
    const { data } = await credential.query.byProvider({ providerId }).go({ pages: 'all', consistent: true });
    return (data as Stored[]).map(toRecord).sort((a, b) => a.submittedAt.localeCompare(b.submittedAt));
  }

  /** Reads each credential a page of marks names, in the marks' order, skipping any that went meanwhile. */
  async function credentialsOf(marks: readonly { providerId: string; credentialId: string }[]): Promise<CredentialRecord[]> {
    if (marks.length === 0) return [];
    const { data } = await credential.get(marks.map(({ providerId, credentialId }) => ({ providerId, credentialId }))).go();
    const byId = new Map((data as Stored[]).map((item) => [item.credentialId, toRecord(item)]));
    return marks.flatMap((mark) => byId.get(mark.credentialId) ?? []);
  }

  return {
    list,

    async get(providerId, credentialId) {
      const { data } = await credential.get({ providerId, credentialId }).go({ consistent: true });
      return data ? toRecord(data as Stored) : undefined;
    },

    async add(record, cap) {
      return retryOnConflict('The credential add transaction', async () => {
        const result = await service.transaction
          .write(({ credential: items, credentialCount: counts, credentialQueueMark: queue }) => [
            items.create(toStored(record)).commit(),
            counts
              .upsert({ providerId: record.providerId })
              .add({ count: 1 })
              .where((attr, op) => `${op.notExists(attr.count)} OR ${op.lt(attr.count, cap)}`)
              .commit(),
            queue.create({ ...queueKey(record), providerId: record.providerId, type: record.type }).commit(),
          ])
          .go();
        if (!result.canceled) return 'added';
        const codes = codesOf(result);
        if (codes.includes('TransactionConflict')) return CONFLICT;
        if (codes[1] === 'ConditionalCheckFailed') return 'full';
        throw new Error(`The credential add transaction was cancelled: ${codes.join(', ')}`);
      });
    },

    async save(previous, next, audit, figures = []) {
      const wasQueued = previous.status === 'pending' ? queueKey(previous) : undefined;
      const isQueued = next.status === 'pending' ? queueKey(next) : undefined;
      const [oldExpiry, newExpiry] = [expiryKey(previous), expiryKey(next)];
      const result = await service.transaction
        .write((entities) => [
          entities.credential
            .put(toStored(next))
            .where((attr, op) => op.eq(attr.version, previous.version))
            .commit(),
          ...(wasQueued && !sameKey(wasQueued, isQueued) ? [entities.credentialQueueMark.delete(wasQueued).commit()] : []),
          ...(isQueued && !sameKey(wasQueued, isQueued)
            ? [entities.credentialQueueMark.put({ ...isQueued, providerId: next.providerId, type: next.type }).commit()]
            : []),
          ...(oldExpiry && !sameKey(oldExpiry, newExpiry) ? [entities.credentialExpiryMark.delete(oldExpiry).commit()] : []),
          ...(newExpiry && !sameKey(oldExpiry, newExpiry) ? [entities.credentialExpiryMark.put({ ...newExpiry, providerId: next.providerId }).commit()] : []),
          // The admin's audit entry, with the transparency figures it moves (the decision counted only if it happened).
          ...(audit ? auditWrites(entities, audit, figures) : []),
        ])
        .go();
      if (!result.canceled) return 'saved';
      const codes = codesOf(result);
      if (codes.some((code) => code === 'ConditionalCheckFailed' || code === 'TransactionConflict')) return 'conflict';
      throw new Error(`The credential save transaction was cancelled: ${codes.join(', ')}`);
    },

    async remove(record) {
      const expiry = expiryKey(record);
      const result = await service.transaction
        .write(({ credential: items, credentialCount: counts, credentialQueueMark: queue, credentialExpiryMark: expiries }) => [
          items
            .delete({ providerId: record.providerId, credentialId: record.credentialId })
            .where((attr, op) => op.eq(attr.version, record.version))
            .commit(),
          counts.update({ providerId: record.providerId }).add({ count: -1 }).commit(),
          ...(record.status === 'pending' ? [queue.delete(queueKey(record)).commit()] : []),
          ...(expiry ? [expiries.delete(expiry).commit()] : []),
        ])
        .go();
      if (!result.canceled) return 'removed';
      const codes = codesOf(result);
      if (codes.some((code) => code === 'ConditionalCheckFailed' || code === 'TransactionConflict')) return 'conflict';
      throw new Error(`The credential remove transaction was cancelled: ${codes.join(', ')}`);
    },

    async queue(type, cursor, limit) {
      const after = cursor ? decodeTimeCursor(cursor) : undefined;
      const position = after ? { submittedAt: after.at, credentialId: after.id } : undefined;
      const query = type ? credentialQueueMark.query.ofType({ type }) : credentialQueueMark.query.oldestFirst({});
      const { data } = await (position ? query.gt(position) : query).go({ limit: limit + 1 });
      const page = data.slice(0, limit);
      const last = page.at(-1);
      return {
        credentials: await credentialsOf(page),
        nextCursor: data.length > limit && last ? encodeTimeCursor(last.submittedAt, last.credentialId) : null,
      };
    },

    async expiring(from, to, limit) {
      const { data } = await credentialExpiryMark.query
        .byDate({})
        .between({ expiresOn: from, credentialId: '' }, { expiresOn: `${to}~`, credentialId: '' })
        .go({ limit });
      return data.map(({ providerId, credentialId, expiresOn }) => ({ providerId, credentialId, expiresOn }));
    },

    async noteReminder(providerId, credentialId, expiresOn, reminder, at) {
      const result = await service.transaction
        .write((entities) => [
          entities.credential
            .patch({ providerId, credentialId })
            .append({ remindersSent: [reminder] })
            .where(
              (attr, op) => `${op.eq(attr.expiresOn, expiresOn)} AND ${op.eq(attr.status, 'verified')} AND ${op.notContains(attr.remindersSent, reminder)}`,
            )
            .commit(),
          ...(reminder === EXPIRED_NOTE ? transparencyWrites(entities, [{ figure: 'credential.expired' }], at) : []),
        ])
        .go();
      if (!result.canceled) return true;
      const codes = codesOf(result);
      if (codes.some((code) => code === 'ConditionalCheckFailed' || code === 'TransactionConflict')) return false;
      throw new Error(`The credential reminder transaction was cancelled: ${codes.join(', ')}`);
    },

    async options() {
      const { data } = await credentialOption.query.all({}).go({ pages: 'all' });
      return data;
    },

    async putOption(option, expectNew, audit) {
      const result = await service.transaction
        .write((entities) => [
          (expectNew ? entities.credentialOption.create({ ...option }) : entities.credentialOption.put({ ...option })).commit(),
          ...auditWrites(entities, audit),
        ])
        .go();
      if (!result.canceled) return 'saved';
      const codes = codesOf(result);
      if (codes.some((code) => code === 'ConditionalCheckFailed' || code === 'TransactionConflict')) return 'conflict';
      throw new Error(`The credential option transaction was cancelled: ${codes.join(', ')}`);
    },

    async setMarks(providerId, { insuredUntil, registeredUntil }) {
      const remove = [...(insuredUntil ? [] : (['insuredUntil'] as const)), ...(registeredUntil ? [] : (['registeredUntil'] as const))];
      try {
        await profile
          .patch({ userId: providerId })
          .set({ ...(insuredUntil ? { insuredUntil } : {}), ...(registeredUntil ? { registeredUntil } : {}) })
          .remove(remove)
          .go({ response: 'none' });
      } catch (error) {
        // The profile went (an erasure) while its credentials changed: nothing to mark.
        if (!isConditionFailure(error)) throw error;
      }
    },

    async forget(providerId) {
      for (const record of await list(providerId)) {
        const expiry = expiryKey(record);
        if (record.status === 'pending') await credentialQueueMark.delete(queueKey(record)).go({ response: 'none' });
        if (expiry) await credentialExpiryMark.delete(expiry).go({ response: 'none' });
        await credential.delete({ providerId, credentialId: record.credentialId }).go({ response: 'none' });
      }
      await credentialCount.delete({ providerId }).go({ response: 'none' });
    },
  };
}
