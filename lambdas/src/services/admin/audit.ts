import { createHash } from 'node:crypto';
import {
  erasedPersonName,
  type AdminAuditAction,
  type AdminAuditEntry,
  type AdminAuditPage,
  type AdminAuditTargetKind,
  type AdminReason,
} from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import type { ProfileRecord } from '../../data/account-repository';
import type { AuditRecord, AuditSnapshot } from '../../data/admin-repository';
import type { AdminConsoleDeps } from './deps';
import { readWithCursor } from '../page-cursor';
import { DELETED_USER } from '../privacy/registry';

/**
 * Who is acting, as the audit trail records them: by id only. Names are looked up when the trail is read,
 * so an erasure has nothing to rewrite. The admin 2-step rule ran before any admin route (two-step.ts).
 */
export interface Actor {
  readonly id: string;
}

export const actorOf = (caller: AuthorizedCaller): Actor => ({ id: caller.userId });

export interface AuditInput {
  readonly action: AdminAuditAction;
  /** A person is named by id alone (`label` left out); anything else by what it is called now. */
  readonly target: { readonly kind: AdminAuditTargetKind; readonly id: string; readonly label?: string };
  readonly before?: AuditSnapshot | null;
  readonly after?: AuditSnapshot | null;
  readonly reason?: AdminReason | undefined;
  /** `started` for the entry a destructive action of many steps writes before its first step. */
  readonly state?: 'started';
}

export function auditRecord(deps: Pick<AdminConsoleDeps, 'clock' | 'random'>, actor: Actor, input: AuditInput): AuditRecord {
  return {
    auditId: deps.random.id(),
    at: deps.clock().toISOString(),
    actorId: actor.id,
    action: input.action,
    targetKind: input.target.kind,
    targetId: input.target.id,
    ...(input.target.label !== undefined ? { targetLabel: input.target.label } : {}),
    before: input.before ?? null,
    after: input.after ?? null,
    reason: input.reason ? { code: input.reason.code, note: input.reason.note } : null,
    ...(input.state ? { state: input.state } : {}),
  };
}

/** How the trail and the admin screens name a person: their name, and the business when there is one. */
function personLabel(profile: ProfileRecord): string {
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  if (!profile.businessName) return name || profile.userId;
  return name ? `${name} (${profile.businessName})` : profile.businessName;
}

/**
 * A short pseudonym of a person's id, the same in every entry: it tells an erased person's entries apart
 * from another's without naming them. The id itself is a random Cognito `sub` that nothing else holds
 * once the account is erased.
 */
export const pseudonymOf = (userId: string) => createHash('sha256').update(userId, 'utf8').digest('hex').slice(0, 8);

/** An id whose profile is gone: entries erased before ids were kept carry `deleted-user` and read as before. */
const erasedName = (userId: string) => (userId === DELETED_USER.id ? DELETED_USER.name : erasedPersonName(pseudonymOf(userId)));

/**
 * Entries as the API answers them, with every person named as their profile says now: one BatchGetItem of
 * the actors and the people acted on (a page holds at most 40 of them).
 */
export async function toAuditEntries(deps: Pick<AdminConsoleDeps, 'accounts'>, records: readonly AuditRecord[]): Promise<AdminAuditEntry[]> {
  const people = [...new Set(records.flatMap((record) => [record.actorId, ...(record.targetKind === 'user' ? [record.targetId] : [])]))].filter(
    (id) => id !== DELETED_USER.id,
  );
  const profiles = people.length ? await deps.accounts.getProfiles(people) : new Map<string, ProfileRecord>();
  const nameOf = (userId: string, storedLabel?: string) => {
    const profile = profiles.get(userId);
    if (!profile) return erasedName(userId);
    return storedLabel ?? personLabel(profile);
  };
  return records.map((record) => ({
    id: record.auditId,
    at: record.at,
    actor: { id: record.actorId, name: nameOf(record.actorId) },
    action: record.action,
    target: {
      kind: record.targetKind,
      id: record.targetId,
      label: record.targetKind === 'user' ? nameOf(record.targetId, record.targetLabel) : (record.targetLabel ?? record.targetId),
    },
    before: record.before,
    after: record.after,
    reason: record.reason,
    state: record.state ?? 'completed',
  }));
}

/** A cursor the data layer did not make is the caller's mistake, answered as such. */
export function withCursor<T>(read: () => Promise<T>): Promise<T> {
  return readWithCursor(read, 'Invalid cursor');
}

/**
 * An admin's read of a person's private data, recorded: one PutItem, written before the data is answered,
 * so a read that could not be recorded is not answered.
 */
export async function recordRead(
  deps: Pick<AdminConsoleDeps, 'admin' | 'clock' | 'random'>,
  caller: AuthorizedCaller,
  input: Pick<AuditInput, 'action' | 'target' | 'after'>,
): Promise<void> {
  await deps.admin.recordAudit(auditRecord(deps, actorOf(caller), input));
}

export async function listAudit(
  deps: AdminConsoleDeps,
  _caller: AuthorizedCaller,
  query: { cursor?: string | undefined; targetId?: string | undefined },
  limit: number,
): Promise<AdminAuditPage> {
  const page = await withCursor(() =>
    deps.admin.auditPage({ limit, ...(query.cursor ? { cursor: query.cursor } : {}), ...(query.targetId ? { targetId: query.targetId } : {}) }),
  );
  return { entries: await toAuditEntries(deps, page.entries), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
}
