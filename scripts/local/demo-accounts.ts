import { AdminGetUserCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createCognitoIdentity } from '@solutionz/lambdas/adapters/cognito-identity';
import { createAccountRepository } from '@solutionz/lambdas/data/account-repository';
import { createAdminSetupRepository } from '@solutionz/lambdas/data/admin-setup-repository';
import { createLocalAccount } from './accounts';
import type { DemoUser } from './demo-data';

async function findSub(cognito: CognitoIdentityProviderClient, userPoolId: string, email: string): Promise<string | undefined> {
  try {
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
    return user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return undefined;
    throw error;
  }
}

export interface DemoAccountsInput {
  readonly cognito: CognitoIdentityProviderClient;
  readonly userPoolId: string;
  readonly documents: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly users: readonly DemoUser[];
  /** Write the profiles (the table is new); otherwise only missing sign-ins are added. */
  readonly withProfiles: boolean;
}

/**
 * Each demo user signs in through Cognito and has the profile that is the source of truth for its
 * account type (docs/architecture.md#identity). The demo admin is the first admin, so it takes the one-time
 * setup marker: /admin-signup then answers as it would on a live site that has an admin. Answers the
 * user id of each account whose profile it wrote, by e-mail.
 */
export async function loadDemoAccounts(input: DemoAccountsInput): Promise<ReadonlyMap<string, string>> {
  const written = new Map<string, string>();
  const identity = createCognitoIdentity(input.cognito, input.userPoolId);
  const accounts = createAccountRepository(input.documents, input.tableName);
  const adminSetup = createAdminSetupRepository(input.documents, input.tableName);
  const now = new Date();
  // Side by side: each account is a few calls to cognito-local and the table, and they wait on none of the others.
  const userIds = await Promise.all(
    input.users.map(async (user) => {
      const existingUserId = await findSub(input.cognito, input.userPoolId, user.email);
      if (!input.withProfiles) {
        if (!existingUserId) {
          await identity.createUser(user.email, user.password, user.accountType);
          await identity.markEmailVerified(user.email);
        }
        return undefined;
      }
      const userId = await createLocalAccount({ identity, accounts }, user, { now, existingUserId });
      if (user.accountType === 'admin' && (await adminSetup.claimAdminSetup(user.email.split('@')[0]!, now))) {
        await adminSetup.completeAdminSetup(userId, now);
      }
      return userId;
    }),
  );
  // In the order of `users`, as before.
  for (const [n, user] of input.users.entries()) if (userIds[n]) written.set(user.email, userIds[n]);
  return written;
}
