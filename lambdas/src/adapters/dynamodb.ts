import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * The one DynamoDB client of a Lambda instance. The endpoint comes from the standard
 * `AWS_ENDPOINT_URL_DYNAMODB` variable when running locally, so no endpoint code lives here.
 */
export function createDocumentClient(region: string): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(new DynamoDBClient({ region }), {
    marshallOptions: { removeUndefinedValues: true },
  });
}
