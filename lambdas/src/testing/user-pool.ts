import {
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
  DeleteUserPoolCommand,
  InitiateAuthCommand,
  InvalidPasswordException,
  ListUsersCommand,
  NotAuthorizedException,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createCognitoIdentity, type Identity } from '../adapters/cognito-identity';
import { TEST_CREDENTIALS, TEST_REGION } from './dynamodb-table';
import { localEndpoint } from './local-endpoint';
import { localStandIns } from './local-stand-ins';

/** A user as the pool holds it, for tests to check what the identity adapter did. */
interface PoolUserState {
  readonly sub: string;
  readonly emailVerified: boolean;
  readonly status: string;
  readonly groups: string[];
  /** False once an admin deactivated the account (AdminDisableUser). */
  readonly enabled: boolean;
}

export interface TestUserPool {
  readonly userPoolId: string;
  /** The web app client, which signs in with USER_PASSWORD_AUTH. */
  readonly userPoolClientId: string;
  /** The server's app client, which the security adapter signs in with. */
  readonly serverClientId: string;
  /**
   * The real identity adapter over the pool, on an SDK client of its own (returned too), so a fault
   * injected into one test's client stays in that test.
   */
  identity(): { identity: Identity; client: CognitoIdentityProviderClient };
  /** The user whose e-mail (the pool's username) this is, or undefined when the pool has none. */
  user(email: string): Promise<PoolUserState | undefined>;
  /** The e-mail of every user in the pool, sorted. */
  emails(): Promise<string[]>;
  /** True when the app client can sign in with this e-mail and password. */
  signsIn(email: string, password: string): Promise<boolean>;
}

/**
 * A user pool of this test file's own in the run's cognito-local (see test/support/local-aws.global-setup.ts),
 * shaped like the deployed one (client, provider and admin groups); emptied before each test and
 * deleted after the file. Call it at the top level of the file.
 */
export function useTestUserPool(): TestUserPool {
  const endpoint = localEndpoint('cognitoEndpoint');
  const newClient = () => new CognitoIdentityProviderClient({ region: TEST_REGION, endpoint, credentials: TEST_CREDENTIALS });
  const admin = newClient();
  let ids: Awaited<ReturnType<ReturnType<typeof localStandIns>['createUserPool']>> | undefined;
  const poolIds = () => {
    if (!ids) throw new Error('The test user pool exists from beforeAll on');
    return ids;
  };

  async function emails(): Promise<string[]> {
    const { Users = [] } = await admin.send(new ListUsersCommand({ UserPoolId: poolIds().userPoolId }));
    return Users.map((user) => user.Attributes?.find((attribute) => attribute.Name === 'email')?.Value ?? '').sort();
  }

  beforeAll(async () => {
    ids = await localStandIns().createUserPool(admin);
  });
  beforeEach(async () => {
    for (const email of await emails()) await admin.send(new AdminDeleteUserCommand({ UserPoolId: poolIds().userPoolId, Username: email }));
  });
  afterAll(async () => {
    await admin.send(new DeleteUserPoolCommand({ UserPoolId: poolIds().userPoolId }));
    admin.destroy();
  });

  return {
    get userPoolId() {
      return poolIds().userPoolId;
    },
    get userPoolClientId() {
      return poolIds().userPoolClientId;
    },
    get serverClientId() {
      return poolIds().serverClientId;
    },
    identity() {
      const client = newClient();
      return { identity: createCognitoIdentity(client, poolIds().userPoolId), client };
    },
    async user(email) {
      const UserPoolId = poolIds().userPoolId;
      try {
        const user = await admin.send(new AdminGetUserCommand({ UserPoolId, Username: email }));
        // By the pool's own username: cognito-local matches group members on the name given.
        const { Groups = [] } = await admin.send(new AdminListGroupsForUserCommand({ UserPoolId, Username: user.Username }));
        const attribute = (name: string) => user.UserAttributes?.find((candidate) => candidate.Name === name)?.Value;
        return {
          sub: attribute('sub') ?? '',
          emailVerified: attribute('email_verified') === 'true',
          status: user.UserStatus ?? '',
          groups: Groups.map((group) => group.GroupName ?? '').sort(),
          enabled: user.Enabled !== false,
        };
      } catch (error) {
        if (error instanceof UserNotFoundException) return undefined;
        throw error;
      }
    },
    emails,
    async signsIn(email, password) {
      try {
        const answer = await admin.send(
          new InitiateAuthCommand({
            ClientId: poolIds().userPoolClientId,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: email, PASSWORD: password },
          }),
        );
        return Boolean(answer.AuthenticationResult?.IdToken);
      } catch (error) {
        // cognito-local answers a wrong password with InvalidPasswordException, Cognito with NotAuthorized.
        if (error instanceof NotAuthorizedException || error instanceof InvalidPasswordException) return false;
        throw error;
      }
    },
  };
}
