import type { AccountType } from '@solutionz/shared';
import { createLocalAccount, type LocalAccount } from './local-account';
import type { Identity } from '../adapters/cognito-identity';
import type { AuthorizedCaller } from '../auth/caller';
import type { AccountRepository } from '../data/account-repository';

export const TEST_PASSWORD = 'Correct-horse-1';

export interface TestAccount {
  readonly userId: string;
  readonly email: string;
  readonly password: string;
  /** The caller as the access check hands it to a signed-in route. */
  readonly caller: AuthorizedCaller;
}

const PEOPLE: Record<AccountType, Omit<LocalAccount, 'accountType' | 'email' | 'password'>> = {
  client: { firstName: 'Cara', lastName: 'Client', location: 'York' },
  provider: {
    firstName: 'Priya',
    lastName: 'Patel',
    location: 'Birmingham',
    businessName: 'Patel Electrical',
    phoneNumber: '0121 496 0000',
    categories: ['Construction/Trade > Electrician'],
  },
  admin: { firstName: 'head.office', lastName: '' },
};

/**
 * An account as sign-up leaves it, address confirmed (the Cognito user in its group, the e-mail item,
 * the profile and a provider's business), through the real identity adapter and repository.
 */
export async function createTestAccount(
  deps: { identity: Identity; accounts: AccountRepository },
  accountType: AccountType,
  overrides: Partial<Omit<LocalAccount, 'accountType'>> = {},
  now = new Date('2026-11-21T12:00:00Z'),
): Promise<TestAccount> {
  const account: LocalAccount = { accountType, email: `${accountType}@example.co.uk`, password: TEST_PASSWORD, ...PEOPLE[accountType], ...overrides };
  const userId = await createLocalAccount(deps, account, { now });
  return {
    userId,
    email: account.email,
    password: account.password,
    caller: { kind: 'signedIn', userId, groups: [accountType], accountType, subscribed: false, emailConfirmed: account.emailConfirmed ?? true },
  };
}
