import { CfnOutput, Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import {
  AccountRecovery,
  ClientAttributes,
  FeaturePlan,
  LambdaVersion,
  Mfa,
  StandardThreatProtectionMode,
  type StandardAttributesMask,
  UserPool,
  type UserPoolClient,
  type UserPoolClientOptions,
  UserPoolGroup,
  UserPoolOperation,
} from 'aws-cdk-lib/aws-cognito';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import { PASSWORD_MIN_LENGTH, REFRESH_TOKEN_VALIDITY_DAYS, SELF_WRITABLE_USER_ATTRIBUTES } from '@solutionz/shared';
import type { DeploymentConfig } from './config';
import { PostAuthenticationTrigger } from './post-authentication-trigger';
import { PreTokenGenerationTrigger, webClientIdParameterOf } from './pre-token-generation-trigger';

/** CDK's names for the Cognito attributes people may write themselves. */
const STANDARD_ATTRIBUTE_MASK_KEYS: Record<(typeof SELF_WRITABLE_USER_ATTRIBUTES)[number], keyof StandardAttributesMask> = {
  locale: 'locale',
  zoneinfo: 'timezone',
};

/** The account types (docs/architecture.md#identity); the profile item, not the group, is the source of truth. */
export const USER_GROUPS = ['client', 'provider', 'admin'] as const;

export interface AuthStackProps extends StackProps {
  readonly config: DeploymentConfig;
}

export class AuthStack extends Stack {
  readonly userPool: UserPool;
  /** The web app client: the browser signs in with it, and its id is in the web's config. */
  readonly userPoolClient: UserPoolClient;
  /**
   * The server's app client: the API's own sign-ins with a person's password (the security settings'
   * checks, 2-step setup) go through it. Only its tokens keep the scope of Cognito's self-service
   * operations, and only the Lambdas know its id and hold its tokens.
   */
  readonly serverClient: UserPoolClient;
  readonly postAuthentication: PostAuthenticationTrigger;
  readonly preTokenGeneration: PreTokenGenerationTrigger;

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
    // The web client's access tokens lose the self-service scope: a stolen one cannot delete the account,
    // bind an authenticator or change the password at Cognito, round the API's checks. Version 2.0 of the
    // event can change an access token's scopes (the Essentials plan has it).
    this.preTokenGeneration = new PreTokenGenerationTrigger(this, 'PreTokenGeneration', { config });
    this.userPool.addTrigger(UserPoolOperation.PRE_TOKEN_GENERATION_CONFIG, this.preTokenGeneration.function, LambdaVersion.V2_0);

    for (const group of USER_GROUPS) {
      new UserPoolGroup(this, `Group-${group}`, { userPool: this.userPool, groupName: group });
    }

    const common: UserPoolClientOptions = {
      generateSecret: false,
      // No hosted UI: people sign in through the Cognito API.
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      // Our API owns the e-mail (and everything else): with a token of their own people may write only these.
      writeAttributes: new ClientAttributes().withStandardAttributes(
        Object.fromEntries(SELF_WRITABLE_USER_ATTRIBUTES.map((name) => [STANDARD_ATTRIBUTE_MASK_KEYS[name], true])),
      ),
    };
    this.userPoolClient = this.userPool.addClient('WebClient', {
      ...common,
      userPoolClientName: `solutionz-web-${config.stage}`,
      // SRP in the browser (Amplify); the local pool's emulator speaks only USER_PASSWORD.
      authFlows: { userSrp: true },
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      // A sign-in lasts this long: the sessions the analytics counts expire with it.
      refreshTokenValidity: Duration.days(REFRESH_TOKEN_VALIDITY_DAYS),
      // Amplify refreshes with GetTokensFromRefreshToken, which rotation requires.
      refreshTokenRotationGracePeriod: Duration.seconds(10),
    });
    // The trigger tells the web client's tokens by its id, read from here (see PreTokenGenerationTrigger).
    new StringParameter(this, 'WebClientIdParameter', {
      parameterName: webClientIdParameterOf(config.stage),
      stringValue: this.userPoolClient.userPoolClientId,
      description: 'Solutionz: the web app client of the user pool, whose access tokens lose the self-service scope',
    });
    this.serverClient = this.userPool.addClient('ServerClient', {
      ...common,
      userPoolClientName: `solutionz-server-${config.stage}`,
      // The Lambdas sign in with the person's password; no SRP in a server.
      authFlows: { userPassword: true },
      // Each sign-in serves one request and is revoked at once: the shortest lives Cognito allows.
      accessTokenValidity: Duration.minutes(5),
      idTokenValidity: Duration.minutes(5),
      refreshTokenValidity: Duration.minutes(60),
    });

    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason:
          'The product rule is a minimum of 8 characters (docs/product/accounts.md#sign-up), enforced alike by the web and the API; ' +
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
