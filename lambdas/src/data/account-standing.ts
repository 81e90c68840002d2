import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AccountType } from '@solutionz/shared';
import { createTableStore } from './table-store';

/**
 * How an account stands right now, read from its profile (docs/architecture.md#identity: the profile, not the
 * token, is the source of truth) on every signed-in request: its type, whether it is active, since
 * when its sessions count (sign out everywhere), whether a provider's membership is running and
 * whether the address is confirmed.
 *   "standing of a user": GetItem PK = USER#<userId>, SK = PROFILE, a few attributes only.
 */
export interface AccountStanding {
  readonly accountType: AccountType;
  readonly isActive: boolean;
  /** Epoch seconds; access tokens issued before it are refused. */
  readonly sessionsValidAfter?: number;
  readonly subscriptionTier: 'none' | 'monthly' | 'yearly';
  readonly subscriptionEnd?: string;
  /** The address was confirmed (routes that act on others need it). */
  readonly emailConfirmed: boolean;
}

export type AccountStandingReader = (userId: string) => Promise<AccountStanding | undefined>;

export function createAccountStandingReader(client: DynamoDBDocumentClient, tableName: string): AccountStandingReader {
  const { profile } = createTableStore(client, tableName).entities;
  return async (userId) => {
    const { data: item } = await profile
      .get({ userId })
      .go({ attributes: ['accountType', 'isActive', 'sessionsValidAfter', 'subscriptionTier', 'subscriptionEnd', 'emailConfirmedAt'] });
    if (!item?.accountType) return undefined;
    return {
      accountType: item.accountType,
      isActive: item.isActive ?? true,
      ...(item.sessionsValidAfter !== undefined ? { sessionsValidAfter: item.sessionsValidAfter } : {}),
      subscriptionTier: item.subscriptionTier ?? 'none',
      ...(item.subscriptionEnd ? { subscriptionEnd: item.subscriptionEnd } : {}),
      emailConfirmed: Boolean(item.emailConfirmedAt),
    };
  };
}
