import { z } from 'zod';
import { MEDIA_BUCKET_VARIABLES, SECRET_PARAMETER_VARIABLES } from './area-needs';
import { ConfigError } from './config';

/**
 * Variables only some areas need, each area validating its own at cold start, so that a function
 * never requires what it does not use.
 */
function parse<S extends z.ZodObject<z.ZodRawShape>>(schema: S, env: NodeJS.ProcessEnv): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      return env[name] === undefined || env[name]?.trim() === '' ? `${name} is not set` : `${name}: ${issue.message}`;
    }),
  );
}

const optional = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

const adminEmailDomain = z
  .string()
  .trim()
  .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be a domain name such as admin.example.com')
  .transform((domain) => domain.toLowerCase());

const accountsEnv = z.object({
  ADMIN_EMAIL_DOMAIN: adminEmailDomain,
  USER_POOL_SERVER_CLIENT_ID: z.string().trim().min(1),
  SITE_URL: z.url().transform((url) => url.replace(/(?<!\/)\/+$/, '')),
  MAIL_FROM_ADDRESS: z.email(),
  MAIL_CONFIGURATION_SET: optional,
  /** Comma-separated: where the claim-notify mail goes. */
  ADMIN_NOTIFY_ADDRESSES: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((address) => address.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.email())),
});

export interface AccountsConfig {
  /** The web origin that e-mail links point to. */
  readonly siteUrl: string;
  readonly mailFromAddress: string;
  readonly mailConfigurationSet?: string;
  /** Admin sign-ins live in this domain; nobody may sign up with an address in it. */
  readonly adminEmailDomain: string;
  /** The admins' addresses that a business claim is announced to. */
  readonly adminNotifyAddresses: readonly string[];
  /**
   * The user pool's server app client: password and 2-step checks sign in through it, as does the
   * 2-step setup. Only its tokens may call Cognito's self-service operations, and only the server holds them.
   */
  readonly serverClientId: string;
}

export function loadAccountsConfig(env: NodeJS.ProcessEnv = process.env): AccountsConfig {
  const e = parse(accountsEnv, env);
  return {
    siteUrl: e.SITE_URL,
    mailFromAddress: e.MAIL_FROM_ADDRESS,
    mailConfigurationSet: e.MAIL_CONFIGURATION_SET,
    adminEmailDomain: e.ADMIN_EMAIL_DOMAIN,
    adminNotifyAddresses: e.ADMIN_NOTIFY_ADDRESSES,
    serverClientId: e.USER_POOL_SERVER_CLIENT_ID,
  };
}

const adminEnv = z.object({
  ADMIN_EMAIL_DOMAIN: adminEmailDomain,
  ADMIN_SETUP_TOKEN: optional,
  [SECRET_PARAMETER_VARIABLES.adminSetupToken]: optional,
  REQUIRE_ADMIN_MFA: z.enum(['true', 'false']).default('false'),
});

export interface AdminConfig {
  readonly adminEmailDomain: string;
  /** Admin console routes answer only admins with 2-step verification on (a per-stage CDK setting). */
  readonly requireAdminMfa: boolean;
  /** The first-admin setup token: as is (local runs) or an SSM SecureString read at cold start; none leaves setup unguarded. */
  readonly adminSetupToken?: SecretSource;
}

export function loadAdminConfig(env: NodeJS.ProcessEnv = process.env): AdminConfig {
  const e = parse(adminEnv, env);
  const adminSetupToken = secretSource(e.ADMIN_SETUP_TOKEN, e.ADMIN_SETUP_TOKEN_PARAMETER);
  return { adminEmailDomain: e.ADMIN_EMAIL_DOMAIN, requireAdminMfa: e.REQUIRE_ADMIN_MFA === 'true', ...(adminSetupToken ? { adminSetupToken } : {}) };
}

export interface AvatarsConfig {
  /** The private bucket profile pictures are uploaded to and served from (docs/architecture.md#files). */
  readonly bucket: string;
  /** S3 is a local stand-in (s3rver), addressed by path. */
  readonly localS3: boolean;
}

/** A media bucket's name from its variable, and whether S3 is the local stand-in. */
function mediaBucketConfig(bucket: keyof typeof MEDIA_BUCKET_VARIABLES, env: NodeJS.ProcessEnv): AvatarsConfig {
  const variable = MEDIA_BUCKET_VARIABLES[bucket];
  const e = parse(z.object({ [variable]: z.string().trim().min(1), AWS_ENDPOINT_URL_S3: optional }), env);
  return { bucket: e[variable] as string, localS3: e.AWS_ENDPOINT_URL_S3 !== undefined };
}

/** The profiles area (pictures) and the account areas (their erasure) read the avatars bucket. */
export const loadAvatarsConfig = (env: NodeJS.ProcessEnv = process.env): AvatarsConfig => mediaBucketConfig('avatars', env);

/** The profiles area (portfolio files) and the account areas (their erasure) read the portfolio bucket. */
export const loadPortfolioConfig = (env: NodeJS.ProcessEnv = process.env): AvatarsConfig => mediaBucketConfig('portfolio', env);

/** The admin area (logos of the businesses it creates) and the account areas (their erasure) read the logos bucket. */
export const loadLogosConfig = (env: NodeJS.ProcessEnv = process.env): AvatarsConfig => mediaBucketConfig('logos', env);

const stripeEnv = z
  .object({
    STRIPE_SECRET_KEY: optional,
    [SECRET_PARAMETER_VARIABLES.stripeSecretKey]: optional,
    STRIPE_WEBHOOK_SECRET: optional,
    [SECRET_PARAMETER_VARIABLES.stripeWebhookSecret]: optional,
    STRIPE_API_URL: z.url().optional(),
  })
  .refine((e) => e.STRIPE_SECRET_KEY ?? e.STRIPE_SECRET_KEY_PARAMETER, {
    path: ['STRIPE_SECRET_KEY'],
    message: 'set STRIPE_SECRET_KEY or STRIPE_SECRET_KEY_PARAMETER',
  });

/** A secret given as is (local runs) or by the name of an SSM SecureString parameter read at cold start (the cloud). */
export type SecretSource = { readonly value: string } | { readonly parameter: string };

export interface StripeConfig {
  readonly secretKey: SecretSource;
  /** Only the webhook function verifies signatures. */
  readonly webhookSecret?: SecretSource;
  /** The local Stripe; stripe.com when absent. */
  readonly apiUrl?: string;
}

function secretSource(value: string | undefined, parameter: string | undefined): SecretSource | undefined {
  if (value) return { value };
  if (parameter) return { parameter };
  return undefined;
}

/** The membership, webhook and accounts areas call Stripe (accounts: erasure cancels the subscription). */
export function loadStripeConfig(env: NodeJS.ProcessEnv = process.env, { webhook = false } = {}): StripeConfig {
  const e = parse(stripeEnv, env);
  const webhookSecret = secretSource(e.STRIPE_WEBHOOK_SECRET, e.STRIPE_WEBHOOK_SECRET_PARAMETER);
  if (webhook && !webhookSecret) throw new ConfigError(['STRIPE_WEBHOOK_SECRET is not set (or STRIPE_WEBHOOK_SECRET_PARAMETER)']);
  return {
    secretKey: secretSource(e.STRIPE_SECRET_KEY, e.STRIPE_SECRET_KEY_PARAMETER)!,
    ...(webhookSecret ? { webhookSecret } : {}),
    ...(e.STRIPE_API_URL ? { apiUrl: e.STRIPE_API_URL } : {}),
  };
}

const membershipEnv = z.object({ SITE_URL: z.url().transform((url) => url.replace(/(?<!\/)\/+$/, '')) });

/** Checkout and the portal send the person back to the web origin. */
export function loadMembershipConfig(env: NodeJS.ProcessEnv = process.env): { readonly siteUrl: string } {
  return { siteUrl: parse(membershipEnv, env).SITE_URL };
}

const publicCacheEnv = z.object({ DISTRIBUTION_ID: optional });

/**
 * The areas whose moderations and erasures purge cached public answers (admin, accounts): the web
 * distribution, absent where nothing keeps answers (the Vite dev server's local runs).
 */
export function loadPublicCacheConfig(env: NodeJS.ProcessEnv = process.env): { readonly distributionId?: string } {
  const { DISTRIBUTION_ID } = parse(publicCacheEnv, env);
  return DISTRIBUTION_ID ? { distributionId: DISTRIBUTION_ID } : {};
}

const pagesEnv = z.object({
  STAGE: z.string().trim().min(1),
  AWS_REGION: z.string().trim().min(1),
  TABLE_NAME: z.string().trim().min(1),
  SITE_BUCKET: z.string().trim().min(1),
  SITE_URL: z
    .url()
    .optional()
    .transform((url) => url?.replace(/(?<!\/)\/+$/, '')),
});

export interface PagesConfig {
  readonly stage: string;
  readonly region: string;
  readonly tableName: string;
  /** The bucket the built site is deployed to; the page function reads its index.html. */
  readonly siteBucket: string;
  /** The site's origin when it is fixed (a custom domain); otherwise the host each visitor asked for. */
  readonly siteUrl?: string;
}

/** The page function behind CloudFront (provider pages for crawlers, the sitemap, robots.txt). */
export function loadPagesConfig(env: NodeJS.ProcessEnv = process.env): PagesConfig {
  const e = parse(pagesEnv, env);
  return { stage: e.STAGE, region: e.AWS_REGION, tableName: e.TABLE_NAME, siteBucket: e.SITE_BUCKET, ...(e.SITE_URL ? { siteUrl: e.SITE_URL } : {}) };
}

const logLevel = z.enum(['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'CRITICAL', 'SILENT']).optional();

/** A function that is not the API's (the table's stream, Cognito's trigger, a schedule): the table and its logging. */
const tableWorkerEnv = z.object({
  STAGE: optional,
  AWS_REGION: z.string().trim().min(1),
  TABLE_NAME: z.string().trim().min(1),
  LOG_LEVEL: logLevel,
  POWERTOOLS_SERVICE_NAME: optional,
});

export interface TableWorkerConfig {
  readonly stage: string;
  readonly region: string;
  readonly tableName: string;
  readonly logLevel?: z.infer<typeof logLevel>;
  readonly serviceName?: string;
}

function tableWorkerConfig(e: z.infer<typeof tableWorkerEnv>): TableWorkerConfig {
  return {
    stage: e.STAGE ?? 'unknown',
    region: e.AWS_REGION,
    tableName: e.TABLE_NAME,
    ...(e.LOG_LEVEL ? { logLevel: e.LOG_LEVEL } : {}),
    ...(e.POWERTOOLS_SERVICE_NAME ? { serviceName: e.POWERTOOLS_SERVICE_NAME } : {}),
  };
}

const preTokenGenerationEnv = z
  .object({ AWS_REGION: z.string().trim().min(1), WEB_CLIENT_ID: optional, WEB_CLIENT_ID_PARAMETER: optional })
  .refine((e) => e.WEB_CLIENT_ID ?? e.WEB_CLIENT_ID_PARAMETER, { path: ['WEB_CLIENT_ID_PARAMETER'], message: 'set WEB_CLIENT_ID_PARAMETER or WEB_CLIENT_ID' });

/**
 * Cognito's pre token generation trigger (not the API): which app client is the web's. In the cloud its id
 * is read from an SSM parameter at cold start: the client is made after the pool, which names the trigger,
 * so the trigger's own configuration cannot refer to it.
 */
export function loadPreTokenGenerationConfig(env: NodeJS.ProcessEnv = process.env): { readonly region: string; readonly webClientId: SecretSource } {
  const e = parse(preTokenGenerationEnv, env);
  return { region: e.AWS_REGION, webClientId: secretSource(e.WEB_CLIENT_ID, e.WEB_CLIENT_ID_PARAMETER)! };
}

/** Cognito's post-authentication trigger (not the API): the table, nothing else. */
export function loadSessionsTriggerConfig(env: NodeJS.ProcessEnv = process.env): TableWorkerConfig {
  return tableWorkerConfig(parse(tableWorkerEnv, env));
}

const jobAlertsEnv = tableWorkerEnv.extend({
  SITE_URL: z.url().transform((url) => url.replace(/(?<!\/)\/+$/, '')),
  MAIL_FROM_ADDRESS: z.email(),
  MAIL_CONFIGURATION_SET: optional,
});

export interface JobAlertsConfig extends TableWorkerConfig {
  /** The web origin that the mail's job and unsubscribe links open. */
  readonly siteUrl: string;
  readonly mailFromAddress: string;
  readonly mailConfigurationSet?: string;
}

/** The mail workers (job alerts on the table's stream, message mails on a schedule; not the API): the table and the mail settings. */
export function loadJobAlertsConfig(env: NodeJS.ProcessEnv = process.env): JobAlertsConfig {
  const e = parse(jobAlertsEnv, env);
  return {
    ...tableWorkerConfig(e),
    siteUrl: e.SITE_URL,
    mailFromAddress: e.MAIL_FROM_ADDRESS,
    ...(e.MAIL_CONFIGURATION_SET ? { mailConfigurationSet: e.MAIL_CONFIGURATION_SET } : {}),
  };
}
