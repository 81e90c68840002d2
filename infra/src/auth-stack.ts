import { CfnOutput, Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import {
  AccountRecovery,
  ClientAttributes,
  FeaturePlan,
  Mfa,
  StandardThreatProtectionMode,
  type StandardAttributesMask,
  UserPool,
  type UserPoolClient,
  UserPoolGroup,
  UserPoolOperation,
} from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { PASSWORD_MIN_LENGTH, REFRESH_TOKEN_VALIDITY_DAYS, SELF_WRITABLE_USER_ATTRIBUTES } from '@solutionz/shared';
import type { DeploymentConfig } from './config';
import { PostAuthenticationTrigger } from './post-authentication-trigger';

/** CDK's names for the Cognito attributes people may write themselves. */
const STANDARD_ATTRIBUTE_MASK_KEYS: Record<(typeof SELF_WRITABLE_USER_ATTRIBUTES)[number], keyof StandardAttributesMask> = {
  locale: 'locale',
  zoneinfo: 'timezone',
};

/** The account types of DESIGN.md section 4; the profile item, not the group, is the source of truth. */
export const USER_GROUPS = ['client', 'provider', 'admin'] as const;

export interface AuthStackProps extends StackProps {
  readonly config: DeploymentConfig;
}

export class AuthStack extends Stack {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;
  readonly postAuthentication: PostAuthenticationTrigger;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.userPool = new UserPool(this, 'UserPool', {
      userPoolName: `solutionz-${config.stage}`,
      // Sign-up goes through our API, which validates, writes the profile and sends our own mail.
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      standardAttributes: { email: { required: true, mutable: true } },
      // Accounts are created confirmed with email_verified=false; our API confirms the address.
      autoVerify: { email: false },
      // Password resets use our own single-use tokens, never Cognito's codes.
      accountRecovery: AccountRecovery.NONE,
      passwordPolicy: {
        minLength: PASSWORD_MIN_LENGTH,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(3),
      },
      // 2-step verification: each user may turn on an authenticator app; no SMS codes.
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      featurePlan: config.cognitoPlus ? FeaturePlan.PLUS : FeaturePlan.ESSENTIALS,
      ...(config.cognitoPlus ? { standardThreatProtectionMode: StandardThreatProtectionMode.FULL_FUNCTION } : {}),
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // Every sign-in is recorded as a session (the admin analytics' active sessions).
    this.postAuthentication = new PostAuthenticationTrigger(this, 'PostAuthentication', { config });
    this.userPool.addTrigger(UserPoolOperation.POST_AUTHENTICATION, this.postAuthentication.function);

    for (const group of USER_GROUPS) {
      new UserPoolGroup(this, `Group-${group}`, { userPool: this.userPool, groupName: group });
    }

    this.userPoolClient = this.userPool.addClient('WebClient', {
      userPoolClientName: `solutionz-web-${config.stage}`,
      generateSecret: false,
      // No hosted UI: the web signs in through the Cognito API with Amplify.
      disableOAuth: true,
      // SRP in the browser; USER_PASSWORD for the API's own sign-in right after sign-up.
      authFlows: { userSrp: true, userPassword: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      // A sign-in lasts this long: the sessions the analytics counts expire with it.
      refreshTokenValidity: Duration.days(REFRESH_TOKEN_VALIDITY_DAYS),
      // Amplify refreshes with GetTokensFromRefreshToken, which rotation requires.
      refreshTokenRotationGracePeriod: Duration.seconds(10),
      // Our API owns the e-mail (and everything else): with their own token people may write only these.
      writeAttributes: new ClientAttributes().withStandardAttributes(
        Object.fromEntries(SELF_WRITABLE_USER_ATTRIBUTES.map((name) => [STANDARD_ATTRIBUTE_MASK_KEYS[name], true])),
      ),
    });

    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason:
          'The product rule is a minimum of 8 characters (spec 01 section 5), enforced alike by the web and the API; ' +
          'Cognito must accept every password the API accepts, so it may not demand character classes.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA is optional by design: every user can turn on authenticator-app 2-step verification in the security settings, ' +
          'but the product does not force it on clients and providers signing up to browse or post a job.',
      },
    );
    if (!config.cognitoPlus) {
      Validations.of(this.userPool).acknowledge({
        id: 'AwsSolutions-COG8',
        reason:
          'The Plus tier (threat protection) is billed per monthly active user; it is a per-deployment choice, ' +
          'switched on with the context cognitoPlus=true.',
      });
    }

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.userPoolClient.userPoolClientId });
  }
}
