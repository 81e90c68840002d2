import {
  AdminSetUserMFAPreferenceCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { IdentityExistsError } from './cognito-identity';
import { withoutSdkLogging } from './sdk-logging';

/** What a password check found; `locked` is Cognito refusing after too many wrong passwords. */
type PasswordCheck = 'correct' | 'wrong' | 'locked';
export type PasswordAndCodeCheck = PasswordCheck | 'wrong-code' | 'no-2-step';
/** A password refused, or Cognito asking for a code: 2-step verification is on there already. */
type TotpSetupRefusal = Exclude<PasswordCheck, 'correct'> | '2-step-on';

/**
 * The security controls of the account settings over Cognito: password and 2-step code
 * checks, the sign-in name, sessions and software-token MFA. Admin calls name the user by the
 * Cognito `sub` (the pool's real username, e-mail being an alias), so an address change in flight
 * never makes them miss; sign-in checks use the address, as the person does.
 *
 * Every sign-in here goes through the server's own app client, never the web's: only its access tokens
 * carry the scope Cognito's self-service operations need (the web's have it suppressed), and only this
 * code ever holds them, each for the one request it signed in for.
 */
export interface AccountSecurity {
  /** Signs in to prove the password; a 2-step challenge proves it as well. */
  checkPassword(email: string, password: string): Promise<PasswordCheck>;
  /** Proves the password and a current authenticator code by a whole 2-step sign-in. */
  checkPasswordAndCode(email: string, password: string, code: string): Promise<PasswordAndCodeCheck>;
  /** The new address becomes the sign-in name, verified (our link proved it); IdentityExistsError when another user has it. */
  changeEmail(userId: string, email: string): Promise<void>;
  /** Revokes every refresh token of the user. */
  signOutEverywhere(userId: string): Promise<void>;
  /** Signs in with the password and asks Cognito for a new authenticator secret for that user. */
  startTotp(email: string, password: string): Promise<{ secret: string } | TotpSetupRefusal>;
  /**
   * Signs in with the password and checks the code against the new secret: when it matches,
   * software-token MFA is on and preferred ('correct'). A wrong password binds nothing.
   */
  confirmTotp(email: string, password: string, code: string): Promise<'correct' | 'wrong-code' | TotpSetupRefusal>;
  turnOffTotp(userId: string): Promise<void>;
}

const nameOf = (error: unknown) => (error as { name?: string } | undefined)?.name ?? '';
const messageOf = (error: unknown) => (error as { message?: string } | undefined)?.message ?? '';

/** Cognito answers a wrong password with NotAuthorized; cognito-local without the proxy with InvalidPassword. */
function passwordRefusal(error: unknown): Exclude<PasswordCheck, 'correct'> | undefined {
  const name = nameOf(error);
  if (name === 'NotAuthorizedException' && /attempts exceeded/i.test(messageOf(error))) return 'locked';
  if (name === 'NotAuthorizedException' || name === 'InvalidPasswordException' || name === 'UserNotFoundException') return 'wrong';
  return undefined;
}

const CODE_REFUSALS = new Set(['CodeMismatchException', 'EnableSoftwareTokenMFAException', 'ExpiredCodeException', 'InvalidParameterException']);

/** What the adapter is told besides Cognito's answers. */
export interface AccountSecurityOptions {
  /**
   * A password check signs in, and Cognito's post-authentication trigger records every sign-in as a
   * session: this ends the one the check started (the person `sub` and the tokens' `auth_time`), so
   * checks do not count as active sessions.
   */
  readonly endCheckSession?: (userId: string, authTime: number) => Promise<unknown>;
}

/** The claims of a token Cognito just issued to us (its signature needs no check here). */
function claimsOf(token: string | undefined): { sub?: unknown; auth_time?: unknown } {
  try {
    return JSON.parse(Buffer.from(token?.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub?: unknown; auth_time?: unknown };
  } catch {
    return {};
  }
}

/**
 * `serverClientId` is the server's app client (USER_PASSWORD_AUTH only, its id never given to the
 * browser): the checks' sign-ins and the 2-step setup act through its tokens.
 */
export function createCognitoSecurity(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  serverClientId: string,
  options: AccountSecurityOptions = {},
): AccountSecurity {
  /**
   * The check itself signed in: its refresh token is revoked so no session outlives it, and the session
   * the sign-in was recorded as ends. Nobody ever holds that token, so a revocation that fails
   * (cognito-local keeps no refresh token of a 2-step sign-in to revoke) is no reason to fail the check.
   */
  async function discard(result: AuthenticationResultType | undefined): Promise<void> {
    const { sub, auth_time: authTime } = claimsOf(result?.AccessToken);
    if (options.endCheckSession && typeof sub === 'string' && typeof authTime === 'number') await options.endCheckSession(sub, authTime);
    if (!result?.RefreshToken) return;
    await client.send(new RevokeTokenCommand({ ClientId: serverClientId, Token: result.RefreshToken })).catch(() => undefined);
  }

  async function signIn(email: string, password: string) {
    try {
      return await client.send(
        new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: serverClientId, AuthParameters: { USERNAME: email, PASSWORD: password } }),
      );
    } catch (error) {
      const refusal = passwordRefusal(error);
      if (refusal) return refusal;
      throw error;
    }
  }

  /**
   * Signs in with the password and does `work` with the access token, then discards the sign-in.
   * Only an account without 2-step verification gets tokens from the password alone: Cognito asking
   * for a code means it is on there already.
   */
  async function asUser<T>(email: string, password: string, work: (accessToken: string) => Promise<T>): Promise<T | TotpSetupRefusal> {
    const answer = await signIn(email, password);
    if (typeof answer === 'string') return answer;
    if (answer.ChallengeName === 'SOFTWARE_TOKEN_MFA') return '2-step-on';
    const result = answer.AuthenticationResult;
    if (!result?.AccessToken) throw new Error(`Cognito answered a sign-in with ${answer.ChallengeName ?? 'no tokens'}`);
    try {
      return await work(result.AccessToken);
    } finally {
      await discard(result);
    }
  }

  return {
    async checkPassword(email, password) {
      const answer = await signIn(email, password);
      if (typeof answer === 'string') return answer;
      await discard(answer.AuthenticationResult);
      return 'correct';
    },

    async checkPasswordAndCode(email, password, code) {
      const answer = await signIn(email, password);
      if (typeof answer === 'string') return answer;
      if (answer.ChallengeName !== 'SOFTWARE_TOKEN_MFA') {
        await discard(answer.AuthenticationResult);
        return 'no-2-step';
      }
      let response;
      try {
        response = await client.send(
          new RespondToAuthChallengeCommand({
            ClientId: serverClientId,
            ChallengeName: 'SOFTWARE_TOKEN_MFA',
            Session: answer.Session,
            ChallengeResponses: { USERNAME: answer.ChallengeParameters?.USER_ID_FOR_SRP ?? email, SOFTWARE_TOKEN_MFA_CODE: code },
          }),
        );
      } catch (error) {
        // Cognito answers a code for an expired challenge session with NotAuthorized.
        if (CODE_REFUSALS.has(nameOf(error)) || nameOf(error) === 'NotAuthorizedException') return 'wrong-code';
        throw error;
      }
      await discard(response.AuthenticationResult);
      return 'correct';
    },

    async changeEmail(userId, email) {
      try {
        await client.send(
          new AdminUpdateUserAttributesCommand({
            UserPoolId: userPoolId,
            Username: userId,
            UserAttributes: [
              { Name: 'email', Value: email },
              { Name: 'email_verified', Value: 'true' },
            ],
          }),
        );
      } catch (error) {
        if (nameOf(error) === 'AliasExistsException') throw new IdentityExistsError(email, { cause: error });
        throw error;
      }
    },

    async signOutEverywhere(userId) {
      await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: userId }));
    },

    startTotp(email, password) {
      return asUser(email, password, async (accessToken) => {
        const { SecretCode } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
        if (!SecretCode) throw new Error('Cognito associated a software token without a secret');
        return { secret: SecretCode };
      });
    },

    confirmTotp(email, password, code) {
      return asUser(email, password, async (accessToken) => {
        try {
          const { Status } = await client.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: code }));
          if (Status !== 'SUCCESS') return 'wrong-code' as const;
        } catch (error) {
          if (CODE_REFUSALS.has(nameOf(error))) return 'wrong-code' as const;
          throw error;
        }
        await client.send(new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
        return 'correct' as const;
      });
    },

    async turnOffTotp(userId) {
      await client.send(
        new AdminSetUserMFAPreferenceCommand({ UserPoolId: userPoolId, Username: userId, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } }),
      );
    },
  };
}

/** The Lambda's security adapter; a local endpoint comes from AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER. */
export function createCognitoSecurityFor(region: string, userPoolId: string, serverClientId: string, options: AccountSecurityOptions = {}): AccountSecurity {
  return createCognitoSecurity(withoutSdkLogging(new CognitoIdentityProviderClient({ region })), userPoolId, serverClientId, options);
}
