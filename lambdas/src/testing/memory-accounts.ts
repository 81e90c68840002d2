import type { AccountRepository, AdminSetupRecord, BusinessRecord, ProfileRecord, TokenRecord } from '../data/account-repository';
import { normaliseBusinessName } from '../data/account-repository';

/**
 * An in-memory AccountRepository with the same conditions as the DynamoDB one, for service tests
 * that inject faults the real stores cannot produce. `failNext` makes the next call of a method throw.
 */
export function memoryAccounts() {
  const profiles = new Map<string, ProfileRecord>();
  const emails = new Map<string, { reservationId: string; reservedUntil: number; userId?: string }>();
  const tokens = new Map<string, TokenRecord>();
  const counters = new Map<string, number>();
  const cooldowns = new Map<string, number>();
  const businesses = new Map<string, BusinessRecord>();
  let adminSetup: AdminSetupRecord | undefined;
  const failures = new Map<keyof AccountRepository, Error>();

  const guard = (method: keyof AccountRepository) => {
    const failure = failures.get(method);
    if (failure) {
      failures.delete(method);
      throw failure;
    }
  };
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

  const repository: AccountRepository = {
    async reserveEmail(email, reservationId, now, holdSeconds) {
      guard('reserveEmail');
      const held = emails.get(email);
      if (held && (held.userId || held.reservedUntil >= now.getTime())) return false;
      emails.set(email, { reservationId, reservedUntil: now.getTime() + holdSeconds * 1000 });
      return true;
    },
    async releaseEmail(email, reservationId) {
      guard('releaseEmail');
      const held = emails.get(email);
      if (held && held.reservationId === reservationId && !held.userId) emails.delete(email);
    },
    async createAccount({ profile, reservationId, business, token }) {
      guard('createAccount');
      const held = emails.get(profile.email);
      if (!held || held.reservationId !== reservationId || held.userId || profiles.has(profile.userId)) {
        throw new Error('The account transaction was cancelled: ConditionalCheckFailed');
      }
      held.userId = profile.userId;
      profiles.set(profile.userId, { isActive: true, isVisible: true, subscriptionTier: 'none', cancelAtPeriodEnd: false, ...profile });
      if (token) tokens.set(token.tokenHash, token);
      if (business) businesses.set(business.businessId, business);
    },
    async getProfile(userId) {
      guard('getProfile');
      return profiles.get(userId);
    },
    async findUserIdByEmail(email) {
      return emails.get(email)?.userId;
    },
    async putToken(token) {
      guard('putToken');
      tokens.set(token.tokenHash, token);
    },
    async getToken(tokenHash) {
      return tokens.get(tokenHash);
    },
    async redeemToken(tokenHash, purpose, now) {
      guard('redeemToken');
      const token = tokens.get(tokenHash);
      if (!token || token.purpose !== purpose || token.usedAt || token.expiresAt <= seconds(now)) return false;
      tokens.set(tokenHash, { ...token, usedAt: now.toISOString() });
      return true;
    },
    async redeemConfirmationToken(token, now) {
      if (!(await repository.redeemToken(token.tokenHash, 'confirm-email', now))) return false;
      const profile = profiles.get(token.userId)!;
      profiles.set(token.userId, { ...profile, emailConfirmedAt: now.toISOString() });
      return true;
    },
    async unredeemToken(tokenHash) {
      const { usedAt: _used, ...token } = tokens.get(tokenHash)!;
      tokens.set(tokenHash, token);
    },
    async countAttempt(scope, subject, windowSeconds, now) {
      const start = seconds(now) - (seconds(now) % windowSeconds);
      const key = `${scope}/${subject}/${start}`;
      const count = (counters.get(key) ?? 0) + 1;
      counters.set(key, count);
      return { count, retryAfterSeconds: start + windowSeconds - seconds(now) };
    },
    async claimCooldown(scope, subject, cooldownSeconds, now) {
      const key = `${scope}/${subject}`;
      const until = cooldowns.get(key);
      if (until !== undefined && until > now.getTime()) return { claimed: false, retryAfterSeconds: Math.ceil((until - now.getTime()) / 1000) };
      cooldowns.set(key, now.getTime() + cooldownSeconds * 1000);
      return { claimed: true };
    },
    async claimAdminSetup(username, now) {
      if (adminSetup) return false;
      adminSetup = { username, startedAt: now.toISOString() };
      return true;
    },
    async completeAdminSetup(userId, now) {
      adminSetup = { ...adminSetup!, userId, completedAt: now.toISOString() };
    },
    async releaseAdminSetup() {
      if (adminSetup && !adminSetup.completedAt) adminSetup = undefined;
    },
    async getAdminSetup() {
      return adminSetup;
    },
    async searchBusinesses(text, limit) {
      const wanted = normaliseBusinessName(text);
      return [...businesses.values()].filter((b) => normaliseBusinessName(b.businessName).includes(wanted)).slice(0, limit);
    },
  };

  return {
    repository,
    profiles,
    emails,
    tokens,
    failNext(method: keyof AccountRepository, error: Error = new Error(`${method} failed`)) {
      failures.set(method, error);
    },
  };
}
