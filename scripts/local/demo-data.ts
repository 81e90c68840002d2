import { AdminGetUserCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createCognitoIdentity } from '@solutionz/lambdas/adapters/cognito-identity';
import { createAccountRepository } from '@solutionz/lambdas/data/account-repository';
import { createLocalAccount, type LocalAccount } from './accounts';

export type DemoUser = LocalAccount;

/**
 * Demo sign-ins printed by `npm start`: one account of each type, confirmed. Provider listings, jobs
 * and feedback join the demo data with the issues that build those areas.
 */
export function demoUsers(adminEmailDomain: string): readonly DemoUser[] {
  return [
    { accountType: 'admin', email: `admin@${adminEmailDomain}`, password: 'Demo-admin-1', firstName: 'Demo', lastName: 'Admin' },
    { accountType: 'client', email: 'client@solutionz.local', password: 'Demo-client-1', firstName: 'Chloe', lastName: 'Clarke' },
    { accountType: 'provider', email: 'provider@solutionz.local', password: 'Demo-provider-1', firstName: 'Priya', lastName: 'Patel' },
  ];
}

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
 * account type (DESIGN.md section 4). The demo admin is the first admin, so it takes the one-time
 * setup marker: /admin-signup then answers as it would on a live site that has an admin.
 */
export async function loadDemoAccounts(input: DemoAccountsInput): Promise<void> {
  const identity = createCognitoIdentity(input.cognito, input.userPoolId);
  const accounts = createAccountRepository(input.documents, input.tableName);
  const now = new Date();
  for (const user of input.users) {
    const existingUserId = await findSub(input.cognito, input.userPoolId, user.email);
    if (!input.withProfiles) {
      if (!existingUserId) {
        await identity.createUser(user.email, user.password, user.accountType);
        await identity.markEmailVerified(user.email);
      }
      continue;
    }
    const userId = await createLocalAccount({ identity, accounts }, user, { now, existingUserId });
    if (user.accountType === 'admin' && (await accounts.claimAdminSetup(user.email.split('@')[0]!, now))) {
      await accounts.completeAdminSetup(userId, now);
    }
  }
}
