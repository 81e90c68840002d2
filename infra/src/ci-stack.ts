import { CfnOutput, DefaultStackSynthesizer, Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { OidcProviderNative, PolicyStatement, Role, WebIdentityPrincipal } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import type { DeploymentConfig } from './config';
import { EDGE_REGION } from './edge-stack';
import { nagPseudo } from './nag-names';

const GITHUB_OIDC_URL = 'https://token.actions.githubusercontent.com';

export interface CiStackProps extends StackProps {
  readonly config: DeploymentConfig & { readonly githubRepository: string };
}

/** The role's name, fixed so the workflow can name it (.github/workflows/ci.yml). */
export function ciRoleName(stage: string): string {
  return `solutionz-${stage}-github-deploy`;
}

/**
 * The role GitHub Actions assumes to deploy the stage, by OpenID Connect (no stored keys): only the
 * workflow of the stage's repository, in the GitHub environment named after the stage (where the
 * production approval is set), may assume it. It deploys through the CDK bootstrap roles, as `cdk deploy`
 * does, and reads what the deploy script's preflight checks.
 */
export class CiStack extends Stack {
  readonly role: Role;

  constructor(scope: Construct, id: string, props: CiStackProps) {
    super(scope, id, props);
    const { config } = props;
    const providerArn =
      config.githubOidcProviderArn ?? new OidcProviderNative(this, 'GitHubOidc', { url: GITHUB_OIDC_URL, clientIds: ['sts.amazonaws.com'] }).oidcProviderArn;

    this.role = new Role(this, 'DeployRole', {
      roleName: ciRoleName(config.stage),
      description: `GitHub Actions of ${config.githubRepository} deploying Solutionz ${config.stage}`,
      maxSessionDuration: Duration.hours(2),
      assumedBy: new WebIdentityPrincipal(providerArn, {
        StringEquals: {
          'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com',
          'token.actions.githubusercontent.com:sub': `repo:${config.githubRepository}:environment:${config.stage}`,
        },
      }),
    });
    const qualifier = DefaultStackSynthesizer.DEFAULT_QUALIFIER;
    const bootstrapRoles = [this.region, EDGE_REGION].map(
      (region) => `arn:${this.partition}:iam::${this.account}:role/cdk-${qualifier}-*-${this.account}-${region}`,
    );
    this.role.addToPolicy(new PolicyStatement({ actions: ['sts:AssumeRole'], resources: bootstrapRoles }));
    // The deploy script's preflight (scripts/deploy): parameters, the bootstrap versions, SES and Lambda account state.
    this.role.addToPolicy(
      new PolicyStatement({
        actions: ['ssm:GetParameter', 'ssm:GetParameters'],
        resources: [
          this.formatArn({ service: 'ssm', resource: 'parameter', resourceName: `solutionz/${config.stage}/*` }),
          ...[this.region, EDGE_REGION].map((region) =>
            this.formatArn({ service: 'ssm', region, resource: 'parameter', resourceName: `cdk-bootstrap/${qualifier}/version` }),
          ),
        ],
      }),
    );
    this.role.addToPolicy(new PolicyStatement({ actions: ['ses:GetAccount', 'ses:GetEmailIdentity', 'lambda:GetAccountSettings'], resources: ['*'] }));
    const { partition, account } = nagPseudo(this);
    Validations.of(this.role).acknowledge(
      {
        id: `AwsSolutions-IAM5[Resource::arn:${partition}:iam::${account}:role/cdk-${qualifier}-*-${account}-${this.region}]`,
        reason: 'The CDK bootstrap roles of the stage region (deploy, file publishing, lookup), named by the bootstrap template: cdk deploy assumes them.',
      },
      {
        id: `AwsSolutions-IAM5[Resource::arn:${partition}:iam::${account}:role/cdk-${qualifier}-*-${account}-${EDGE_REGION}]`,
        reason: 'The CDK bootstrap roles of us-east-1, where the web ACL and the CloudFront alarm live.',
      },
      {
        id: `AwsSolutions-IAM5[Resource::arn:${partition}:ssm:${this.region}:${account}:parameter/solutionz/${config.stage}/*]`,
        reason: "The stage's own parameters (Stripe keys, the admin setup token), which the preflight checks exist; it reads no value it prints.",
      },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'ses:GetAccount and lambda:GetAccountSettings describe the account and take no resource; ses:GetEmailIdentity reads the sender domain before it is known to exist.',
      },
    );

    new CfnOutput(this, 'DeployRoleArn', { value: this.role.roleArn });
  }
}
