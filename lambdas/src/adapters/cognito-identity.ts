import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { AccountType } from '@solutionz/shared';
import { withoutSdkLogging } from './sdk-logging';

/** What services ask of the user directory; they never see Cognito. */
export interface Identity {
  /** A confirmed user with a permanent password, `email_verified=false`, in its group; returns the `sub`. */
  createUser(email: string, password: string, group: AccountType): Promise<string>;
  /** Deletes the user, named by e-mail address or `sub`; a user that is already gone is not an error. */
  deleteUser(username: string): Promise<void>;
  setPassword(email: string, password: string): Promise<void>;
  markEmailVerified(email: string): Promise<void>;
  /** A disabled user cannot sign in or refresh tokens (an admin's deactivation); enabling lets them again. */
  setEnabled(email: string, enabled: boolean): Promise<void>;
  /** Moves the user from one account-type group to another (an admin's type change). */
  moveToGroup(email: string, from: AccountType, to: AccountType): Promise<void>;
  /**
   * Whether signing in asks the user (named by their `sub`) for an authenticator code, as Cognito has it
   * now: the profile's copy could say otherwise. False for a user that is gone.
   */
  hasTwoStep(userId: string): Promise<boolean>;
}

/** The e-mail is already a username in the pool. */
export class IdentityExistsError extends Error {
  constructor(email: string, options?: { cause?: unknown }) {
    super(`A user with the e-mail ${email} already exists in the user pool`, options);
    this.name = 'IdentityExistsError';
  }
}

const isNamed = (error: unknown, name: string) => (error as { name?: string } | undefined)?.name === name;

/**
 * Accounts are created by the API, confirmed, with `email_verified=false` (docs/architecture.md#identity):
 * the user may sign in at once and confirms the address with our own link. The pool's username is
 * the e-mail address.
 */
export function createCognitoIdentity(client: CognitoIdentityProviderClient, userPoolId: string): Identity {
  return {
    async createUser(email, password, group) {
      let sub: string | undefined;
      try {
        const created = await client.send(
          new AdminCreateUserCommand({
            UserPoolId: userPoolId,
            Username: email,
            MessageAction: 'SUPPRESS',
            UserAttributes: [
              { Name: 'email', Value: email },
              { Name: 'email_verified', Value: 'false' },
            ],
          }),
        );
        sub = created.User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
      } catch (error) {
        if (isNamed(error, 'UsernameExistsException')) throw new IdentityExistsError(email, { cause: error });
        throw error;
      }
      if (!sub) throw new Error('Cognito created a user without a sub');
      await client.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: password, Permanent: true }));
      await client.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: email, GroupName: group }));
      return sub;
    },

    async deleteUser(username) {
      try {
        await client.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: username }));
      } catch (error) {
        if (!isNamed(error, 'UserNotFoundException')) throw error;
      }
    },

    async setEnabled(email, enabled) {
      const input = { UserPoolId: userPoolId, Username: email };
      await client.send(enabled ? new AdminEnableUserCommand(input) : new AdminDisableUserCommand(input));
    },

    async moveToGroup(email, from, to) {
      await client.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: email, GroupName: to }));
      await client.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: userPoolId, Username: email, GroupName: from }));
    },

    async hasTwoStep(userId) {
      try {
        const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: userId }));
        // The methods switched on; the preferred one is always among them.
        return (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA');
      } catch (error) {
        if (isNamed(error, 'UserNotFoundException')) return false;
        throw error;
      }
    },

    async setPassword(email, password) {
      await client.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: password, Permanent: true }));
    },

    async markEmailVerified(email) {
      await client.send(
        new AdminUpdateUserAttributesCommand({
          UserPoolId: userPoolId,
          Username: email,
          // Both together: cognito-local refuses email_verified alone; Cognito accepts either form.
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'true' },
          ],
        }),
      );
    },
  };
}

/** The Lambda's identity adapter; a local endpoint comes from AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER. */
export function createCognitoIdentityFor(region: string, userPoolId: string): Identity {
  return createCognitoIdentity(withoutSdkLogging(new CognitoIdentityProviderClient({ region })), userPoolId);
}
