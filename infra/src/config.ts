import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLING_STACKS } from 'aws-cdk-lib/cx-api';
import type { Node } from 'constructs';
import { missingPostcodeTables, postcodeTablesMissingMessage } from '@solutionz/lambdas/deploy-contract';
import { PRERENDERED_PAGES, RENDERER_ENTRY_FILE, rendererDirOf } from '@solutionz/shared';
import { STAGES, stageSettingsSchema, type StageSettings, type StageSettingsInput } from '../stages';

/** The monorepo root: Lambda entries, the lock file and the web build are found from here. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Everything a deployment may vary, read from CDK context (`-c key=value` or cdk.json). */
export interface DeploymentConfig {
  readonly stage: string;
  /** From the stage's entry in infra/stages.ts; the account is the deploying credentials' when absent. */
  readonly account?: string;
  readonly region: string;
  readonly production: boolean;
  readonly budgetMonthlyUsd: number;
  readonly releases: StageSettings['releases'];
  readonly reservedConcurrency: StageSettings['reservedConcurrency'];
  readonly githubRepository?: string;
  readonly githubOidcProviderArn?: string;
  /** Custom domain of the site, with its ACM certificate in us-east-1 (CloudFront's region). */
  readonly domainName?: string;
  readonly certificateArn?: string;
  readonly mailFromDomain: string;
  /** Sender of our own mails (confirmation, password reset); must belong to mailFromDomain. */
  readonly mailFromAddress: string;
  /** Admin usernames become `<username>@<adminEmailDomain>`: Cognito identifiers, never mailed. */
  readonly adminEmailDomain: string;
  /**
   * SSM SecureString parameter holding the first-admin setup token, read by the admin function at run
   * time. Required for every stage but the local and test ones: without it setup is unguarded.
   */
  readonly adminSetupTokenParameter?: string;
  /** Admin console routes require 2-step verification of the admin (stages.ts requireAdminMfa). */
  readonly requireAdminMfa: boolean;
  readonly alarmEmail?: string;
  /** Comma-separated admins' addresses told of a business claim (CDK context "adminNotifyAddresses"; else alarmEmail). */
  readonly adminNotifyAddresses?: string;
  /** Cognito Plus tier (threat protection); billed per monthly active user. */
  readonly cognitoPlus: boolean;
  /** The production web build; deployed only if it exists, so synth works without a build. */
  readonly webDistPath: string;
  /** The UK postcode tables on the build machine, copied into the functions that place locations. */
  readonly postcodeDataPath: string;
  readonly apiThrottle: { readonly rateLimit: number; readonly burstLimit: number };
  /**
   * SSM SecureString parameters (AWS managed key) the operator creates before deploying, read by the
   * functions at cold start: Stripe's secret API key and the webhook endpoint's signing secret.
   */
  readonly stripeSecretKeyParameter: string;
  readonly stripeWebhookSecretParameter: string;
}

export const CONTEXT_DEFAULTS = {
  stage: 'dev',
  mailFromDomain: 'mail.solutionz.example',
  adminEmailDomain: 'admin.solutionz.internal',
  webDistPath: 'web/dist',
  /** The postcode tables' folder, relative to the repo root (docs/local-stack.md#postcode-data). */
  postcodeDataPath: '../shared/data',
  apiRateLimit: 50,
  apiBurstLimit: 100,
} as const;

function text(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
    throw new Error(`CDK context "${key}" must be a string, got ${JSON.stringify(value)}`);
  }
  return String(value);
}

/**
 * Whether this synthesis bundles Lambda code: the CDK CLI asks for none when it only lists or destroys
 * stacks, and the assertion tests ask for none with `'aws:cdk:bundling-stacks': []`.
 */
function bundlesLambdaCode(node: Node): boolean {
  const stacks: unknown = node.tryGetContext(BUNDLING_STACKS);
  return !Array.isArray(stacks) || stacks.length > 0;
}

/** SSM's rule for parameter names: a name with a path starts with `/`. */
function parameterName(node: Node, key: string, fallback: string): string {
  const name = text(node, key) ?? fallback;
  if (!/^[\w.\-/]{1,1011}$/.test(name) || (name.includes('/') && !name.startsWith('/'))) {
    throw new Error(`CDK context "${key}" must be an SSM parameter name such as /solutionz/prod/stripe/secret-key, got "${name}"`);
  }
  return name;
}

function positiveNumber(node: Node, key: string, fallback: number): number {
  const raw = text(node, key);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`CDK context "${key}" must be a positive number, got "${raw}"`);
  return value;
}

/** Stages that never face the public: the first-admin setup may go unguarded there. */
const UNGUARDED_SETUP_STAGES: readonly string[] = ['local', 'test'];

/** The setup token's parameter; a deployment anyone can reach refuses to go without one. */
function adminSetupTokenParameter(settings: StageSettings, stage: string): string | undefined {
  const name = settings.adminSetupTokenParameter;
  if (name !== undefined) {
    if (!/^[\w.\-/]{1,1011}$/.test(name) || (name.includes('/') && !name.startsWith('/'))) {
      throw new Error(`CDK context "adminSetupTokenParameter" must be an SSM parameter name such as /solutionz/${stage}/admin-setup-token, got "${name}"`);
    }
    return name;
  }
  if (UNGUARDED_SETUP_STAGES.includes(stage)) return undefined;
  throw new Error(
    `CDK context "adminSetupTokenParameter" is required for stage "${stage}": without a setup token, whoever first calls POST /api/admin/setup becomes the administrator. ` +
      `Create an SSM SecureString parameter holding a long random token (aws ssm put-parameter --type SecureString --name /solutionz/${stage}/admin-setup-token --value ...) ` +
      `and name it in infra/stages.ts or with -c adminSetupTokenParameter=/solutionz/${stage}/admin-setup-token. Only the ${UNGUARDED_SETUP_STAGES.join(' and ')} stages may go without.`,
  );
}

/** Settings a context key of the same name may override (CI fills in what is not committed). */
const OVERRIDABLE = [
  'account',
  'region',
  'domainName',
  'certificateArn',
  'adminSetupTokenParameter',
  'alarmEmail',
  'mailFromDomain',
  'releases',
  'githubRepository',
  'githubOidcProviderArn',
] as const;

/** The stage's entry of infra/stages.ts under the context's overrides, checked with its schema. */
function stageSettings(node: Node, stage: string, stages: Readonly<Record<string, StageSettingsInput>>): StageSettings {
  const overrides: Record<string, unknown> = {};
  for (const key of OVERRIDABLE) {
    const value = text(node, key);
    if (value !== undefined) overrides[key] = value;
  }
  const budget = text(node, 'budgetMonthlyUsd');
  if (budget !== undefined) overrides.budgetMonthlyUsd = Number(budget);
  const parsed = stageSettingsSchema.safeParse({ ...stages[stage], ...overrides });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`The settings of stage "${stage}" (infra/stages.ts, or -c key=value) are not valid: ${problems.join('; ')}`);
  }
  return parsed.data;
}

/**
 * What a production stage may not lack: each would silently leave it worse than it looks (served from a
 * *.cloudfront.net name with mail links pointing there, the first caller of admin setup made admin,
 * alarms that reach nobody).
 */
function productionProblems(settings: StageSettings): string[] {
  if (!settings.production) return [];
  const problems: string[] = [];
  if (!settings.domainName)
    problems.push('domainName and certificateArn (without them the site is served from a *.cloudfront.net name and every mail links there)');
  if (!settings.adminSetupTokenParameter)
    problems.push('adminSetupTokenParameter (without it whoever first calls POST /api/admin/setup becomes the administrator)');
  if (!settings.alarmEmail) problems.push('alarmEmail (without it the alarms and the budget reach nobody)');
  return problems;
}

export function readDeploymentConfig(node: Node, stages: Readonly<Record<string, StageSettingsInput>> = STAGES): DeploymentConfig {
  const stage = text(node, 'stage') ?? CONTEXT_DEFAULTS.stage;
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) {
    throw new Error(`CDK context "stage" must be lower-case letters, digits and hyphens (at most 20), got "${stage}"`);
  }
  const settings = stageSettings(node, stage, stages);
  const missing = productionProblems(settings);
  if (missing.length > 0) {
    throw new Error(
      `Stage "${stage}" is a production stage and refuses to synthesize without: ${missing.join('; ')}. Set them in infra/stages.ts or with -c key=value.`,
    );
  }
  const setupTokenParameter = adminSetupTokenParameter(settings, stage);
  const { domainName, certificateArn } = settings;
  if (Boolean(domainName) !== Boolean(certificateArn)) {
    throw new Error('CDK context "domainName" and "certificateArn" (ACM, us-east-1) go together: CloudFront serves a domain only with its certificate');
  }
  const webDist = text(node, 'webDistPath') ?? CONTEXT_DEFAULTS.webDistPath;
  const postcodeData = text(node, 'postcodeDataPath') ?? CONTEXT_DEFAULTS.postcodeDataPath;
  const postcodeDataPath = isAbsolute(postcodeData) ? postcodeData : join(REPO_ROOT, postcodeData);
  // Checked before any stack is built, so a deployment never ships functions that cannot place a postcode.
  if (bundlesLambdaCode(node) && missingPostcodeTables(postcodeDataPath).length > 0) {
    throw new Error(postcodeTablesMissingMessage(`${postcodeDataPath} (CDK context "postcodeDataPath")`, 'the functions that place locations must carry them'));
  }
  const mailFromDomain = settings.mailFromDomain ?? domainName ?? CONTEXT_DEFAULTS.mailFromDomain;
  const mailFromAddress = text(node, 'mailFromAddress') ?? `no-reply@${mailFromDomain}`;
  if (!mailFromAddress.toLowerCase().endsWith(`@${mailFromDomain.toLowerCase()}`)) {
    throw new Error(`CDK context "mailFromAddress" (${mailFromAddress}) must be an address of mailFromDomain (${mailFromDomain})`);
  }
  return {
    stage,
    ...(settings.account ? { account: settings.account } : {}),
    region: settings.region,
    production: settings.production,
    budgetMonthlyUsd: settings.budgetMonthlyUsd,
    releases: settings.releases,
    reservedConcurrency: settings.reservedConcurrency,
    githubRepository: settings.githubRepository,
    githubOidcProviderArn: settings.githubOidcProviderArn,
    domainName,
    certificateArn,
    mailFromDomain,
    mailFromAddress,
    adminEmailDomain: text(node, 'adminEmailDomain') ?? CONTEXT_DEFAULTS.adminEmailDomain,
    adminSetupTokenParameter: setupTokenParameter,
    requireAdminMfa: settings.requireAdminMfa ?? !UNGUARDED_SETUP_STAGES.includes(stage),
    alarmEmail: settings.alarmEmail,
    adminNotifyAddresses: text(node, 'adminNotifyAddresses') ?? settings.alarmEmail,
    cognitoPlus: text(node, 'cognitoPlus') === 'true',
    webDistPath: isAbsolute(webDist) ? webDist : join(REPO_ROOT, webDist),
    postcodeDataPath,
    apiThrottle: {
      rateLimit: positiveNumber(node, 'apiRateLimit', CONTEXT_DEFAULTS.apiRateLimit),
      burstLimit: positiveNumber(node, 'apiBurstLimit', CONTEXT_DEFAULTS.apiBurstLimit),
    },
    stripeSecretKeyParameter: parameterName(node, 'stripeSecretKeyParameter', `/solutionz/${stage}/stripe/secret-key`),
    stripeWebhookSecretParameter: parameterName(node, 'stripeWebhookSecretParameter', `/solutionz/${stage}/stripe/webhook-secret`),
  };
}

/**
 * Whether there is a web build to deploy. A build without its prerendered pages or its server renderer (made
 * before they existed) is refused: the edge serves `/` from home.html, and the page function server-renders provider
 * pages with the renderer, which that build would leave missing.
 */
export function webBuildExists(config: DeploymentConfig): boolean {
  if (!existsSync(join(config.webDistPath, 'index.html'))) return false;
  const missing = [
    ...PRERENDERED_PAGES.filter(({ file }) => !existsSync(join(config.webDistPath, file))).map(({ file }) => `prerendered ${file}`),
    ...(existsSync(join(rendererDirOf(config.webDistPath), RENDERER_ENTRY_FILE)) ? [] : [`server renderer (${rendererDirOf(config.webDistPath)})`]),
  ];
  if (missing.length > 0) throw new Error(`The web build in ${config.webDistPath} lacks its ${missing.join(' and its ')}: build it again (npm run build:web).`);
  return true;
}
