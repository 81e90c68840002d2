import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AccountType, PlacePrecision, SocialLinks, SubscriptionTier } from '@solutionz/shared';
import { untilProcessed } from './batch';
import { countedAccounts, STAT, ukDay, ukMonth } from './admin';
import { nameWords, wordItem, wordKey, type BusinessRecord } from './business-repository';
import { epochSeconds } from './epoch-seconds';
import type { TokenRecord } from './link-token-repository';
import { newsItem } from './provider-updates';
import { createTableStore } from './table-store';
import { syncUserIndex as syncIndexOf } from './user-index';
import { isConditionFailure } from './write-outcomes';

export interface ProfileRecord {
  readonly userId: string;
  readonly email: string;
  readonly accountType: AccountType;
  readonly firstName: string;
  readonly lastName: string;
  readonly location?: string;
  readonly placeName?: string;
  readonly lat?: number;
  readonly lng?: number;
  readonly geohash?: string;
  readonly placePrecision?: PlacePrecision;
  readonly phoneNumber?: string;
  readonly businessName?: string;
  readonly businessId?: string;
  readonly bio?: string;
  readonly skills?: string[];
  readonly socialLinks?: Partial<SocialLinks>;
  readonly categories: readonly string[];
  readonly avatarKey?: string;
  readonly jobAlerts?: { enabled: boolean; radiusMiles: number; categories: string[] };
  readonly providerUpdates?: { enabled: boolean };
  /** Absent means on. */
  readonly messageMails?: { enabled: boolean };
  /** Credential expiry reminders (providers); absent means on. */
  readonly credentialReminders?: { enabled: boolean };
  readonly mfaEnabled?: boolean;
  readonly sessionsValidAfter?: number;
  readonly emailConfirmedAt?: string;
  readonly isActive: boolean;
  readonly isVisible: boolean;
  readonly subscriptionTier: SubscriptionTier;
  readonly subscriptionEnd?: string;
  readonly cancelAtPeriodEnd: boolean;
  readonly paymentFailed?: boolean;
  readonly ratingCount?: number;
  readonly ratingTotal?: number;
  /** The provider's response facts (response-times.ts); never published as they are. */
  readonly responseLog?: string[];
  readonly responseLogVersion?: number;
  /** The last UK day a checked insurance holds (credentials); the listing carries it for the card and the filter. */
  readonly insuredUntil?: string;
  /** The same for a checked trade registration (`9999-12-31`: one without an expiry date). */
  readonly registeredUntil?: string;
  readonly stripeCustomerId?: string;
  readonly stripeSubscriptionId?: string;
  readonly subscriptionStatus?: string;
  /** An admin-created business nobody has claimed: no sign-in, `email` empty. */
  readonly unclaimed?: boolean;
  /** An admin listed it without a membership (admin-created businesses). */
  readonly listingGrantedBy?: string;
  readonly listingGrantedAt?: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** What only the membership services write (from Stripe), never a sign-up or a profile edit. */
type MembershipFields =
  'subscriptionTier' | 'cancelAtPeriodEnd' | 'subscriptionEnd' | 'paymentFailed' | 'stripeCustomerId' | 'stripeSubscriptionId' | 'subscriptionStatus';
type NewProfile = Omit<ProfileRecord, 'isActive' | 'isVisible' | 'mfaEnabled' | MembershipFields>;

interface NewAccount {
  readonly profile: NewProfile;
  /** The reservation this sign-up holds on the profile's e-mail (see accountEmailEntity). */
  readonly reservationId: string;
  readonly business?: BusinessRecord & { readonly ownerUserId: string; readonly createdAt: string };
  readonly token?: TokenRecord;
}

/** The fields of the profile tab (docs/product/account-settings.md#profile-fields) with the place the location was geocoded to. */
export type EditableProfileFields = Pick<
  ProfileRecord,
  | 'firstName'
  | 'lastName'
  | 'location'
  | 'placeName'
  | 'lat'
  | 'lng'
  | 'geohash'
  | 'placePrecision'
  | 'phoneNumber'
  | 'businessName'
  | 'bio'
  | 'skills'
  | 'socialLinks'
  | 'categories'
>;

/** A provider's business renamed with the profile: the business item and its search words follow. */
interface BusinessRename {
  readonly businessId: string;
  /** The name its search words are indexed under now; absent when the business is new. */
  readonly previousName?: string;
  readonly businessName: string;
  readonly businessEmail: string;
  readonly ownerUserId: string;
  readonly createdAt: string;
}

export interface ProfileEdit {
  readonly userId: string;
  readonly set: Partial<EditableProfileFields>;
  readonly remove: readonly (keyof EditableProfileFields)[];
  readonly updatedAt: string;
  readonly business?: BusinessRename;
  /** Set when a provider's services (categories or skills) change: the clients who saved them hear of it. */
  readonly servicesChanged?: boolean;
}

export type NotificationSettingsRecord = Pick<ProfileRecord, 'jobAlerts' | 'providerUpdates' | 'messageMails' | 'credentialReminders'>;

/** An e-mail change as it is redeemed: the token, the account, its old and new address. */
export interface EmailMove {
  readonly token: TokenRecord;
  readonly userId: string;
  readonly from: string;
  readonly to: string;
  /** The old address stays held (a lapsing reservation under this id) until Cognito has the new one. */
  readonly holdId: string;
  readonly holdUntil: Date;
  /** When the profile had no confirmation yet, the link confirms the new address at this time. */
  readonly previousEmailConfirmedAt?: string;
  readonly business?: { readonly businessId: string; readonly businessName: string };
  readonly now: Date;
}

type EmailMoveResult = 'moved' | 'token-spent' | 'address-taken';

export interface AccountRepository {
  /** Holds the address for one sign-up; false when an account (or a live reservation) has it. */
  reserveEmail(email: string, reservationId: string, now: Date, holdSeconds: number): Promise<boolean>;
  /** Gives the address back, unless the reservation has become an account or belongs to someone else. */
  releaseEmail(email: string, reservationId: string): Promise<void>;
  /** Profile, the e-mail's owner, the business with its search words and the token: all or nothing. */
  createAccount(account: NewAccount): Promise<void>;
  /** `consistent` reads what a write just before it left (an answer built right after a change). */
  getProfile(userId: string, options?: { consistent?: boolean }): Promise<ProfileRecord | undefined>;
  /** Many profiles in batch reads, by user id; ids without a profile are absent. */
  getProfiles(userIds: readonly string[]): Promise<Map<string, ProfileRecord>>;
  /** The account a provider id moved to (a claimed business), undefined when it did not move. */
  movedTo(userId: string): Promise<string | undefined>;
  /**
   * Changes profile fields, with a business rename in the same transaction; false when the profile is
   * gone or its business name is no longer `business.previousName` (a concurrent edit: read again).
   */
  editProfile(edit: ProfileEdit): Promise<boolean>;
  setNotificationSettings(userId: string, settings: NotificationSettingsRecord, updatedAt: string): Promise<void>;
  /** Points the profile at a new avatar; returns the key it replaced, or undefined when there is no profile. */
  replaceAvatarKey(userId: string, avatarKey: string, updatedAt: string): Promise<{ previousKey?: string } | undefined>;
  setMfaEnabled(userId: string, enabled: boolean, updatedAt: string): Promise<void>;
  /** Access tokens issued before this (epoch seconds) are refused from now on. */
  setSessionsValidAfter(userId: string, epochSeconds: number): Promise<void>;
  /**
   * One transaction: spends the token, gives the new address to the account (free or a lapsed
   * reservation only), turns the old address into a hold that lapses at `holdUntil`, and moves the
   * profile (and a provider's business contact) to the new address, refusing access tokens issued
   * before `now` from then on.
   */
  moveEmail(move: EmailMove): Promise<EmailMoveResult>;
  /** Puts everything moveEmail changed back, the token usable again. */
  undoEmailMove(move: EmailMove): Promise<void>;
  /** The profile and the e-mail item, the address first so a retry after a failure finds the profile. */
  deleteAccountRecords(userId: string, email: string): Promise<void>;
  findUserIdByEmail(email: string): Promise<string | undefined>;
  /** Confirms the profile's address now, unless it is confirmed already or is no longer `email`. */
  markEmailConfirmed(userId: string, email: string, now: Date): Promise<void>;
  /** Redeems a confirmation token and confirms its user's e-mail in one transaction. */
  redeemConfirmationToken(token: TokenRecord, now: Date): Promise<boolean>;
}

export function createAccountRepository(client: DynamoDBDocumentClient, tableName: string): AccountRepository {
  const service = createTableStore(client, tableName);
  const { profile, accountEmail, profileMove } = service.entities;
  // The admin's users table finds people by name, business and address: its index follows every write of them.
  const syncUserIndex = (userId: string) => syncIndexOf(service, userId);

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
        .write(
          ({ profile: profiles, accountEmail: emails, accountToken: tokens, business: businesses, businessWord: words, adminStat: stats, adminDay: days }) => [
            profiles.create({ ...newProfile, categories: [...newProfile.categories] }).commit(),
            ...countedAccounts(newProfile.accountType).map((name) => stats.update({ name }).add({ count: 1 }).commit()),
            days
              .update({ day: ukDay(newProfile.createdAt) })
              .add({ signups: 1 })
              .commit(),
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
                  ...nameWords(business.businessName).map((word) => words.put(wordItem(word, business)).commit()),
                  stats.update({ name: STAT.businesses }).add({ count: 1 }).commit(),
                  stats
                    .update({ name: STAT.businessesIn(ukMonth(business.createdAt)) })
                    .add({ count: 1 })
                    .commit(),
                ]
              : []),
          ],
        )
        .go();
      if (result.canceled) {
        const reasons = result.data.map((item) => item.code).join(', ');
        throw new Error(`The account transaction was cancelled: ${reasons}`);
      }
      await syncUserIndex(newProfile.userId);
    },

    async getProfile(userId, options) {
      const { data } = await profile.get({ userId }).go({ consistent: options?.consistent ?? false });
      return data ?? undefined;
    },

    async movedTo(userId) {
      const { data } = await profileMove.get({ userId }).go();
      return data?.movedTo;
    },

    async getProfiles(userIds) {
      const found = new Map<string, ProfileRecord>();
      // ElectroDB splits the keys into BatchGetItem calls; what DynamoDB leaves unprocessed (throttling) is asked for again.
      await untilProcessed(
        'Profile reads',
        [...new Set(userIds)].map((userId) => ({ userId })),
        async (pending) => {
          const { data, unprocessed } = await profile.get([...pending]).go();
          for (const record of data) found.set(record.userId, record);
          return unprocessed;
        },
      );
      return found;
    },

    async editProfile({ userId, set, remove, updatedAt, business, servicesChanged }) {
      const result = await service.transaction
        .write(({ profile: profiles, business: businesses, businessWord: words, adminStat: stats, providerNews: news }) => {
          const { categories, ...fields } = set;
          const profileSet = {
            ...fields,
            ...(categories ? { categories: [...categories] } : {}),
            updatedAt,
            ...(business ? { businessId: business.businessId, businessName: business.businessName } : {}),
          };
          let profileWrite = profiles.patch({ userId }).set(profileSet);
          if (remove.length > 0) profileWrite = profileWrite.remove([...remove]);
          const writes = [
            business
              ? profileWrite
                  .where((attr, op) =>
                    business.previousName === undefined ? op.notExists(attr.businessName) : op.eq(attr.businessName, business.previousName),
                  )
                  .commit()
              : profileWrite.commit(),
            ...(servicesChanged ? [news.put(newsItem(userId, 'services', updatedAt)).commit()] : []),
          ];
          if (!business) return writes;
          const newWords = nameWords(business.businessName);
          const oldWords = business.previousName === undefined ? [] : nameWords(business.previousName).filter((word) => !newWords.includes(word));
          return [
            ...writes,
            business.previousName === undefined
              ? businesses
                  .create({
                    businessId: business.businessId,
                    businessName: business.businessName,
                    businessEmail: business.businessEmail,
                    ownerUserId: business.ownerUserId,
                    createdAt: business.createdAt,
                  })
                  .commit()
              : businesses.patch({ businessId: business.businessId }).set({ businessName: business.businessName }).commit(),
            ...(business.previousName === undefined
              ? [
                  stats.update({ name: STAT.businesses }).add({ count: 1 }).commit(),
                  stats
                    .update({ name: STAT.businessesIn(ukMonth(business.createdAt)) })
                    .add({ count: 1 })
                    .commit(),
                ]
              : []),
            ...oldWords.map((word) => words.delete(wordKey(word, business.businessId)).commit()),
            ...newWords.map((word) => words.put(wordItem(word, business)).commit()),
          ];
        })
        .go();
      if (!result.canceled) {
        if (set.firstName !== undefined || set.lastName !== undefined || set.categories !== undefined || business) await syncUserIndex(userId);
        return true;
      }
      const reasons = (result.data as { code: string }[]).map((item) => item.code);
      if (reasons[0] === 'ConditionalCheckFailed') return false;
      throw new Error(`The profile transaction was cancelled: ${reasons.join(', ')}`);
    },

    async setNotificationSettings(userId, settings, updatedAt) {
      await profile
        .patch({ userId })
        .set({ ...settings, updatedAt })
        .go({ response: 'none' });
    },

    async replaceAvatarKey(userId, avatarKey, updatedAt) {
      try {
        const { data } = await profile.patch({ userId }).set({ avatarKey, updatedAt }).go({ response: 'all_old' });
        return { previousKey: data.avatarKey };
      } catch (error) {
        if (isConditionFailure(error)) return undefined;
        throw error;
      }
    },

    async setMfaEnabled(userId, enabled, updatedAt) {
      await profile.patch({ userId }).set({ mfaEnabled: enabled, updatedAt }).go({ response: 'none' });
    },

    async setSessionsValidAfter(userId, epochSecondsValue) {
      await profile.patch({ userId }).set({ sessionsValidAfter: epochSecondsValue }).go({ response: 'none' });
    },

    async moveEmail(move) {
      const { token, userId, from, to, holdId, holdUntil, now, business } = move;
      const at = now.toISOString();
      const result = await service.transaction
        .write(({ accountToken: tokens, accountEmail: emails, profile: profiles, business: businesses }) => [
          tokens
            .patch({ tokenHash: token.tokenHash })
            .set({ usedAt: at })
            .where((attr, op) => `${op.eq(attr.purpose, 'change-email')} AND ${op.notExists(attr.usedAt)} AND ${op.gt(attr.expiresAt, epochSeconds(now))}`)
            .commit(),
          emails
            .put({ email: to, reservationId: holdId, reservedUntil: 0, userId })
            .where((attr, op) => `${op.notExists(attr.email)} OR (${op.notExists(attr.userId)} AND ${op.lt(attr.reservedUntil, now.getTime())})`)
            .commit(),
          emails
            .patch({ email: from })
            .set({ reservationId: holdId, reservedUntil: holdUntil.getTime(), expiresAt: Math.ceil(holdUntil.getTime() / 1000) })
            .remove(['userId'])
            .where((attr, op) => op.eq(attr.userId, userId))
            .commit(),
          profiles
            .patch({ userId })
            .set({ email: to, emailConfirmedAt: move.previousEmailConfirmedAt ?? at, sessionsValidAfter: epochSeconds(now), updatedAt: at })
            .where((attr, op) => op.eq(attr.email, from))
            .commit(),
          ...(business ? [businesses.patch({ businessId: business.businessId }).set({ businessEmail: to }).commit()] : []),
        ])
        .go();
      if (!result.canceled) {
        await syncUserIndex(userId);
        return 'moved';
      }
      const [tokenWrite, newAddress] = result.data;
      if (tokenWrite?.code === 'ConditionalCheckFailed') return 'token-spent';
      if (newAddress?.code === 'ConditionalCheckFailed') return 'address-taken';
      throw new Error(`The e-mail change transaction was cancelled: ${result.data.map((item) => item.code).join(', ')}`);
    },

    async undoEmailMove(move) {
      const { token, userId, from, to, holdId, business } = move;
      const result = await service.transaction
        .write(({ accountToken: tokens, accountEmail: emails, profile: profiles, business: businesses }) => {
          let profileWrite = profiles.patch({ userId }).set({ email: from, updatedAt: move.now.toISOString() });
          profileWrite = move.previousEmailConfirmedAt
            ? profileWrite.set({ emailConfirmedAt: move.previousEmailConfirmedAt })
            : profileWrite.remove(['emailConfirmedAt']);
          return [
            tokens.patch({ tokenHash: token.tokenHash }).remove(['usedAt']).commit(),
            emails
              .delete({ email: to })
              .where((attr, op) => op.eq(attr.userId, userId))
              .commit(),
            emails
              .patch({ email: from })
              .set({ userId })
              .remove(['expiresAt'])
              .where((attr, op) => op.eq(attr.reservationId, holdId))
              .commit(),
            profileWrite.where((attr, op) => op.eq(attr.email, to)).commit(),
            ...(business ? [businesses.patch({ businessId: business.businessId }).set({ businessEmail: from }).commit()] : []),
          ];
        })
        .go();
      if (result.canceled) throw new Error(`Undoing the e-mail change was cancelled: ${result.data.map((item) => item.code).join(', ')}`);
      await syncUserIndex(userId);
    },

    async deleteAccountRecords(userId, email) {
      // An unclaimed business (admin-created) has no address and so no e-mail item.
      if (email) {
        try {
          await accountEmail
            .delete({ email })
            .where((attr, op) => op.eq(attr.userId, userId))
            .go({ response: 'none' });
        } catch (error) {
          // Already gone (an earlier attempt), or the address is no longer this account's.
          if (!isConditionFailure(error)) throw error;
        }
      }
      const { data: found } = await profile.get({ userId }).go({ consistent: true, attributes: ['accountType'] });
      if (found?.accountType) {
        // The type is a condition so that the counter moved is the one that counted this account.
        const result = await service.transaction
          .write(({ profile: profiles, adminStat: stats }) => [
            profiles
              .delete({ userId })
              .where((attr, op) => op.eq(attr.accountType, found.accountType))
              .commit(),
            ...countedAccounts(found.accountType).map((name) => stats.update({ name }).add({ count: -1 }).commit()),
          ])
          .go();
        if (result.canceled) throw new Error(`The erasure of ${userId} was cancelled: ${result.data.map((item) => item.code).join(', ')}`);
      }
      await syncUserIndex(userId);
    },

    async findUserIdByEmail(email) {
      const { data } = await accountEmail.get({ email }).go();
      return data?.userId;
    },

    async redeemConfirmationToken(token, now) {
      const at = now.toISOString();
      const result = await service.transaction
        .write(({ accountToken: tokens, profile: profiles }) => [
          tokens
            .patch({ tokenHash: token.tokenHash })
            .set({ usedAt: at })
            .where((attr, op) => `${op.eq(attr.purpose, 'confirm-email')} AND ${op.notExists(attr.usedAt)} AND ${op.gt(attr.expiresAt, epochSeconds(now))}`)
            .commit(),
          profiles.patch({ userId: token.userId }).set({ emailConfirmedAt: at, updatedAt: at }).commit(),
        ])
        .go();
      return !result.canceled;
    },

    async markEmailConfirmed(userId, email, now) {
      const at = now.toISOString();
      try {
        await profile
          .patch({ userId })
          .set({ emailConfirmedAt: at, updatedAt: at })
          .where((attr, op) => `${op.eq(attr.email, email)} AND ${op.notExists(attr.emailConfirmedAt)}`)
          .go({ response: 'none' });
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },
  };
}
