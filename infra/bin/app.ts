/**
 * The Solutionz CDK app: `npm run synth` (offline, no AWS account), `npm run deploy -- --stage <name>`
 * (preflight, diff, deploy) or `npx cdk deploy --all -c stage=<name>`.
 *
 * Per-stage settings live in infra/stages.ts (account, region, production, domain, alarm e-mail, admin
 * token parameter, budget, release style, reserved concurrency, GitHub repository); a context key of
 * the same name wins over the file. A production stage refuses to synthesize without domainName,
 * adminSetupTokenParameter and alarmEmail.
 *
 * Context keys (`-c key=value` on the command line, or "context" in cdk.json):
 *   stage           deployment name, in stack and resource names (default "dev"; lower case, digits, hyphens)
 *   account, region the stage's AWS account and region (infra/stages.ts; the web ACL and the CloudFront alarm
 *                   are always in us-east-1)
 *   budgetMonthlyUsd, releases, githubRepository, githubOidcProviderArn  see infra/stages.ts
 *   domainName      site domain, e.g. www.example.co.uk (default: the CloudFront *.cloudfront.net name)
 *   certificateArn  ACM certificate for domainName, in us-east-1 (required together with domainName)
 *   mailFromDomain  SES domain identity mails are sent from (default domainName, else mail.solutionz.example);
 *                   add the DKIM CNAME records from the Mail stack outputs to its DNS
 *   mailFromAddress sender of confirmation and reset mails (default no-reply@<mailFromDomain>)
 *   adminEmailDomain  domain of admin usernames, <username>@<domain>, never mailed
 *                   (default admin.solutionz.internal)
 *   adminSetupTokenParameter  name of an SSM SecureString parameter holding the first-admin setup
 *                   token, created before deploying and read by the admin function at run time;
 *                   required for every stage but "local" and "test" (synthesis stops without it)
 *   alarmEmail      address subscribed to the alarm topic (default: none)
 *   cognitoPlus     "true" for the Cognito Plus tier with threat protection, billed per user (default off)
 *   apiRateLimit    HTTP API steady-state requests per second (default 50)
 *   apiBurstLimit   HTTP API burst (default 100)
 *   webDistPath     production web build to deploy, relative to the repo root (default web/dist; run
 *                   `npm run build:web` first; without it only /config.json is deployed)
 *   postcodeDataPath  folder with the UK postcode tables (uk-outcodes.json, uk-postcode-sectors.json),
 *                   copied into the functions that place locations, relative to the repo root (default
 *                   ../shared/data; `npm run data:postcodes` builds them); a synthesis that bundles
 *                   the functions stops when they are missing
 *   stripeSecretKeyParameter  SSM SecureString parameter holding Stripe's secret API key, read by the
 *                   membership, Stripe webhook and accounts functions (default /solutionz/<stage>/stripe/secret-key)
 *   stripeWebhookSecretParameter  SSM SecureString parameter holding the webhook endpoint's signing
 *                   secret, whsec_... (default /solutionz/<stage>/stripe/webhook-secret)
 * Bootstrap once per account in the stage's region and in us-east-1 (docs/deploy.md#from-a-new-aws-account-to-a-working-site).
 */
import { App } from 'aws-cdk-lib';
import { createSolutionz } from '../src/solutionz';

createSolutionz(new App());
