import { z } from 'zod';

/** Stages whose API answers are not re-checked against the response schemas (the check costs time). */
const PRODUCTION_STAGES = new Set(['prod', 'production']);

const required = z.string().trim().min(1);

const envSchema = z.object({
  STAGE: required,
  TABLE_NAME: required,
  AWS_REGION: required,
  USER_POOL_ID: required,
  USER_POOL_CLIENT_ID: required,
  LOG_LEVEL: z.enum(['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'CRITICAL', 'SILENT']).optional(),
  POWERTOOLS_SERVICE_NAME: z.string().optional(),
  ORIGIN_SECRET: z.string().trim().optional(),
  ORIGIN_SECRET_ARN: z.string().trim().optional(),
});

/**
 * The secret CloudFront's origin header carries (http/origin-guard.ts): its value in local runs, the
 * Secrets Manager secret holding it in the cloud. One of them is required: a function that could not
 * tell CloudFront's requests from others would have to let both through.
 */
type OriginSecretSource = { readonly value: string } | { readonly secretArn: string };

export interface Config {
  readonly stage: string;
  readonly isProduction: boolean;
  readonly tableName: string;
  readonly region: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  readonly logLevel?: z.infer<typeof envSchema>['LOG_LEVEL'];
  readonly serviceName?: string;
  readonly originSecret: OriginSecretSource;
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid Lambda environment: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment; throws one error naming every missing or invalid variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        return env[name] === undefined || env[name]?.trim() === '' ? `${name} is not set` : `${name}: ${issue.message}`;
      });
  if (!env.ORIGIN_SECRET?.trim() && !env.ORIGIN_SECRET_ARN?.trim()) problems.push('ORIGIN_SECRET_ARN is not set (or ORIGIN_SECRET, locally)');
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  return {
    stage: e.STAGE,
    isProduction: PRODUCTION_STAGES.has(e.STAGE.toLowerCase()),
    tableName: e.TABLE_NAME,
    region: e.AWS_REGION,
    userPoolId: e.USER_POOL_ID,
    userPoolClientId: e.USER_POOL_CLIENT_ID,
    logLevel: e.LOG_LEVEL,
    serviceName: e.POWERTOOLS_SERVICE_NAME,
    originSecret: e.ORIGIN_SECRET_ARN ? { secretArn: e.ORIGIN_SECRET_ARN } : { value: e.ORIGIN_SECRET! },
  };
}

let cached: Config | undefined;

/** The configuration of this Lambda instance, read once at cold start. */
export function getConfig(): Config {
  cached ??= loadConfig();
  return cached;
}
