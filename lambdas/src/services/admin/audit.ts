import { ADMIN_CONSOLE_MESSAGES, type AdminAuditAction, type AdminAuditTargetKind, type AdminAuditEntry, type AdminAuditPage, type AdminReason } from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import type { AuditRecord, AuditSnapshot } from '../../data/admin-repository';
import { AdminMfaRequiredError } from '../../errors';
import type { AdminConsoleDeps } from './deps';
import { readWithCursor } from '../page-cursor';

/** Who is acting: the admin's id and name as the audit trail records them. */
export interface Actor {
  readonly id: string;
  readonly name: string;
}

/**
 * The acting admin, read from their profile (the source of truth). Where the stage requires 2-step
 * verification of admins, one without it is refused here, before any admin route answers.
 */
export async function actorOf(deps: Pick<AdminConsoleDeps, 'accounts' | 'config'>, caller: AuthorizedCaller): Promise<Actor> {
  const profile = await deps.accounts.getProfile(caller.userId);
  if (deps.config.requireAdminMfa && !profile?.mfaEnabled) throw new AdminMfaRequiredError(ADMIN_CONSOLE_MESSAGES.mfaRequired);
  return { id: caller.userId, name: `${profile?.firstName ?? ''} ${profile?.lastName ?? ''}`.trim() || 'Admin' };
}

export interface AuditInput {
  readonly action: AdminAuditAction;
  readonly target: { readonly kind: AdminAuditTargetKind; readonly id: string; readonly label: string };
  readonly before?: AuditSnapshot | null;
  readonly after?: AuditSnapshot | null;
  readonly reason?: AdminReason | undefined;
}

export function auditRecord(deps: Pick<AdminConsoleDeps, 'clock' | 'random'>, actor: Actor, input: AuditInput): AuditRecord {
  return {
    auditId: deps.random.id(),
    at: deps.clock().toISOString(),
    actorId: actor.id,
    actorName: actor.name,
    action: input.action,
    targetKind: input.target.kind,
    targetId: input.target.id,
    targetLabel: input.target.label,
    before: input.before ?? null,
    after: input.after ?? null,
    reason: input.reason ? { code: input.reason.code, note: input.reason.note } : null,
  };
}

export function toAuditEntry(record: AuditRecord): AdminAuditEntry {
  return {
    id: record.auditId,
    at: record.at,
    actor: { id: record.actorId, name: record.actorName },
    action: record.action,
    target: { kind: record.targetKind, id: record.targetId, label: record.targetLabel },
    before: record.before,
    after: record.after,
    reason: record.reason,
  };
}

/** A cursor the data layer did not make is the caller's mistake, answered as such. */
export function withCursor<T>(read: () => Promise<T>): Promise<T> {
  return readWithCursor(read, 'Invalid cursor');
}

export async function listAudit(
  deps: AdminConsoleDeps,
  caller: AuthorizedCaller,
  query: { cursor?: string | undefined; targetId?: string | undefined },
  limit: number,
): Promise<AdminAuditPage> {
  await actorOf(deps, caller);
  const page = await withCursor(() => deps.admin.auditPage({ limit, ...(query.cursor ? { cursor: query.cursor } : {}), ...(query.targetId ? { targetId: query.targetId } : {}) }));
  return { entries: page.entries.map(toAuditEntry), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
}
