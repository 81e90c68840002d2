import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  ListUserPoolClientsCommand,
  SetUserPoolMfaConfigCommand,
  UpdateUserPoolClientCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { ACCOUNT_TYPES, PASSWORD_MIN_LENGTH, PRODUCT_NAME, REFRESH_TOKEN_VALIDITY_DAYS, SELF_WRITABLE_USER_ATTRIBUTES } from '@solutionz/shared';
import { WEB_CLIENT_NAME } from './cognito-proxy';

const SERVER_CLIENT_NAME = 'server';

export interface UserPoolIds {
  readonly userPoolId: string;
  /** The web app client, which the browser signs in with (its id is in the web's config). */
  readonly userPoolClientId: string;
  /**
   * The server's app client: the Lambdas' own sign-ins (password and 2-step checks, 2-step setup) go
   * through it, and only its tokens may call Cognito's self-service operations. Only the Lambdas know its id.
   */
  readonly serverClientId: string;
}

/** The ids an earlier start kept: the pool and its web client (the server client may be newer than the pool). */
type KeptUserPoolIds = Pick<UserPoolIds, 'userPoolId' | 'userPoolClientId'>;

/** True when the pool and client named in `ids` still exist in the emulator's data. */
async function exists(cognito: CognitoIdentityProviderClient, ids: KeptUserPoolIds): Promise<boolean> {
  try {
    await cognito.send(new DescribeUserPoolClientCommand({ UserPoolId: ids.userPoolId, ClientId: ids.userPoolClientId }));
    return true;
  } catch {
    return false;
  }
}

/**
 * 2-step verification as the auth stack has it: optional, each user turns on an authenticator app
 * (software token); no SMS. Also set on a pool kept from a start before the pool had it.
 */
async function allowAuthenticatorApps(cognito: CognitoIdentityProviderClient, userPoolId: string): Promise<void> {
  await cognito.send(
    new SetUserPoolMfaConfigCommand({ UserPoolId: userPoolId, MfaConfiguration: 'OPTIONAL', SoftwareTokenMfaConfiguration: { Enabled: true } }),
  );
}

/**
 * The app client's write attributes, as the auth stack gives them (cognito-local keeps them; the
 * proxy enforces them). Also set on a client kept from a start before it had them.
 */
async function limitWritableAttributes(cognito: CognitoIdentityProviderClient, ids: KeptUserPoolIds): Promise<void> {
  await cognito.send(
    new UpdateUserPoolClientCommand({
      UserPoolId: ids.userPoolId,
      ClientId: ids.userPoolClientId,
      WriteAttributes: [...SELF_WRITABLE_USER_ATTRIBUTES],
      // And the refresh token's validity, for a client kept from a start before it had it.
      RefreshTokenValidity: REFRESH_TOKEN_VALIDITY_DAYS,
      TokenValidityUnits: { RefreshToken: 'days' },
    }),
  );
}

/**
 * The server's app client as the auth stack has it: password sign-in only, the same write attributes as
 * the web's. Made in a pool kept from a start before it had one.
 */
async function ensureServerClient(cognito: CognitoIdentityProviderClient, userPoolId: string): Promise<string> {
  const { UserPoolClients = [] } = await cognito.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  const kept = UserPoolClients.find((client) => client.ClientName === SERVER_CLIENT_NAME)?.ClientId;
  if (kept) return kept;
  const created = await cognito.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: SERVER_CLIENT_NAME,
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      WriteAttributes: [...SELF_WRITABLE_USER_ATTRIBUTES],
    }),
  );
  const serverClientId = created.UserPoolClient?.ClientId;
  if (!serverClientId) throw new Error('cognito-local created an app client without an id');
  return serverClientId;
}

/**
 * The same pool shape as the auth stack: e-mail as the username, the password policy, optional
 * authenticator-app MFA, the web app client (USER_PASSWORD_AUTH, which is all cognito-local speaks;
 * its write attributes), the server's app client and one group per account type. Reuses the pool from
 * an earlier start when it is still there.
 */
export async function ensureUserPool(
  cognito: CognitoIdentityProviderClient,
  previous: KeptUserPoolIds | undefined,
): Promise<UserPoolIds & { created: boolean }> {
  if (previous && (await exists(cognito, previous))) {
    const [serverClientId] = await Promise.all([
      ensureServerClient(cognito, previous.userPoolId),
      allowAuthenticatorApps(cognito, previous.userPoolId),
      limitWritableAttributes(cognito, previous),
    ]);
    return { userPoolId: previous.userPoolId, userPoolClientId: previous.userPoolClientId, serverClientId, created: false };
  }

  const pool = await cognito.send(
    new CreateUserPoolCommand({
      PoolName: `${PRODUCT_NAME.toLowerCase()}-local`,
      UsernameAttributes: ['email'],
      Policies: { PasswordPolicy: { MinimumLength: PASSWORD_MIN_LENGTH } },
      MfaConfiguration: 'OPTIONAL',
    }),
  );
  const userPoolId = pool.UserPool?.Id;
  if (!userPoolId) throw new Error('cognito-local created a user pool without an id');
  const [client, serverClientId] = await Promise.all([
    cognito.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: WEB_CLIENT_NAME,
        GenerateSecret: false,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        WriteAttributes: [...SELF_WRITABLE_USER_ATTRIBUTES],
        // As the auth stack's client: a sign-in lasts as long as its refresh token (the sessions the analytics counts).
        RefreshTokenValidity: REFRESH_TOKEN_VALIDITY_DAYS,
        TokenValidityUnits: { RefreshToken: 'days' },
      }),
    ),
    ensureServerClient(cognito, userPoolId),
    allowAuthenticatorApps(cognito, userPoolId),
    ...ACCOUNT_TYPES.map((group) => cognito.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: group }))),
  ]);
  const userPoolClientId = client.UserPoolClient?.ClientId;
  if (!userPoolClientId) throw new Error('cognito-local created an app client without an id');
  return { userPoolId, userPoolClientId, serverClientId, created: true };
}

export interface PoolUser {
  readonly email: string;
  readonly password: string;
  readonly groups: readonly string[];
  readonly name?: string;
}

/** Creates a confirmed user with a permanent password in its groups (docs/architecture.md#identity). */
export async function createPoolUser(cognito: CognitoIdentityProviderClient, userPoolId: string, user: PoolUser): Promise<string> {
  const created = await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: user.email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: user.email },
        { Name: 'email_verified', Value: 'true' },
        ...(user.name ? [{ Name: 'name', Value: user.name }] : []),
      ],
    }),
  );
  const username = created.User?.Username ?? user.email;
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: username, Password: user.password, Permanent: true }));
  for (const group of user.groups) {
    await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: username, GroupName: group }));
  }
  return username;
}
