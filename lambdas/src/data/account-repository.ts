import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AccountType, SubscriptionTier } from '@solutionz/shared';
import { createAccountsService, type TokenPurpose } from './accounts';

export interface ProfileRecord {
  readonly userId: string;
  readonly email: string;
  readonly accountType: AccountType;
  readonly firstName: string;
  readonly lastName: string;
  readonly location?: string;
  readonly phoneNumber?: string;
  readonly businessName?: string;
  readonly businessId?: string;
  readonly categories: readonly string[];
  readonly emailConfirmedAt?: string;
  readonly isActive: boolean;
  readonly isVisible: boolean;
  readonly subscriptionTier: SubscriptionTier;
  readonly subscriptionEnd?: string;
  readonly cancelAtPeriodEnd: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export type NewProfile = Omit<ProfileRecord, 'isActive' | 'isVisible' | 'subscriptionTier' | 'cancelAtPeriodEnd' | 'subscriptionEnd'>;

export interface TokenRecord {
  readonly tokenHash: string;
  readonly purpose: TokenPurpose;
  readonly userId: string;
  readonly email: string;
  /** Epoch seconds. */
  readonly expiresAt: number;
  readonly createdAt: string;
  readonly usedAt?: string;
}

export interface BusinessRecord {
  readonly businessId: string;
  readonly businessName: string;
  readonly businessEmail?: string;
}

export interface AdminSetupRecord {
  readonly username: string;
  readonly startedAt: string;
  readonly userId?: string;
  readonly completedAt?: string;
}

export interface NewAccount {
  readonly profile: NewProfile;
  /** The reservation this sign-up holds on the profile's e-mail (see accountEmailEntity). */
  readonly reservationId: string;
  readonly business?: BusinessRecord & { readonly ownerUserId: string; readonly createdAt: string };
  readonly token?: TokenRecord;
}

export type CooldownResult = { readonly claimed: true } | { readonly claimed: false; readonly retryAfterSeconds: number };

export interface AccountRepository {
  /** Holds the address for one sign-up; false when an account (or a live reservation) has it. */
  reserveEmail(email: string, reservationId: string, now: Date, holdSeconds: number): Promise<boolean>;
  /** Gives the address back, unless the reservation has become an account or belongs to someone else. */
  releaseEmail(email: string, reservationId: string): Promise<void>;
  /** Profile, the e-mail's owner, the business with its search words and the token: all or nothing. */
  createAccount(account: NewAccount): Promise<void>;
  getProfile(userId: string): Promise<ProfileRecord | undefined>;
  findUserIdByEmail(email: string): Promise<string | undefined>;
  putToken(token: TokenRecord): Promise<void>;
  getToken(tokenHash: string): Promise<TokenRecord | undefined>;
  /** Marks the token used if it is unused, unexpired and of this purpose; false when it was not. */
  redeemToken(tokenHash: string, purpose: TokenPurpose, now: Date): Promise<boolean>;
  /** Redeems a confirmation token and confirms its user's e-mail in one transaction. */
  redeemConfirmationToken(token: TokenRecord, now: Date): Promise<boolean>;
  /** Makes a redeemed token usable again after the step that needed it failed. */
  unredeemToken(tokenHash: string): Promise<void>;
  /** Counts one attempt in the current fixed window; returns the count including this one. */
  countAttempt(scope: string, subject: string, windowSeconds: number, now: Date): Promise<{ count: number; retryAfterSeconds: number }>;
  claimCooldown(scope: string, subject: string, seconds: number, now: Date): Promise<CooldownResult>;
  claimAdminSetup(username: string, now: Date): Promise<boolean>;
  completeAdminSetup(userId: string, now: Date): Promise<void>;
  releaseAdminSetup(): Promise<void>;
  getAdminSetup(): Promise<AdminSetupRecord | undefined>;
  /** Businesses with a name word starting with the text's longest word and containing the whole text. */
  searchBusinesses(text: string, limit: number): Promise<BusinessRecord[]>;
}

/** Lower-case ASCII letters and digits separated by single spaces: what search compares. */
export function normaliseBusinessName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const SEARCH_PREFIX_LENGTH = 2;
/** Keeps a business and its word items inside one transaction (at most 100 items). */
const MAX_INDEXED_WORDS = 20;
const SEARCH_CANDIDATES = 100;

function nameWords(name: string): string[] {
  const words = normaliseBusinessName(name)
    .split(' ')
    .filter((word) => word.length >= SEARCH_PREFIX_LENGTH);
  return [...new Set(words)].slice(0, MAX_INDEXED_WORDS);
}

function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** ElectroDB wraps the SDK error; a failed condition is found by name anywhere in the cause chain. */
export function isConditionFailure(error: unknown): boolean {
  for (let e = error as { name?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.name === 'ConditionalCheckFailedException') return true;
  }
  return false;
}

export function createAccountRepository(client: DynamoDBDocumentClient, tableName: string): AccountRepository {
  const service = createAccountsService(client, tableName);
  const { profile, accountEmail, accountToken, rateCounter, cooldown, adminSetup } = service.entities;

  return {
    async reserveEmail(email, reservationId, now, holdSeconds) {
      const until = now.getTime() + holdSeconds * 1000;
      try {
        await accountEmail
          .put({ email, reservationId, reservedUntil: until, expiresAt: Math.ceil(until / 1000) })
          .where((attr, op) => `${op.notExists(attr.email)} OR (${op.notExists(attr.userId)} AND ${op.lt(attr.reservedUntil, now.getTime())})`)
          .go({ response: 'none' });
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async releaseEmail(email, reservationId) {
      try {
        await accountEmail
          .delete({ email })
          .where((attr, op) => `${op.eq(attr.reservationId, reservationId)} AND ${op.notExists(attr.userId)}`)
          .go({ response: 'none' });
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },

    async createAccount({ profile: newProfile, reservationId, business, token }) {
      const result = await service.transaction
        .write(({ profile: profiles, accountEmail: emails, accountToken: tokens, business: businesses, businessWord: words }) => [
          profiles.create({ ...newProfile, categories: [...newProfile.categories] }).commit(),
          emails
            .patch({ email: newProfile.email })
            .set({ userId: newProfile.userId })
            .remove(['expiresAt'])
            .where((attr, op) => `${op.eq(attr.reservationId, reservationId)} AND ${op.notExists(attr.userId)}`)
            .commit(),
          ...(token ? [tokens.create({ ...token }).commit()] : []),
          ...(business
            ? [
                businesses.create({ ...business }).commit(),
                ...nameWords(business.businessName).map((word) =>
                  words
                    .put({
                      prefix: word.slice(0, SEARCH_PREFIX_LENGTH),
                      word,
                      businessId: business.businessId,
                      businessName: business.businessName,
                      businessEmail: business.businessEmail,
                    })
                    .commit(),
                ),
              ]
            : []),
        ])
        .go();
      if (result.canceled) {
        const reasons = result.data.map((item) => item.code).join(', ');
        throw new Error(`The account transaction was cancelled: ${reasons}`);
      }
    },

    async getProfile(userId) {
      const { data } = await profile.get({ userId }).go();
      return data ?? undefined;
    },

    async findUserIdByEmail(email) {
      const { data } = await accountEmail.get({ email }).go();
      return data?.userId;
    },

    async putToken(token) {
      await accountToken.create({ ...token }).go({ response: 'none' });
    },

    async getToken(tokenHash) {
      const { data } = await accountToken.get({ tokenHash }).go();
      return data ?? undefined;
    },

    async redeemToken(tokenHash, purpose, now) {
      try {
        await accountToken
          .patch({ tokenHash })
          .set({ usedAt: now.toISOString() })
          .where(
            (attr, op) =>
              `${op.eq(attr.purpose, purpose)} AND ${op.notExists(attr.usedAt)} AND ${op.gt(attr.expiresAt, epochSeconds(now))}`,
          )
          .go({ response: 'none' });
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async redeemConfirmationToken(token, now) {
      const at = now.toISOString();
      const result = await service.transaction
        .write(({ accountToken: tokens, profile: profiles }) => [
          tokens
            .patch({ tokenHash: token.tokenHash })
            .set({ usedAt: at })
            .where(
              (attr, op) =>
                `${op.eq(attr.purpose, 'confirm-email')} AND ${op.notExists(attr.usedAt)} AND ${op.gt(attr.expiresAt, epochSeconds(now))}`,
            )
            .commit(),
          profiles.patch({ userId: token.userId }).set({ emailConfirmedAt: at, updatedAt: at }).commit(),
        ])
        .go();
      return !result.canceled;
    },

    async unredeemToken(tokenHash) {
      await accountToken.patch({ tokenHash }).remove(['usedAt']).go({ response: 'none' });
    },

    async countAttempt(scope, subject, windowSeconds, now) {
      const nowSeconds = epochSeconds(now);
      const windowStart = nowSeconds - (nowSeconds % windowSeconds);
      const windowEnd = windowStart + windowSeconds;
      const { data } = await rateCounter
        .update({ scope, subject, windowStart })
        .add({ count: 1 })
        .set({ expiresAt: windowEnd + windowSeconds })
        .go({ response: 'all_new' });
      return { count: data.count ?? 1, retryAfterSeconds: Math.max(1, windowEnd - nowSeconds) };
    },

    async claimCooldown(scope, subject, seconds, now) {
      const until = now.getTime() + seconds * 1000;
      try {
        await cooldown
          .put({ scope, subject, until, expiresAt: Math.ceil(until / 1000) })
          .where((attr, op) => `${op.notExists(attr.until)} OR ${op.lte(attr.until, now.getTime())}`)
          .go({ response: 'none' });
        return { claimed: true };
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        const { data } = await cooldown.get({ scope, subject }).go();
        const remainingMs = (data?.until ?? until) - now.getTime();
        return { claimed: false, retryAfterSeconds: Math.max(1, Math.ceil(remainingMs / 1000)) };
      }
    },

    async claimAdminSetup(username, now) {
      try {
        await adminSetup.create({ username, startedAt: now.toISOString() }).go({ response: 'none' });
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async completeAdminSetup(userId, now) {
      await adminSetup.patch({}).set({ userId, completedAt: now.toISOString() }).go({ response: 'none' });
    },

    async releaseAdminSetup() {
      await adminSetup
        .delete({})
        .where((attr, op) => op.notExists(attr.completedAt))
        .go({ response: 'none' })
        .catch((error: unknown) => {
          if (!isConditionFailure(error)) throw error;
        });
    },

    async getAdminSetup() {
      const { data } = await adminSetup.get({}).go();
      return data ?? undefined;
    },

    async searchBusinesses(text, limit) {
      const normalised = normaliseBusinessName(text);
      const longest = normalised.split(' ').reduce((a, b) => (b.length > a.length ? b : a), '');
      if (longest.length < SEARCH_PREFIX_LENGTH) return [];
      const { data } = await service.entities.businessWord.query
        .byWord({ prefix: longest.slice(0, SEARCH_PREFIX_LENGTH) })
        .begins({ word: longest })
        .go({ limit: SEARCH_CANDIDATES });
      const found = new Map<string, BusinessRecord>();
      for (const item of data) {
        if (found.size >= limit) break;
        if (found.has(item.businessId) || !normaliseBusinessName(item.businessName).includes(normalised)) continue;
        found.set(item.businessId, { businessId: item.businessId, businessName: item.businessName, businessEmail: item.businessEmail });
      }
      return [...found.values()].sort((a, b) => a.businessName.localeCompare(b.businessName, 'en-GB'));
    },
  };
}
