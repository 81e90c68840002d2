import { createHash, timingSafeEqual } from 'node:crypto';
import { ACCOUNT_MESSAGES, ADMIN_MESSAGES, adminEmail, type AdminOverviewResponse } from '@solutionz/shared';
import { ConflictError, ForbiddenError, UnauthorizedError } from '../../errors';
import type { AdminDeps } from './deps';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

function checkSetupToken(expected: string | undefined, given: string | undefined): void {
  if (!expected) return;
  if (!given) throw new UnauthorizedError(ADMIN_MESSAGES.setupTokenInvalid);
  if (!timingSafeEqual(digest(expected), digest(given))) throw new ForbiddenError(ADMIN_MESSAGES.setupTokenInvalid);
}

/**
 * Creates the first admin, once (docs/product/accounts.md#first-admin-setup). The setup marker is written with a condition
 * before anything else, so of concurrent requests exactly one proceeds; if a later step fails, what
 * was done is undone and the marker released so setup can be tried again.
 */
export async function setupFirstAdmin(
  deps: AdminDeps,
  input: { username: string; password: string },
  setupToken: string | undefined,
): Promise<{ userId: string; email: string }> {
  checkSetupToken(deps.config.adminSetupToken, setupToken);
  const now = deps.clock();
  const username = input.username.trim().toLowerCase();
  const email = adminEmail(username, deps.config.adminEmailDomain);
  if (!(await deps.adminSetup.claimAdminSetup(username, now))) throw new ConflictError(ADMIN_MESSAGES.alreadyExists);

  const reservationId = deps.random.id();
  let reserved = false;
  let identityAttempted = false;
  let userId: string;
  try {
    reserved = await deps.accounts.reserveEmail(email, reservationId, now, 300);
    if (!reserved) throw new ConflictError(ACCOUNT_MESSAGES.alreadyRegistered);
    identityAttempted = true;
    userId = await deps.identity.createUser(email, input.password, 'admin');
    const at = now.toISOString();
    await deps.accounts.createAccount({
      reservationId,
      profile: { userId, email, accountType: 'admin', firstName: username, lastName: '', categories: [], emailConfirmedAt: at, createdAt: at, updatedAt: at },
    });
  } catch (error) {
    // Cognito may have made the user before a later step of createUser failed.
    if (identityAttempted) await deps.identity.deleteUser(email).catch(() => undefined);
    if (reserved) await deps.accounts.releaseEmail(email, reservationId).catch(() => undefined);
    await deps.adminSetup.releaseAdminSetup().catch(() => undefined);
    throw error;
  }
  // The admin exists from here on; the marker already blocks a second setup, this only dates it.
  await deps.adminSetup.completeAdminSetup(userId, now);
  return { userId, email };
}

export async function adminOverview(deps: Pick<AdminDeps, 'adminSetup'>): Promise<AdminOverviewResponse> {
  const setup = await deps.adminSetup.getAdminSetup();
  return { adminSetup: { completed: Boolean(setup?.completedAt), completedAt: setup?.completedAt ?? null } };
}
