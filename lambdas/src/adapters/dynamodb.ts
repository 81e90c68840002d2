import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * The one DynamoDB client of a Lambda instance. The endpoint comes from the standard
 * `AWS_ENDPOINT_URL_DYNAMODB` variable when running locally, so no endpoint code lives here.
 */
export function createDocumentClient(region: string): DynamoDBDocumentClient {
  return documentClient(new DynamoDBClient({ region }));
}

/** The document client the data layer expects, over any DynamoDB client (tests bring their own). */
export function documentClient(client: DynamoDBClient): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true },
  });
}
