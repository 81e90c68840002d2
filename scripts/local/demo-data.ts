import { AdminGetUserCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { MembershipPlan } from '@solutionz/shared';
import { createCognitoIdentity } from '@solutionz/lambdas/adapters/cognito-identity';
import { createAccountRepository } from '@solutionz/lambdas/data/account-repository';
import { createAdminSetupRepository } from '@solutionz/lambdas/data/admin-setup-repository';
import { createLocalAccount, type LocalAccount } from './accounts';

/** A demo provider's membership, bought through the local Stripe when the demo data is loaded. */
export interface DemoMembership {
  readonly plan: MembershipPlan;
  /** Cancelled at the end of the paid period, as Cancel on the subscription card does. */
  readonly cancelAtPeriodEnd?: boolean;
}

export interface DemoUser extends LocalAccount {
  readonly membership?: DemoMembership;
}

/**
 * Demo sign-ins printed by `npm start`: one account of each type, confirmed. The provider has no
 * membership, so a newcomer can try the checkout; the member shows a provider's side with one.
 */
export function demoUsers(adminEmailDomain: string): readonly DemoUser[] {
  return [
    { accountType: 'admin', email: `admin@${adminEmailDomain}`, password: 'Demo-admin-1', firstName: 'Demo', lastName: 'Admin' },
    { accountType: 'client', email: 'client@solutionz.local', password: 'Demo-client-1', firstName: 'Chloe', lastName: 'Clarke' },
    { accountType: 'provider', email: 'provider@solutionz.local', password: 'Demo-provider-1', firstName: 'Priya', lastName: 'Patel' },
    {
      accountType: 'provider',
      email: 'member@solutionz.local',
      password: 'Demo-member-1',
      firstName: 'Marcus',
      lastName: 'Reid',
      location: 'Manchester',
      businessName: 'Reid Electrical Services',
      phoneNumber: '+44 161 496 0123',
      categories: ['Construction/Trade > Electrician'],
      membership: { plan: 'yearly' },
    },
  ];
}

/**
 * The providers that fill the directory around the printed logins (not printed; they share the demo
 * provider's password): members on each plan, one leaving at the end of its year, and one without.
 * Phone numbers are from Ofcom's ranges reserved for drama.
 */
export function demoProviders(): readonly DemoUser[] {
  const password = 'Demo-provider-1';
  return [
    {
      accountType: 'provider',
      email: 'thistle-roofing@solutionz.local',
      password,
      firstName: 'Fiona',
      lastName: 'MacLeod',
      location: 'Glasgow',
      businessName: 'Thistle Roofing Ltd',
      phoneNumber: '+44 141 496 0451',
      categories: ['Construction/Trade > Roofer'],
      membership: { plan: 'monthly' },
    },
    {
      accountType: 'provider',
      email: 'taff-valley-tiling@solutionz.local',
      password,
      firstName: 'Rhys',
      lastName: 'Evans',
      location: 'Cardiff',
      businessName: 'Taff Valley Tiling',
      phoneNumber: '+44 29 2018 0732',
      categories: ['Construction/Trade > Tiler', 'Painting, Decorating and Interior Design > Kitchen Fitting'],
      membership: { plan: 'yearly', cancelAtPeriodEnd: true },
    },
    {
      accountType: 'provider',
      email: 'bramley-bookkeeping@solutionz.local',
      password,
      firstName: 'Hannah',
      lastName: 'Brooks',
      location: 'Leeds',
      businessName: 'Bramley Bookkeeping',
      phoneNumber: '+44 113 496 0318',
      categories: ['Legal and Financial Services > Bookkeeping', 'Legal and Financial Services > Tax Advice'],
      membership: { plan: 'monthly' },
    },
    {
      accountType: 'provider',
      email: 'harbourside-photography@solutionz.local',
      password,
      firstName: 'Grace',
      lastName: 'Okafor',
      location: 'Bristol',
      businessName: 'Harbourside Photography',
      phoneNumber: '+44 117 496 0587',
      categories: ['Music, Photography and Visuals > Photography', 'Events > Weddings'],
      membership: { plan: 'yearly' },
    },
    {
      accountType: 'provider',
      email: 'fine-city-paws@solutionz.local',
      password,
      firstName: 'Tom',
      lastName: 'Hughes',
      location: 'Norwich',
      businessName: 'Fine City Paws',
      phoneNumber: '+44 1632 960 214',
      categories: ['Pets/Animals > Dog Walking', 'Pets/Animals > Pet Sitting'],
    },
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
