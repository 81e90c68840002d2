import { GetParametersCommand, SSMClient } from '@aws-sdk/client-ssm';
import type { SecretSource } from '../area-config';

/**
 * Secrets given by value (local runs) or as SSM SecureString parameters, read once at cold start with
 * decryption, so a key never sits in a function's configuration or the CloudFormation template.
 */
export async function resolveSecrets<K extends string>(
  region: string,
  sources: Readonly<Record<K, SecretSource | undefined>>,
): Promise<Record<K, string | undefined>> {
  const entries = Object.entries(sources) as [K, SecretSource | undefined][];
  const names = entries.flatMap(([, source]) => (source && 'parameter' in source ? [source.parameter] : []));
  const fetched = new Map<string, string>();
  if (names.length > 0) {
    const answer = await new SSMClient({ region }).send(new GetParametersCommand({ Names: [...new Set(names)], WithDecryption: true }));
    if (answer.InvalidParameters?.length) throw new Error(`SSM parameters not found: ${answer.InvalidParameters.join(', ')}`);
    for (const parameter of answer.Parameters ?? []) fetched.set(parameter.Name!, parameter.Value!);
  }
  return Object.fromEntries(
    entries.map(([key, source]) => [key, source === undefined ? undefined : 'value' in source ? source.value : fetched.get(source.parameter)]),
  ) as Record<K, string | undefined>;
}
