import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * The running local stack, as `npm test` (scripts/test.ts) describes it in the environment. To run
 * these tests alone: `npm start` in one terminal, then the same variables (see scripts/test.ts).
 */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: integration tests run against the local stack that \`npm test\` starts (scripts/test.ts)`);
  return value;
}

export const stack = {
  /** Through the web dev server, the way the browser calls the API. */
  apiBaseUrl: required('API_BASE_URL'),
  gatewayUrl: required('GATEWAY_URL'),
  cognitoEndpoint: required('COGNITO_ENDPOINT'),
  userPoolId: required('USER_POOL_ID'),
  userPoolClientId: required('USER_POOL_CLIENT_ID'),
  dynamodbEndpoint: required('DYNAMODB_ENDPOINT'),
  tableName: required('TABLE_NAME'),
  sesUrl: required('SES_URL'),
  region: process.env.AWS_REGION ?? 'eu-west-2',
};

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export const cognito = new CognitoIdentityProviderClient({ region: stack.region, endpoint: stack.cognitoEndpoint, credentials });

export const documents = DynamoDBDocumentClient.from(
  new DynamoDBClient({ region: stack.region, endpoint: stack.dynamodbEndpoint, credentials }),
  { marshallOptions: { removeUndefinedValues: true } },
);
