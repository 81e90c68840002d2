import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  SetUserPoolMfaConfigCommand,
  UpdateUserPoolClientCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { ACCOUNT_TYPES, PASSWORD_MIN_LENGTH, PRODUCT_NAME, REFRESH_TOKEN_VALIDITY_DAYS, SELF_WRITABLE_USER_ATTRIBUTES } from '@solutionz/shared';

export interface UserPoolIds {
  readonly userPoolId: string;
  readonly userPoolClientId: string;
}

/** True when the pool and client named in `ids` still exist in the emulator's data. */
async function exists(cognito: CognitoIdentityProviderClient, ids: UserPoolIds): Promise<boolean> {
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
  await cognito.send(new SetUserPoolMfaConfigCommand({ UserPoolId: userPoolId, MfaConfiguration: 'OPTIONAL', SoftwareTokenMfaConfiguration: { Enabled: true } }));
}

/**
 * The app client's write attributes, as the auth stack gives them (cognito-local keeps them; the
 * proxy enforces them). Also set on a client kept from a start before it had them.
 */
async function limitWritableAttributes(cognito: CognitoIdentityProviderClient, ids: UserPoolIds): Promise<void> {
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
 * The same pool shape as the auth stack: e-mail as the username, the password policy, optional
 * authenticator-app MFA, the web app client (USER_PASSWORD_AUTH, which is all cognito-local speaks;
 * its write attributes) and one group per account type. Reuses the pool from an earlier start when it is still there.
 */
export async function ensureUserPool(
  cognito: CognitoIdentityProviderClient,
  previous: UserPoolIds | undefined,
): Promise<UserPoolIds & { created: boolean }> {
  if (previous && (await exists(cognito, previous))) {
    await Promise.all([allowAuthenticatorApps(cognito, previous.userPoolId), limitWritableAttributes(cognito, previous)]);
    return { ...previous, created: false };
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
  const [client] = await Promise.all([
    cognito.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: 'web',
        GenerateSecret: false,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        WriteAttributes: [...SELF_WRITABLE_USER_ATTRIBUTES],
        // As the auth stack's client: a sign-in lasts as long as its refresh token (the sessions the analytics counts).
        RefreshTokenValidity: REFRESH_TOKEN_VALIDITY_DAYS,
        TokenValidityUnits: { RefreshToken: 'days' },
      }),
    ),
    allowAuthenticatorApps(cognito, userPoolId),
    ...ACCOUNT_TYPES.map((group) => cognito.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: group }))),
  ]);
  const userPoolClientId = client.UserPoolClient?.ClientId;
  if (!userPoolClientId) throw new Error('cognito-local created an app client without an id');
  return { userPoolId, userPoolClientId, created: true };
}

export interface PoolUser {
  readonly email: string;
  readonly password: string;
  readonly groups: readonly string[];
  readonly name?: string;
}

/** Creates a confirmed user with a permanent password in its groups (DESIGN.md section 4). */
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
