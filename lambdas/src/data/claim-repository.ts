import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ClaimState } from '@solutionz/shared';
import { auditAttributes, auditWrites, createAdminRepository, type AuditRecord } from './admin-repository';
import { untilProcessed } from './batch';
import { createBusinessTransfer } from './business-transfer';
import { createDirectoryRepository } from './directory-repository';
import { directoryIndexCommands, type TransactItems } from './raw-commands';
import { createTableStore } from './table-store';
import { decodeTimeCursor, encodeTimeCursor } from './time-cursor';
import { figureEventsOfAudit, transparencyUpdateItems } from './transparency';
import { CONFLICT, conflictPause, isConditionFailure, isTransactionConflict, retryOnConflict } from './write-outcomes';

interface ClaimRecord {
  readonly businessId: string;
  readonly claimId: string;
  readonly businessName: string;
  readonly claimantUserId: string;
  readonly claimantEmail: string;
  readonly state: ClaimState;
  readonly createdAt: string;
  readonly decidedAt?: string;
  readonly decidedBy?: string;
  readonly refusalReason?: string;
}

/** An admin-created business as its list shows it: who owns it now and its standing claim. */
export interface AdminBusinessRecord {
  readonly businessId: string;
  readonly businessName: string;
  readonly createdAt: string;
  /** Still the admin's unclaimed profile. */
  readonly unclaimed: boolean;
  /** The owner's name once claimed. */
  readonly ownerName?: string;
  readonly ownerUserId?: string;
  /** The claim that stands (a refused one is left out). */
  readonly claim?: Pick<ClaimRecord, 'state' | 'createdAt' | 'decidedAt' | 'claimantUserId'> & { readonly claimantName?: string };
}

/** A business as a claim sees it: who owns it now, the address the admin recorded, and its claim. */
interface ClaimTarget {
  readonly businessId: string;
  readonly businessName: string;
  readonly businessEmail?: string;
  /** The profile the business belongs to now (the admin's unclaimed one until it is claimed). */
  readonly ownerUserId?: string;
  /** The owner's profile is an admin-listed business nobody has claimed. */
  readonly unclaimed: boolean;
  readonly claim?: ClaimRecord;
}

export interface ClaimRepository {
  /** The business and its claim; undefined for an unknown business. */
  target(businessId: string): Promise<ClaimTarget | undefined>;
  /** Creates the business's claim unless one stands (any state but refused): false when another claim holds it. */
  open(claim: ClaimRecord): Promise<boolean>;
  /** The claims a person made, newest first. */
  claimsOf(userId: string): Promise<ClaimRecord[]>;
  /** One claim by its business, undefined when there is none. */
  get(businessId: string): Promise<ClaimRecord | undefined>;
  /** Claims in a state newest first; throws InvalidCursorError for a cursor it did not make. */
  page(state: ClaimState, cursor: string | undefined, limit: number): Promise<{ claims: ClaimRecord[]; nextCursor?: string }>;
  /**
   * What the admin's review shows beside each claim, by business id: the address the admin recorded for the
   * business and whether the claimant's profile has its address confirmed.
   */
  reviewFacts(claims: readonly ClaimRecord[]): Promise<Map<string, ReviewFacts>>;
  /** An admin's decision on a claim still in `from`, with its audit entry in the same transaction: false when it was decided meanwhile. */
  decide(
    claim: ClaimRecord,
    from: ClaimState,
    set: Pick<ClaimRecord, 'state' | 'decidedAt' | 'decidedBy'> & Pick<Partial<ClaimRecord>, 'refusalReason'>,
    audit: AuditRecord,
  ): Promise<boolean>;
  /**
   * Approves a pending claim and moves the business to the claimant in the same transaction
   * (business-transfer.ts), with the admin's audit entry when there is one: 'decided' when the claim was
   * decided meanwhile (of two approvals at once, one moves it), 'tooLarge' when the move passes one
   * transaction's writes (nothing is written).
   */
  transfer(
    claim: ClaimRecord,
    set: { readonly state: 'approved'; readonly decidedAt: string; readonly decidedBy: string },
    audit?: AuditRecord,
  ): Promise<TransferOutcome>;
  /**
   * A claim proven through the business's recorded address: the verified claim is written and the business
   * moves to the claimant in one transaction with the audit entry, whatever claim stood (a pending one by
   * someone else is replaced, and answered as `displaced` so its claimant can be told); 'decided' when the
   * business is no longer an unclaimed one, 'tooLarge' as for `transfer`.
   */
  verify(
    claim: ClaimRecord & { readonly state: 'verified'; readonly decidedAt: string },
    audit: AuditRecord,
  ): Promise<{ outcome: TransferOutcome; displaced?: ClaimRecord }>;
  /** The businesses admins created, newest first; throws InvalidCursorError for a cursor it did not make. */
  adminBusinesses(cursor: string | undefined, limit: number): Promise<{ businesses: AdminBusinessRecord[]; nextCursor?: string }>;
}

/** What the admin's review shows beside a claim, beyond the claim itself. */
export interface ReviewFacts {
  readonly businessEmail?: string;
  readonly claimantEmailConfirmed: boolean;
}

type TransferOutcome = 'moved' | 'decided' | 'tooLarge';
/** DynamoDB's limit on the writes of one transaction. */
const MAX_TRANSACTION_ITEMS = 100;
const MAX_TRANSFER_ATTEMPTS = 5;

/** Every item of a batch get, what DynamoDB leaves unprocessed asked again (batch.ts). */
async function readAll<K, T>(what: string, keys: readonly K[], get: (batch: K[]) => Promise<{ data: T[]; unprocessed: K[] }>): Promise<T[]> {
  const found: T[] = [];
  await untilProcessed(what, keys, async (pending) => {
    const { data, unprocessed } = await get([...pending]);
    found.push(...data);
    return unprocessed;
  });
  return found;
}

export function createClaimRepository(client: DynamoDBDocumentClient, tableName: string): ClaimRepository {
  const store = createTableStore(client, tableName);
  const { claim, business, profile, auditEntry, adminBusiness } = store.entities;
  const transfers = createBusinessTransfer(client, tableName);
  const index = directoryIndexCommands(client, tableName);
  const directory = createDirectoryRepository(client, tableName);
  const admin = createAdminRepository(client, tableName);

  /**
   * Moves the business to the claimant in one transaction with the claim's write (first, so a cancellation
   * at position 0 means the claim changed meanwhile) and the audit entry. `claimWrite` is asked on every
   * attempt and answers undefined when the claim can no longer be written ('decided'). A claim that changed
   * meanwhile is 'decided', unless `retryClaimChange` says to read it again (verify: the mailbox owner wins
   * over a claim opened meanwhile).
   */
  async function move(
    businessId: string,
    claimantUserId: string,
    now: Date,
    audit: AuditRecord | undefined,
    claimWrite: () => TransactItems[number] | undefined | Promise<TransactItems[number] | undefined>,
    retryClaimChange = false,
  ): Promise<{ outcome: TransferOutcome }> {
    for (let attempt = 1; ; attempt++) {
      const plan = await transfers.plan(businessId, claimantUserId, now);
      // The business is no longer an unclaimed one: another decision moved it.
      if (!plan) return { outcome: 'decided' };
      const write = await claimWrite();
      if (!write) return { outcome: 'decided' };
      const items: TransactItems = [
        write,
        ...(audit
          ? [
              { Put: auditEntry.create(auditAttributes(audit)).params<NonNullable<TransactItems[number]['Put']>>() },
              ...transparencyUpdateItems(tableName, figureEventsOfAudit(audit), audit.at),
            ]
          : []),
        ...plan.items,
      ];
      if (items.length > MAX_TRANSACTION_ITEMS) return { outcome: 'tooLarge' };
      try {
        await index.transact(items);
      } catch (error) {
        const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
        if (reasons?.[0]?.Code === 'ConditionalCheckFailed' && !retryClaimChange) return { outcome: 'decided' };
        // Something of the business changed between the reads and the move: plan again from what is stored now.
        if (!(isConditionFailure(error) || isTransactionConflict(error)) || attempt >= MAX_TRANSFER_ATTEMPTS) throw error;
        await conflictPause(attempt);
        continue;
      }
      await Promise.all([directory.syncListing(claimantUserId, now), admin.syncUserIndex(plan.from), admin.syncUserIndex(claimantUserId)]);
      return { outcome: 'moved' };
    }
  }

  return {
    async target(businessId) {
      const [{ data: stored }, { data: standing }] = await Promise.all([
        business.get({ businessId }).go({ consistent: true }),
        claim.get({ businessId }).go({ consistent: true }),
      ]);
      if (!stored) return undefined;
      const { data: owner } = stored.ownerUserId
        ? await profile.get({ userId: stored.ownerUserId }).go({ consistent: true, attributes: ['unclaimed'] })
        : { data: null };
      return {
        businessId,
        businessName: stored.businessName,
        ...(stored.businessEmail ? { businessEmail: stored.businessEmail } : {}),
        ...(stored.ownerUserId ? { ownerUserId: stored.ownerUserId } : {}),
        unclaimed: owner?.unclaimed === true,
        ...(standing ? { claim: standing as ClaimRecord } : {}),
      };
    },

    async open(record) {
      try {
        await claim
          .put({ ...record })
          .where((attr, op) => `${op.notExists(attr.claimId)} OR ${op.eq(attr.state, 'refused')}`)
          .go({ response: 'none' });
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async claimsOf(userId) {
      const { data } = await claim.query.byClaimant({ claimantUserId: userId }).go({ pages: 'all', order: 'desc' });
      return data as ClaimRecord[];
    },

    async get(businessId) {
      const { data } = await claim.get({ businessId }).go({ consistent: true });
      return (data as ClaimRecord | null) ?? undefined;
    },

    async page(state, cursor, limit) {
      const below = cursor === undefined ? undefined : decodeTimeCursor(cursor);
      const query = claim.query.byState({ state });
      const ranged = below ? query.lt({ createdAt: below.at, businessId: below.id }) : query;
      const { data } = await ranged.go({ order: 'desc', limit: limit + 1 });
      const claims = data.slice(0, limit) as ClaimRecord[];
      return data.length > limit ? { claims, nextCursor: encodeTimeCursor(claims.at(-1)!.createdAt, claims.at(-1)!.businessId) } : { claims };
    },

    async reviewFacts(records) {
      const businessKeys = [...new Set(records.map((record) => record.businessId))].map((businessId) => ({ businessId }));
      const people = [...new Set(records.map((record) => record.claimantUserId).filter(Boolean))].map((userId) => ({ userId }));
      const [businesses, profiles] = await Promise.all([
        readAll('Business reads', businessKeys, (batch) => business.get(batch).go({ attributes: ['businessId', 'businessEmail'] })),
        readAll('Claimant reads', people, (batch) => profile.get(batch).go({ attributes: ['userId', 'emailConfirmedAt'] })),
      ]);
      const confirmed = new Set(profiles.filter((each) => each.emailConfirmedAt).map((each) => each.userId));
      const emails = new Map(businesses.map((each) => [each.businessId, each.businessEmail]));
      return new Map(
        records.map((record) => {
          const businessEmail = emails.get(record.businessId);
          return [record.businessId, { ...(businessEmail ? { businessEmail } : {}), claimantEmailConfirmed: confirmed.has(record.claimantUserId) }];
        }),
      );
    },

    decide(record, from, set, audit) {
      // The decision's counters are shared with other decisions made at the same moment: a conflict is tried again.
      return retryOnConflict(`The decision on the claim of ${record.businessId}`, async () => {
        const result = await store.transaction
          .write((entities) => [
            entities.claim
              .patch({ businessId: record.businessId })
              // The state is a key of the review list: its other parts go with it so the index follows.
              .set({ ...set, createdAt: record.createdAt })
              .where((attr, op) => `${op.eq(attr.claimId, record.claimId)} AND ${op.eq(attr.state, from)}`)
              .commit(),
            ...auditWrites(entities, audit),
          ])
          .go();
        if (!result.canceled) return true;
        const codes = (result.data as { code: string }[]).map((item) => item.code);
        if (codes[0] === 'ConditionalCheckFailed') return false;
        if (codes.includes('TransactionConflict')) return CONFLICT;
        throw new Error(`The claim decision was cancelled: ${codes.join(', ')}`);
      });
    },

    async adminBusinesses(cursor, limit) {
      const below = cursor === undefined ? undefined : decodeTimeCursor(cursor);
      const query = adminBusiness.query.newest({});
      const ranged = below ? query.lt({ createdAt: below.at, businessId: below.id }) : query;
      const { data } = await ranged.go({ order: 'desc', limit: limit + 1 });
      const entries = data.slice(0, limit);
      const keys = entries.map(({ businessId }) => ({ businessId }));
      const [businesses, claims] = await Promise.all([
        readAll('Business reads', keys, (batch) => business.get(batch).go({ consistent: true })),
        readAll('Claim reads', keys, (batch) => claim.get(batch).go({ consistent: true })),
      ]);
      const standing = claims.filter((each) => each.state !== 'refused');
      const people = [
        ...new Set([...businesses.map((each) => each.ownerUserId), ...standing.map((each) => each.claimantUserId)].filter((id): id is string => Boolean(id))),
      ];
      const profiles = await readAll(
        'Owner reads',
        people.map((userId) => ({ userId })),
        (batch) => profile.get(batch).go({ attributes: ['userId', 'firstName', 'lastName', 'unclaimed'] }),
      );
      const byUser = new Map(profiles.map((each) => [each.userId, each]));
      const nameOf = (userId: string | undefined) => {
        const person = userId ? byUser.get(userId) : undefined;
        return person ? `${person.firstName} ${person.lastName}`.trim() : undefined;
      };
      const records = entries.flatMap((entry): AdminBusinessRecord[] => {
        const stored = businesses.find((each) => each.businessId === entry.businessId);
        if (!stored) return [];
        const owner = stored.ownerUserId ? byUser.get(stored.ownerUserId) : undefined;
        const unclaimed = owner?.unclaimed === true;
        const held = standing.find((each) => each.businessId === entry.businessId);
        const claimantName = nameOf(held?.claimantUserId);
        return [
          {
            businessId: entry.businessId,
            businessName: stored.businessName,
            createdAt: entry.createdAt,
            unclaimed,
            ...(!unclaimed && stored.ownerUserId
              ? { ownerUserId: stored.ownerUserId, ...(nameOf(stored.ownerUserId) ? { ownerName: nameOf(stored.ownerUserId)! } : {}) }
              : {}),
            ...(held
              ? {
                  claim: {
                    state: held.state,
                    createdAt: held.createdAt,
                    claimantUserId: held.claimantUserId,
                    ...(held.decidedAt ? { decidedAt: held.decidedAt } : {}),
                    ...(claimantName ? { claimantName } : {}),
                  },
                }
              : {}),
          },
        ];
      });
      const last = entries.at(-1);
      return data.length > limit && last ? { businesses: records, nextCursor: encodeTimeCursor(last.createdAt, last.businessId) } : { businesses: records };
    },

    transfer(record, set, audit) {
      return move(record.businessId, record.claimantUserId, new Date(set.decidedAt), audit, () => {
        const { TableName: _unused, ...claimWrite } = claim
          .patch({ businessId: record.businessId })
          .set({ ...set, createdAt: record.createdAt })
          .where((attr, op) => `${op.eq(attr.claimId, record.claimId)} AND ${op.eq(attr.state, 'pending')}`)
          .params<Record<string, unknown>>();
        return { Update: { ...claimWrite, TableName: tableName } as NonNullable<TransactItems[number]['Update']> };
      }).then(({ outcome }) => outcome);
    },

    async verify(record, audit) {
      let displaced: ClaimRecord | undefined;
      const { outcome } = await move(
        record.businessId,
        record.claimantUserId,
        new Date(record.decidedAt),
        audit,
        async () => {
          // Read again on every attempt: a claim opened or decided meanwhile is what the write must find.
          const { data: standing } = await claim.get({ businessId: record.businessId }).go({ consistent: true });
          if (standing && standing.state !== 'pending' && standing.state !== 'refused') return undefined;
          displaced = standing?.state === 'pending' ? (standing as ClaimRecord) : undefined;
          const write = claim
            .put({ ...record })
            .where((attr, op) => (standing ? `${op.eq(attr.claimId, standing.claimId)} AND ${op.eq(attr.state, standing.state)}` : op.notExists(attr.claimId)))
            .params<NonNullable<TransactItems[number]['Put']>>();
          return { Put: write };
        },
        true,
      );
      return { outcome, ...(outcome === 'moved' && displaced ? { displaced } : {}) };
    },
  };
}
