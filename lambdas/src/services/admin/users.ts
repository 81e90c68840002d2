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
import { hasActiveMembership } from '../../data/listing-rule';
import type { AuditRecord } from '../../data/admin-repository';
import { eraseAccount, finishErasure } from '../privacy/erasure';
import { PUBLIC_COPIES } from '../public-copies';
import { actorOf, auditRecord, recordRead, withCursor, type Actor } from './audit';
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

/** An admin account is never deactivated or hidden: another admin removes it (deleteUser) or it stays. */
function notAnAdmin(profile: ProfileRecord): void {
  if (profile.accountType === 'admin') throw new ConflictError(MESSAGES.adminProtected);
}

export async function listUsers(
  deps: AdminConsoleDeps,
  _caller: AuthorizedCaller,
  query: { q?: string | undefined; type: AdminUserFilter; cursor?: string | undefined },
): Promise<AdminUsersPage> {
  const page = await withCursor(() =>
    query.q
      ? deps.admin.searchUsers(query.type, query.q, query.cursor, ADMIN_USERS_PAGE_SIZE)
      : deps.admin.listUsers(query.type, query.cursor, ADMIN_USERS_PAGE_SIZE),
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

/** One person's record; the read is audited (`user.view`), in parallel with the record's own reads. */
export async function getUser(deps: AdminConsoleDeps, caller: AuthorizedCaller, userId: string): Promise<AdminUserRecord> {
  const profile = await target(deps, userId);
  const [record] = await Promise.all([recordOf(deps, profile), recordRead(deps, caller, { action: 'user.view', target: { kind: 'user', id: userId } })]);
  return record;
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
  if (
    profile.accountType === 'provider' &&
    to === 'client' &&
    (hasActiveMembership(profile, now) || (profile.stripeSubscriptionId && profile.subscriptionStatus !== 'canceled'))
  ) {
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
  const actor = actorOf(caller);
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
    audit: auditRecord(deps, actor, {
      action: retype ? 'user.typeChange' : 'user.update',
      target: { kind: 'user', id: userId },
      before,
      after,
      reason: input.reason,
    }),
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
async function flip(
  deps: AdminConsoleDeps,
  caller: AuthorizedCaller,
  userId: string,
  flag: keyof typeof SWITCHES,
  value: boolean,
  reason: AdminReason | undefined,
  extra: Pick<Partial<ProfileRecord>, 'sessionsValidAfter'> = {},
): Promise<ProfileRecord> {
  const actor = actorOf(caller);
  notOnYourself(actor, userId);
  const profile = await target(deps, userId);
  notAnAdmin(profile);
  // Visibility is the directory's: a client is never listed, so there is nothing to hide or show (and nothing to mail).
  if (flag === 'isVisible' && profile.accountType !== 'provider') throw new ConflictError(MESSAGES.onlyProvidersListed);
  if (profile[flag] === value) return profile;
  const now = deps.clock();
  const { action, notice } = SWITCHES[flag][value ? 'on' : 'off'];
  const updated = await apply(deps, {
    userId,
    expect: { [flag]: profile[flag] },
    set: { [flag]: value, updatedAt: now.toISOString(), ...extra },
    audit: auditRecord(deps, actor, { action, target: { kind: 'user', id: userId }, before: { [flag]: profile[flag] }, after: { [flag]: value }, reason }),
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
export async function setUserActive(
  deps: AdminConsoleDeps,
  caller: AuthorizedCaller,
  userId: string,
  input: { active: boolean; reason?: AdminReason | undefined },
): Promise<AdminUserRecord> {
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

export async function setUserVisible(
  deps: AdminConsoleDeps,
  caller: AuthorizedCaller,
  userId: string,
  input: { visible: boolean; reason?: AdminReason | undefined },
): Promise<AdminUserRecord> {
  const profile = await flip(deps, caller, userId, 'isVisible', input.visible, input.reason);
  return recordOf(deps, profile);
}

/**
 * The first step of a deletion, before anything is erased: the `started` audit entry, in one transaction
 * with the account's deactivation (its sessions end at once; an admin being removed can no longer act) and
 * on condition that the acting admin is still an active admin. Of two admins removing each other at once
 * one goes first and the other is refused, so an admin always remains: the one who removed the other.
 */
async function startDeletion(deps: AdminConsoleDeps, actor: Actor, profile: ProfileRecord, reason: AdminReason): Promise<AuditRecord> {
  const now = deps.clock();
  const audit = auditRecord(deps, actor, {
    action: 'user.delete',
    target: { kind: 'user', id: profile.userId },
    before: { accountType: profile.accountType },
    reason,
    state: 'started',
  });
  const outcome = await deps.admin.changeProfile({
    userId: profile.userId,
    actorId: actor.id,
    expect: {},
    set: { isActive: false, sessionsValidAfter: Math.floor(now.getTime() / 1000), updatedAt: now.toISOString() },
    audit,
  });
  if (outcome === 'gone') throw new NotFoundError(MESSAGES.notFound);
  if (outcome === 'actorChanged') throw new ConflictError(MESSAGES.actorChanged);
  return audit;
}

/**
 * The same erasure as the account's own deletion (every registered eraser, Stripe included, then the
 * profile and the sign-in), an admin's included, by another admin. The audit entry is written first
 * (`started`, see startDeletion) and marked completed after the last step, so a failure half-way leaves a
 * record. Asking again after a failure finds that entry and finishes: the erasure again while the profile is
 * there (each step may run again), otherwise what is left once it is gone (the sign-in, the cached copies).
 * The person is told by e-mail, unless a retry found their address already erased.
 */
export async function deleteUser(
  deps: AdminConsoleDeps,
  caller: AuthorizedCaller,
  userId: string,
  input: { reason: AdminReason },
): Promise<{ userId: string; deleted: true }> {
  const actor = actorOf(caller);
  notOnYourself(actor, userId);
  const [profile, unfinished] = await Promise.all([deps.accounts.getProfile(userId, { consistent: true }), deps.admin.unfinishedAudit(userId, 'user.delete')]);
  if (!profile) {
    if (!unfinished) throw new NotFoundError(MESSAGES.notFound);
    const accountType = unfinished.before?.accountType as ProfileRecord['accountType'];
    await finishErasure(deps, { userId, accountType });
    await deps.admin.completeAudit(unfinished);
    return { userId, deleted: true };
  }
  const entry = unfinished ?? (await startDeletion(deps, actor, profile, input.reason));
  await eraseAccount(deps, profile);
  await deps.admin.completeAudit(entry);
  await notifyAffected(deps, profile.email, { kind: 'deleted' }, input.reason);
  return { userId, deleted: true };
}

/**
 * Lets a person an admin stopped messaging (after a report) send messages again: the ban goes with its
 * audit entry in one transaction, on condition that it is the ban read, and the person is told by e-mail
 * as they were told of the stop. No ban to lift (never stopped, or lifted already) is a 409 that says so.
 */
export async function allowMessaging(deps: AdminConsoleDeps, caller: AuthorizedCaller, userId: string): Promise<{ userId: string; messagingBan: null }> {
  const actor = actorOf(caller);
  const profile = await target(deps, userId);
  const ban = await deps.reports.messagingBan(userId);
  if (!ban) throw new ConflictError(MESSAGES.messagingNotStopped);
  const audit = auditRecord(deps, actor, {
    action: 'user.allowMessaging',
    target: { kind: 'user', id: userId },
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
