import { Token, type Stack } from 'aws-cdk-lib';

/**
 * The partition, account and region of a stack as cdk-nag writes them in the ARNs of its findings (and
 * so in the ids that acknowledge them): a value known at synthesis as it is, else the pseudo parameter.
 */
export function nagPseudo(stack: Stack): { partition: string; account: string; region: string } {
  const known = (value: string, pseudo: string) => (Token.isUnresolved(value) ? `<AWS::${pseudo}>` : value);
  return { partition: known(stack.partition, 'Partition'), account: known(stack.account, 'AccountId'), region: known(stack.region, 'Region') };
}
