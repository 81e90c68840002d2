/**
 * Per-stage settings: the one file an operator edits to deploy a stage (docs/deploy.md#per-stage-settings).
 * `npm run deploy -- --stage <name>` and `npx cdk deploy -c stage=<name>` read the entry of that name;
 * a stage not listed here gets the defaults of a stage that is not production. Any CDK context key
 * given on the command line (`-c domainName=...`) wins over the value here, so CI can fill in what
 * should not be committed. Checked at synthesis (infra/src/config.ts): a production stage refuses to
 * synthesize without its domain, the admin setup token parameter and the alarm e-mail.
 */
import { z } from 'zod';

const AWS_ACCOUNT = /^\d{12}$/;
const AWS_REGION = /^[a-z]{2}(-gov)?-[a-z]+-\d$/;

export const stageSettingsSchema = z.strictObject({
  /** The AWS account the stage lives in; when absent, the account of the deploying credentials. */
  account: z.string().regex(AWS_ACCOUNT, 'must be a 12-digit AWS account id').optional(),
  /** Where everything but the CloudFront web ACL (always us-east-1) lives. London by default: the users are in the UK. */
  region: z.string().regex(AWS_REGION, 'must be an AWS region such as eu-west-2').default('eu-west-2'),
  /** Production stages must have a domain, a guarded admin setup and someone to hear the alarms. */
  production: z.boolean().default(false),
  /** The site's domain, with its ACM certificate in us-east-1 (CloudFront's region). */
  domainName: z.string().optional(),
  certificateArn: z.string().optional(),
  /** SSM parameter holding the first-admin setup token (docs/deploy.md#per-stage-settings). */
  adminSetupTokenParameter: z.string().optional(),
  /**
   * Admin console routes answer only admins with 2-step verification on; an admin without it is sent to
   * set it up first. Cognito cannot require MFA of one group, so the admin function checks. When absent:
   * on, except in the local and test stages.
   */
  requireAdminMfa: z.boolean().optional(),
  /** Subscribed to the alarm topics and the budget. */
  alarmEmail: z.email().optional(),
  mailFromDomain: z.string().optional(),
  /** A monthly AWS cost budget in US dollars: the alarm e-mail hears at 80% spent and at 100% forecast. */
  budgetMonthlyUsd: z.number().positive().default(50),
  /**
   * How a new version of a function takes traffic: `canary` sends 10% to it for 5 minutes and rolls
   * back if an alarm fires; `allAtOnce` switches at once (still rolled back by a failing alarm).
   */
  releases: z.enum(['canary', 'allAtOnce']).default('allAtOnce'),
  /**
   * Concurrency kept for functions that must always have room (the Stripe webhook) or must stay under
   * a rate (the job alerts worker, within the SES sending rate). 0 reserves nothing: a new AWS account
   * may have a concurrency quota of 10, which leaves nothing to reserve (ask Service Quotas for 1,000).
   */
  reservedConcurrency: z
    .strictObject({ stripeWebhook: z.number().int().min(0), jobAlerts: z.number().int().min(0) })
    .default({ stripeWebhook: 0, jobAlerts: 0 }),
  /** The GitHub repository (owner/name) whose workflow may deploy this stage, through the CI role (OIDC). */
  githubRepository: z
    .string()
    .regex(/^[\w.-]+\/[\w.-]+$/, 'must be owner/name')
    .optional(),
  /**
   * The account's GitHub OIDC provider when it exists already (one per account: a second stage in the
   * same account names the first stage's); when absent and githubRepository is set, the CI stack makes one.
   */
  githubOidcProviderArn: z.string().optional(),
});

export type StageSettingsInput = z.input<typeof stageSettingsSchema>;
export type StageSettings = z.output<typeof stageSettingsSchema>;

export const STAGES: Readonly<Record<string, StageSettingsInput>> = {
  dev: {
    region: 'eu-west-2',
    budgetMonthlyUsd: 30,
    releases: 'allAtOnce',
  },
  prod: {
    region: 'eu-west-2',
    production: true,
    budgetMonthlyUsd: 150,
    releases: 'canary',
    reservedConcurrency: { stripeWebhook: 5, jobAlerts: 2 },
    // Filled in by the operator before the first production deploy (docs/deploy.md#from-a-new-aws-account-to-a-working-site), here or with -c:
    // account, domainName, certificateArn, adminSetupTokenParameter, alarmEmail, githubRepository.
  },
};
