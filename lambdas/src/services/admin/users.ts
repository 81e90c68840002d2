import {
  ADMIN_CONSOLE_MESSAGES,
  ADMIN_USERS_PAGE_SIZE,
  type AdminListing,
  type AdminReason,
  type AdminUserRecord,
  type AdminUsersPage,
  type AdminUserSummary,
  type AdminUserFilter,
} from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import type { ProfileRecord } from '../../data/account-repository';
import type { AdminProfileChange } from '../../data/admin-repository';
import type { MessagingBan } from '../../data/message-reports-repository';
import { ConflictError, NotFoundError } from '../../errors';
import { hasActiveMembership } from '../listing-rule';
import { eraseAccount } from '../privacy/erasure';
import { PUBLIC_COPIES } from '../public-copies';
import { DELETED_USER } from '../privacy/registry';
import { actorOf, auditRecord, withCursor, type Actor } from './audit';
import type { AdminConsoleDeps } from './deps';
import { notifyAffected } from './notices';
import { endAllSignIns } from '../security/active-sessions';

const MESSAGES = ADMIN_CONSOLE_MESSAGES.users;

function listingOf(profile: ProfileRecord, now: Date): AdminListing {
  if (profile.listingGrantedBy) return 'adminGranted';
  return hasActiveMembership(profile, now) ? 'membership' : 'none';
}

/** What the users table and the record both show of a person; each adds the messaging ban as it reads it. */
function summaryFields(profile: ProfileRecord, now: Date): Omit<AdminUserSummary, 'messagingBan'> {
  return {
    userId: profile.userId,
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email || null,
    accountType: profile.accountType,
    businessName: profile.businessName ?? null,
    categories: [...profile.categories],
    isActive: profile.isActive,
    isVisible: profile.isVisible,
    listing: listingOf(profile, now),
    unclaimedBusiness: profile.unclaimed === true,
    createdAt: profile.createdAt,
  };
}

function toSummary(profile: ProfileRecord, now: Date, ban: MessagingBan | undefined): AdminUserSummary {
  return { ...summaryFields(profile, now), messagingBan: ban ? { since: ban.at, reportId: ban.reportId } : null };
}

/** The record with the person's messaging ban as read (`ban`), and the reason of the report it came from. */
export function toAdminRecord(profile: ProfileRecord, now: Date, ban?: MessagingBan & { readonly reportReason: string | null }): AdminUserRecord {
  return {
    ...summaryFields(profile, now),
    messagingBan: ban ? { since: ban.at, reportId: ban.reportId, reportReason: ban.reportReason } : null,
    bio: profile.bio ?? null,
    avatarUrl: profile.avatarKey ? `/${profile.avatarKey}` : null,
    location: profile.placeName ?? profile.location ?? null,
    phoneNumber: profile.phoneNumber ?? null,
    updatedAt: profile.updatedAt,
  };
}

/** How the audit trail names a person: their name, and the business when there is one. */
const labelOf = (profile: ProfileRecord) => {
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  return profile.businessName ? `${name} (${profile.businessName})` : name;
};

/** The record of a person as it is now: two GetItems more when an admin stopped them messaging (the ban, its report). */
async function recordOf(deps: Pick<AdminConsoleDeps, 'reports' | 'clock'>, profile: ProfileRecord): Promise<AdminUserRecord> {
  const ban = await deps.reports.messagingBan(profile.userId);
  const report = ban ? await deps.reports.get(ban.reportId) : undefined;
  return toAdminRecord(profile, deps.clock(), ban ? { ...ban, reportReason: report?.reason ?? null } : undefined);
}

async function target(deps: Pick<AdminConsoleDeps, 'accounts'>, userId: string): Promise<ProfileRecord> {
  const profile = await deps.accounts.getProfile(userId, { consistent: true });
  if (!profile) throw new NotFoundError(MESSAGES.notFound);
  return profile;
}

function notOnYourself(actor: Actor, userId: string): void {
  if (actor.id === userId) throw new ConflictError(MESSAGES.notOnYourself);
}

/** Deactivating, hiding or deleting an admin is the site owner's business, not the users table's. */
function notAnAdmin(profile: ProfileRecord): void {
  if (profile.accountType === 'admin') throw new ConflictError(MESSAGES.adminProtected);
}

export async function listUsers(
  deps: AdminConsoleDeps,
  caller: AuthorizedCaller,
  query: { q?: string | undefined; type: AdminUserFilter; cursor?: string | undefined },
): Promise<AdminUsersPage> {
  await actorOf(deps, caller);
  const page = await withCursor(() =>
    query.q ? deps.admin.searchUsers(query.type, query.q, query.cursor, ADMIN_USERS_PAGE_SIZE) : deps.admin.listUsers(query.type, query.cursor, ADMIN_USERS_PAGE_SIZE),
  );
  // One BatchGetItem each for the page's profiles and their messaging bans (20 keys).
  const [profiles, bans] = page.userIds.length
    ? await Promise.all([deps.accounts.getProfiles(page.userIds), deps.reports.messagingBans(page.userIds)])
    : [new Map<string, ProfileRecord>(), new Map<string, MessagingBan>()];
  const now = deps.clock();
  // An id whose profile is gone (erased between the two reads) drops out of the page.
  const users = page.userIds.flatMap((userId) => {
    const profile = profiles.get(userId);
    return profile ? [toSummary(profile, now, bans.get(userId))] : [];
  });
  return { users, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
}

export async function getUser(deps: AdminConsoleDeps, caller: AuthorizedCaller, userId: string): Promise<AdminUserRecord> {
  await actorOf(deps, caller);
  return recordOf(deps, await target(deps, userId));
}

/** Applies an audited change of the profile as read; a change made meanwhile by someone else is a 409. */
async function apply(deps: AdminConsoleDeps, change: AdminProfileChange): Promise<ProfileRecord> {
  const outcome = await deps.admin.changeProfile(change);
  if (outcome === 'gone') throw new NotFoundError(MESSAGES.notFound);
  if (outcome === 'stale') throw new ConflictError(MESSAGES.changedMeanwhile);
  return target(deps, change.userId);
}

/** Why an account type change would break something, if it would. */
function typeChangeRefusal(profile: ProfileRecord, to: 'client' | 'provider', now: Date): string | undefined {
  if (profile.accountType === 'admin') return MESSAGES.typeChange.admins;
  if (profile.unclaimed) return MESSAGES.typeChange.unclaimed;
  if (profile.accountType === 'provider' && to === 'client' && (hasActiveMembership(profile, now) || profile.stripeSubscriptionId && profile.subscriptionStatus !== 'canceled')) {
    return MESSAGES.typeChange.membership;
  }
  return undefined;
}

export async function updateUser(
  deps: AdminConsoleDeps,
  caller: AuthorizedCaller,
  userId: string,
  input: { firstName: string; lastName: string; accountType?: 'client' | 'provider' | undefined; reason?: AdminReason | undefined },
): Promise<AdminUserRecord> {
  const actor = await actorOf(deps, caller);
  const profile = await target(deps, userId);
  const now = deps.clock();
  const retype = input.accountType !== undefined && input.accountType !== profile.accountType ? input.accountType : undefined;
  if (retype) {
    notOnYourself(actor, userId);
    const refusal = typeChangeRefusal(profile, retype, now);
    if (refusal) throw new ConflictError(refusal);
  }
  const renamed = input.firstName !== profile.firstName || input.lastName !== profile.lastName;
  if (!renamed && !retype) return recordOf(deps, profile);

  const before = { firstName: profile.firstName, lastName: profile.lastName, ...(retype ? { accountType: profile.accountType } : {}) };
  const after = { firstName: input.firstName, lastName: input.lastName, ...(retype ? { accountType: retype } : {}) };
  const updated = await apply(deps, {
    userId,
    expect: before,
    set: { ...after, updatedAt: now.toISOString() },
    audit: auditRecord(deps, actor, { action: retype ? 'user.typeChange' : 'user.update', target: { kind: 'user', id: userId, label: labelOf(profile) }, before, after, reason: input.reason }),
  });
  // The sign-in's group follows the type (the profile stays the source of truth meanwhile).
  if (retype && profile.email) await deps.identity.moveToGroup(profile.email, profile.accountType, retype);
  await deps.directory.syncListing(userId, deps.clock());
  // The name is in the page's head; a provider made a client has no page any more.
  if (profile.accountType === 'provider') await deps.publicCache.purge(PUBLIC_COPIES.provider(userId));
  return recordOf(deps, updated);
}

/** The two switches an admin flips on an account, what each records and what the person is told. */
const SWITCHES = {
  isActive: { on: { action: 'user.activate', notice: 'reactivated' }, off: { action: 'user.deactivate', notice: 'deactivated' } },
  isVisible: { on: { action: 'user.show', notice: 'shown' }, off: { action: 'user.hide', notice: 'hidden' } },
} as const;

/**
 * Flips one switch of someone else's (non-admin) account, audited with its reason in the profile's own
 * transaction; the directory listing follows and the person is told. Asking for the state it has changes
 * and records nothing. Returns the profile as it is after.
 */
async function flip(deps: AdminConsoleDeps, caller: AuthorizedCaller, userId: string, flag: keyof typeof SWITCHES, value: boolean, reason: AdminReason | undefined, extra: Pick<Partial<ProfileRecord>, 'sessionsValidAfter'> = {}): Promise<ProfileRecord> {
  const actor = await actorOf(deps, caller);
  notOnYourself(actor, userId);
  const profile = await target(deps, userId);
  notAnAdmin(profile);
  if (profile[flag] === value) return profile;
  const now = deps.clock();
  const { action, notice } = SWITCHES[flag][value ? 'on' : 'off'];
  const updated = await apply(deps, {
    userId,
    expect: { [flag]: profile[flag] },
    set: { [flag]: value, updatedAt: now.toISOString(), ...extra },
    audit: auditRecord(deps, actor, { action, target: { kind: 'user', id: userId, label: labelOf(profile) }, before: { [flag]: profile[flag] }, after: { [flag]: value }, reason }),
  });
  await deps.directory.syncListing(userId, deps.clock());
  // A client's jobs stay on the board whatever the switches say (the board shows no person).
  if (profile.accountType === 'provider') await deps.publicCache.purge(PUBLIC_COPIES.provider(userId));
  await notifyAffected(deps, profile.email, { kind: notice }, reason);
  return updated;
}

/**
 * Deactivation blocks first in the database (every signed-in route checks the profile; tokens issued
 * before now are refused), then the directory listing goes, then Cognito disables the sign-in and
 * revokes its refresh tokens, and the sessions the analytics counts end. Asking again repeats the Cognito calls (safe to repeat), in case they
 * failed the first time, without a second audit entry or mail. Activation reverses each step.
 */
export async function setUserActive(deps: AdminConsoleDeps, caller: AuthorizedCaller, userId: string, input: { active: boolean; reason?: AdminReason | undefined }): Promise<AdminUserRecord> {
  const sessionsEnd = input.active ? {} : { sessionsValidAfter: Math.floor(deps.clock().getTime() / 1000) };
  const profile = await flip(deps, caller, userId, 'isActive', input.active, input.reason, sessionsEnd);
  if (profile.email) {
    await deps.identity.setEnabled(profile.email, input.active);
    if (!input.active) await deps.security.signOutEverywhere(userId);
  }
  // None of the person's sessions counts as active any more.
  if (!input.active) await endAllSignIns(deps, userId);
  return recordOf(deps, profile);
}

export async function setUserVisible(deps: AdminConsoleDeps, caller: AuthorizedCaller, userId: string, input: { visible: boolean; reason?: AdminReason | undefined }): Promise<AdminUserRecord> {
  const profile = await flip(deps, caller, userId, 'isVisible', input.visible, input.reason);
  return recordOf(deps, profile);
}

/**
 * The same erasure as the account's own deletion (every registered eraser, Stripe included, then the
 * profile and the sign-in), then the audit entry: an erasure is many steps, so the entry is written once
 * they all succeeded, naming the person only as "Deleted user". A failed erasure can be asked for again.
 */
export async function deleteUser(deps: AdminConsoleDeps, caller: AuthorizedCaller, userId: string, input: { reason: AdminReason }): Promise<{ userId: string; deleted: true }> {
  const actor = await actorOf(deps, caller);
  notOnYourself(actor, userId);
  const profile = await target(deps, userId);
  notAnAdmin(profile);
  await eraseAccount(deps, profile);
  await deps.admin.recordAudit(
    auditRecord(deps, actor, {
      action: 'user.delete',
      target: { kind: 'user', ...DELETED_USER, label: DELETED_USER.name },
      before: { accountType: profile.accountType },
      reason: input.reason,
    }),
  );
  await notifyAffected(deps, profile.email, { kind: 'deleted' }, input.reason);
  return { userId, deleted: true };
}

/**
 * Lets a person an admin stopped messaging (after a report) send messages again: the ban goes with its
 * audit entry in one transaction, on condition that it is the ban read, and the person is told by e-mail
 * as they were told of the stop. No ban to lift (never stopped, or lifted already) is a 409 that says so.
 */
export async function allowMessaging(deps: AdminConsoleDeps, caller: AuthorizedCaller, userId: string): Promise<{ userId: string; messagingBan: null }> {
  const actor = await actorOf(deps, caller);
  const profile = await target(deps, userId);
  const ban = await deps.reports.messagingBan(userId);
  if (!ban) throw new ConflictError(MESSAGES.messagingNotStopped);
  const audit = auditRecord(deps, actor, {
    action: 'user.allowMessaging',
    target: { kind: 'user', id: userId, label: labelOf(profile) },
    before: { messagingStopped: true, since: ban.at, reportId: ban.reportId },
    after: { messagingStopped: false },
  });
  // Lifted or replaced by another admin meanwhile: said as for any change made meanwhile.
  if ((await deps.reports.liftMessagingBan(userId, ban.reportId, audit)) === 'stale') {
    throw new ConflictError((await deps.reports.messagingBan(userId)) ? MESSAGES.changedMeanwhile : MESSAGES.messagingNotStopped);
  }
  await notifyAffected(deps, profile.email, { kind: 'messaging-allowed' }, undefined);
  return { userId, messagingBan: null };
}
