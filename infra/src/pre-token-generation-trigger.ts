import { Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import type { DeploymentConfig } from './config';
import { poolTriggerFunction } from './pool-trigger';

/** The SSM parameter holding the web app client's id, named by stage (the trigger reads it). */
export const webClientIdParameterOf = (stage: string) => `/solutionz/${stage}/cognito/web-client-id`;

/**
 * The user pool's pre token generation trigger (event version 2.0): access tokens issued to the web app
 * client lose the scope that lets a token call Cognito's self-service operations
 * (lambdas/src/functions/pre-token-generation.ts). The client is made after the pool, which names its
 * triggers, so the function finds the client's id in an SSM parameter by a name fixed by stage rather
 * than by a reference, which would be a circle.
 */
export class PreTokenGenerationTrigger extends Construct {
  readonly function: NodejsFunction;

  constructor(scope: Construct, id: string, props: { readonly config: DeploymentConfig }) {
    super(scope, id);
    const parameterName = webClientIdParameterOf(props.config.stage);
    const parameterArn = Stack.of(this).formatArn({ service: 'ssm', resource: 'parameter', resourceName: parameterName.replace(/^\//, '') });
    this.function = poolTriggerFunction(this, {
      config: props.config,
      name: 'pre-token-generation',
      description: 'Solutionz: keeps the self-service scope out of the web client access tokens (Cognito pre token generation trigger)',
      environment: { WEB_CLIENT_ID_PARAMETER: parameterName },
      // The secrets adapter reads parameters with GetParameters.
      statements: [new PolicyStatement({ actions: ['ssm:GetParameters'], resources: [parameterArn] })],
    });
  }
}
