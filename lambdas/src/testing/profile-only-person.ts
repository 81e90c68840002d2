import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createLocalAccount } from './local-account';
import { documentClient } from '../adapters/dynamodb';
import type { AuthorizedCaller } from '../auth/caller';
import { createTableStore } from '../data/table-store';
import { TEST_CREDENTIALS, TEST_REGION, type TestTable } from './dynamodb-table';

/** A client or provider with a profile only (no sign-in), and the caller the API makes of them after its access check. */
export interface ProfileOnlyPerson {
  readonly userId: string;
  readonly email: string;
  /** What the other side is shown: the provider's business, the client's name. */
  readonly name: string;
  readonly caller: AuthorizedCaller;
}

export interface ProfileOnlyPersonOptions {
  /** When the account was made. */
  readonly createdAt?: Date;
  /** The caller's membership (the profile keeps none). */
  readonly subscribed?: boolean;
  /** Profile fields written after it is made (settings, a place). */
  readonly profile?: Record<string, unknown>;
}

const profilesOf = new WeakMap<TestTable, ReturnType<typeof createTableStore>['entities']['profile']>();

/**
 * Cara Jones (a client) or Pennine Plumbing (a provider: Pat Jones, a plumber) with an address of their own,
 * enough to write, be written to, report and be reported. Their e-mail is not confirmed on the profile; the
 * caller is, and the services read the caller.
 */
export async function profileOnlyPerson(
  table: TestTable,
  accountType: 'client' | 'provider',
  options: ProfileOnlyPersonOptions = {},
): Promise<ProfileOnlyPerson> {
  const userId = randomUUID();
  const email = `${userId}@example.co.uk`;
  const firstName = accountType === 'client' ? 'Cara' : 'Pat';
  const businessName = `Pennine Plumbing ${userId.slice(0, 4)}`;
  await createLocalAccount(
    { identity: undefined as never, accounts: table.repositories.accounts },
    {
      accountType,
      email,
      password: 'unused',
      firstName,
      lastName: 'Jones',
      ...(accountType === 'provider' ? { businessName, categories: ['Construction/Trade > Plumber'] } : {}),
      emailConfirmed: false,
    },
    { existingUserId: userId, now: options.createdAt ?? new Date('2026-10-01T12:00:00Z') },
  );
  if (options.profile && Object.keys(options.profile).length > 0) {
    let profiles = profilesOf.get(table);
    if (!profiles) {
      const documents = documentClient(new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS }));
      profiles = createTableStore(documents, table.tableName).entities.profile;
      profilesOf.set(table, profiles);
    }
    await profiles.patch({ userId }).set(options.profile).go({ response: 'none' });
  }
  return {
    userId,
    email,
    name: accountType === 'provider' ? businessName : `${firstName} Jones`,
    caller: { kind: 'signedIn', userId, groups: [accountType], accountType, subscribed: options.subscribed ?? false, emailConfirmed: true },
  };
}
