import { GetAccountSettingsCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import { GetAccountCommand, GetEmailIdentityCommand, NotFoundException, type SESv2Client } from '@aws-sdk/client-sesv2';
import { GetParameterCommand, GetParametersCommand, ParameterNotFound, type SSMClient } from '@aws-sdk/client-ssm';
import { GetCallerIdentityCommand, type STSClient } from '@aws-sdk/client-sts';
import { DefaultStackSynthesizer } from 'aws-cdk-lib';
import { missingPostcodeTables, postcodeTablesMissingMessage } from '@solutionz/lambdas/geo/postcode-tables';
import type { DeploymentConfig } from '../../infra/src/config';
import { EDGE_REGION } from '../../infra/src/edge-stack';

/**
 * What `npm run deploy` checks before it runs `cdk diff` and `cdk deploy`: everything the stage needs
 * that the CDK app cannot create and that would otherwise surface only as a broken site after a long
 * deploy. Errors stop the deploy; warnings are printed and it goes on.
 */

type CheckLevel = 'ok' | 'warning' | 'error';

export interface CheckResult {
  readonly level: CheckLevel;
  readonly check: string;
  readonly message: string;
}

/** The AWS clients the checks use, per region where it matters (the stage's and us-east-1 for the edge stacks). */
export interface PreflightClients {
  readonly sts: STSClient;
  readonly ssm: (region: string) => SSMClient;
  readonly ses: SESv2Client;
  readonly lambda: LambdaClient;
}

/**
 * The bootstrap version the synthesized templates ask for at least (their CheckBootstrapVersion rule
 * refuses 1 to 5); older stacks are upgraded by `cdk bootstrap` again.
 */
const MIN_BOOTSTRAP_VERSION = 6;

/** Lambda keeps at least this much of the account's concurrency unreserved. */
const UNRESERVED_CONCURRENCY_FLOOR = 100;

export const bootstrapVersionParameter = `/cdk-bootstrap/${DefaultStackSynthesizer.DEFAULT_QUALIFIER}/version`;

const ok = (check: string, message: string): CheckResult => ({ level: 'ok', check, message });
const warning = (check: string, message: string): CheckResult => ({ level: 'warning', check, message });
const error = (check: string, message: string): CheckResult => ({ level: 'error', check, message });

async function credentials(clients: PreflightClients, config: DeploymentConfig): Promise<{ result: CheckResult; account?: string }> {
  const { Account, Arn } = await clients.sts.send(new GetCallerIdentityCommand({}));
  if (config.account && Account !== config.account) {
    return {
      result: error(
        'credentials',
        `These credentials are for account ${Account}, but stage "${config.stage}" lives in ${config.account} (infra/stages.ts): switch profile or role.`,
      ),
    };
  }
  return { result: ok('credentials', `Deploying as ${Arn} in account ${Account}.`), account: Account };
}

function postcodeTables(config: DeploymentConfig): CheckResult {
  const missing = missingPostcodeTables(config.postcodeDataPath);
  return missing.length > 0
    ? error(
        'postcode tables',
        postcodeTablesMissingMessage(`${config.postcodeDataPath} (CDK context "postcodeDataPath")`, 'the functions that place locations must carry them'),
      )
    : ok('postcode tables', `Found in ${config.postcodeDataPath}.`);
}

/** The parameters the operator creates before the first deploy (docs/deploy.md#from-a-new-aws-account-to-a-working-site), and the type each must have. */
function requiredParameters(config: DeploymentConfig): { name: string; type: 'SecureString'; what: string }[] {
  return [
    { name: config.stripeSecretKeyParameter, type: 'SecureString', what: "Stripe's secret key (sk_live_... or sk_test_...)" },
    { name: config.stripeWebhookSecretParameter, type: 'SecureString', what: "the Stripe webhook endpoint's signing secret (whsec_...)" },
    ...(config.adminSetupTokenParameter
      ? [{ name: config.adminSetupTokenParameter, type: 'SecureString' as const, what: 'the first-admin setup token (a long random string)' }]
      : []),
  ];
}

async function parameters(clients: PreflightClients, config: DeploymentConfig): Promise<CheckResult[]> {
  const wanted = requiredParameters(config);
  const answer = await clients.ssm(config.region).send(new GetParametersCommand({ Names: wanted.map((parameter) => parameter.name) }));
  const found = new Map((answer.Parameters ?? []).map((parameter) => [parameter.Name, parameter.Type]));
  return wanted.map(({ name, type, what }) => {
    const foundType = found.get(name);
    if (!foundType) {
      return error(
        'SSM parameters',
        `${name} (${what}) does not exist in ${config.region}: aws ssm put-parameter --region ${config.region} --type ${type} --name ${name} --value '...'`,
      );
    }
    if (foundType !== type) {
      return error('SSM parameters', `${name} is a ${foundType}, so its secret is stored unencrypted: delete it and create it again with --type SecureString.`);
    }
    return ok('SSM parameters', `${name} exists (${foundType}).`);
  });
}

async function ses(clients: PreflightClients, config: DeploymentConfig): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const account = await clients.ses.send(new GetAccountCommand({}));
  if (!account.ProductionAccessEnabled) {
    results.push(
      warning(
        'SES',
        `SES in ${config.region} is in the sandbox: mail reaches only verified addresses, so nobody else can confirm an account or reset a password. ` +
          'Request production access in the SES console (Account dashboard, "Request production access") before going live.',
      ),
    );
  } else {
    results.push(ok('SES', `Production access in ${config.region}, up to ${account.SendQuota?.MaxSendRate ?? '?'} mails a second.`));
  }
  if (account.SendingEnabled === false)
    results.push(error('SES', `Sending is paused for this account in ${config.region} (bounce or complaint rates): see the SES console before deploying.`));
  try {
    const identity = await clients.ses.send(new GetEmailIdentityCommand({ EmailIdentity: config.mailFromDomain }));
    if (!identity.VerifiedForSendingStatus) {
      results.push(warning('SES', `${config.mailFromDomain} is not verified yet: add the DKIM CNAME records (Mail stack outputs DkimRecord1-3) to its DNS.`));
    } else {
      results.push(ok('SES', `${config.mailFromDomain} is verified for sending.`));
    }
  } catch (caught) {
    if (!(caught instanceof NotFoundException)) throw caught;
    results.push(
      warning(
        'SES',
        `${config.mailFromDomain} is not an SES identity yet: the Mail stack creates it; then add its DKIM CNAME records (stack outputs) to the domain's DNS.`,
      ),
    );
  }
  return results;
}

async function bootstrap(clients: PreflightClients, config: DeploymentConfig, account: string | undefined): Promise<CheckResult[]> {
  const regions = [...new Set([config.region, EDGE_REGION])];
  return Promise.all(
    regions.map(async (region) => {
      const command = `npx cdk bootstrap aws://${account ?? '<account>'}/${region}`;
      try {
        const { Parameter } = await clients.ssm(region).send(new GetParameterCommand({ Name: bootstrapVersionParameter }));
        const version = Number(Parameter?.Value);
        if (!(version >= MIN_BOOTSTRAP_VERSION))
          return error('CDK bootstrap', `${region} is bootstrapped at version ${Parameter?.Value}, older than ${MIN_BOOTSTRAP_VERSION}: ${command}`);
        return ok('CDK bootstrap', `${region} is bootstrapped (version ${version}).`);
      } catch (caught) {
        if (!(caught instanceof ParameterNotFound)) throw caught;
        const why = region === EDGE_REGION && region !== config.region ? ' (the web ACL and the CloudFront alarm live there)' : '';
        return error('CDK bootstrap', `${region} is not bootstrapped${why}: ${command}`);
      }
    }),
  );
}

async function concurrency(clients: PreflightClients, config: DeploymentConfig): Promise<CheckResult> {
  const reserved = config.reservedConcurrency.stripeWebhook + config.reservedConcurrency.jobAlerts;
  const { AccountLimit } = await clients.lambda.send(new GetAccountSettingsCommand({}));
  const limit = AccountLimit?.ConcurrentExecutions ?? 0;
  if (reserved > 0 && limit - reserved < UNRESERVED_CONCURRENCY_FLOOR) {
    return error(
      'Lambda concurrency',
      `The account's Lambda concurrency in ${config.region} is ${limit}; the stage reserves ${reserved} and Lambda keeps ${UNRESERVED_CONCURRENCY_FLOOR} unreserved. ` +
        'Ask Service Quotas for more ("Concurrent executions", 1,000 is usual), or set reservedConcurrency to 0 in infra/stages.ts until it is granted.',
    );
  }
  return ok('Lambda concurrency', `${limit} concurrent executions, ${reserved} of them reserved by the stage.`);
}

/** Every check, each failing on its own: one unreachable service does not hide what the others found. */
export async function preflight(clients: PreflightClients, config: DeploymentConfig): Promise<CheckResult[]> {
  const guarded = async (check: string, run: () => Promise<CheckResult | CheckResult[]>): Promise<CheckResult[]> => {
    try {
      return [await run()].flat();
    } catch (caught) {
      return [error(check, `Could not check: ${caught instanceof Error ? `${caught.name}: ${caught.message}` : String(caught)}`)];
    }
  };
  let account = config.account;
  const identity = await guarded('credentials', async () => {
    const found = await credentials(clients, config);
    account = found.account ?? account;
    return found.result;
  });
  const rest = await Promise.all([
    guarded('SSM parameters', () => parameters(clients, config)),
    guarded('SES', () => ses(clients, config)),
    guarded('CDK bootstrap', () => bootstrap(clients, config, account)),
    guarded('Lambda concurrency', () => concurrency(clients, config)),
  ]);
  return [...identity, postcodeTables(config), ...rest.flat()];
}

export function hasErrors(results: readonly CheckResult[]): boolean {
  return results.some((result) => result.level === 'error');
}
