import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SSMClient } from '@aws-sdk/client-ssm';
import { STSClient } from '@aws-sdk/client-sts';
import { App } from 'aws-cdk-lib';
import { BUNDLING_STACKS } from 'aws-cdk-lib/cx-api';
import { readDeploymentConfig, REPO_ROOT, type DeploymentConfig } from '../infra/src/config';
import { hasErrors, preflight, type CheckResult } from './deploy/preflight';

/**
 * `npm run deploy -- --stage <name>`: the stage's settings (infra/stages.ts) checked, the web built,
 * the preflight (scripts/deploy/preflight.ts), `cdk diff`, then `cdk deploy` of every stack. With
 * --ci (GitHub Actions) nothing asks for approval; without it cdk asks before widening any permission.
 * `-c key=value` (repeatable) sets a CDK context key over infra/stages.ts, as for `cdk deploy`.
 */
const USAGE = 'Usage: npm run deploy -- --stage <name> [-c key=value ...] [--ci] [--preflight-only]';

let options: { stage?: string; context: string[]; ci: boolean; 'preflight-only': boolean };
try {
  options = parseArgs({
    options: {
      stage: { type: 'string' },
      context: { type: 'string', short: 'c', multiple: true, default: [] },
      ci: { type: 'boolean', default: false },
      'preflight-only': { type: 'boolean', default: false },
    },
  }).values as typeof options;
} catch (caught) {
  console.error(`${caught instanceof Error ? caught.message : caught}\n${USAGE}`);
  process.exit(2);
}
if (!options.stage) {
  console.error(`--stage is required.\n${USAGE}`);
  process.exit(2);
}
const extraContext = options.context.map((pair) => {
  const at = pair.indexOf('=');
  if (at < 1) {
    console.error(`-c takes key=value, got "${pair}".\n${USAGE}`);
    process.exit(2);
  }
  return [pair.slice(0, at), pair.slice(at + 1)] as const;
});

// The settings as the CDK app reads them: a production stage that lacks its domain, admin token or alarm e-mail stops here.
let config: DeploymentConfig;
try {
  config = readDeploymentConfig(new App({ context: { ...Object.fromEntries(extraContext), stage: options.stage, [BUNDLING_STACKS]: [] } }).node);
} catch (caught) {
  console.error(caught instanceof Error ? caught.message : caught);
  process.exit(1);
}

const MARK: Record<CheckResult['level'], string> = { ok: 'ok  ', warning: 'WARN', error: 'FAIL' };
console.log(`Preflight for stage "${config.stage}" (${config.region}):`);
const results = await preflight(
  {
    sts: new STSClient({ region: config.region }),
    ssm: (region) => new SSMClient({ region }),
    ses: new SESv2Client({ region: config.region }),
    lambda: new LambdaClient({ region: config.region }),
  },
  config,
);
for (const result of results) console.log(`  ${MARK[result.level]} ${result.check}: ${result.message}`);
if (hasErrors(results)) {
  console.error('\nThe preflight found problems (FAIL above); nothing was deployed.');
  process.exit(1);
}
if (options['preflight-only']) process.exit(0);

function run(command: string, args: string[]): void {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const { status } = spawnSync(command, args, { cwd: REPO_ROOT, stdio: 'inherit', env: { ...process.env, AWS_REGION: region } });
  if (status !== 0) process.exit(status ?? 1);
}

const { region } = config;
const cdk = join(REPO_ROOT, 'node_modules', '.bin', 'cdk');
const context = [...extraContext.flatMap(([key, value]) => ['-c', `${key}=${value}`]), '-c', `stage=${config.stage}`];
run('npm', ['run', 'build:web']);
run(cdk, ['diff', '--all', ...context]);
run(cdk, ['deploy', '--all', ...context, '--require-approval', options.ci ? 'never' : 'broadening', ...(options.ci ? ['--progress', 'events'] : [])]);
console.log(`\nStage "${config.stage}" is deployed. The site's address is the SiteUrl output of Solutionz-${config.stage}-Web.`);
