import { execFileSync } from 'node:child_process';
import { portOffsetFromEnv } from './local/ports';
import { LaunchError } from './local/preflight';
import { killAllManaged } from './local/process';
import { formatPhases } from './local/phases';
import { beginLocalStack } from './local/stack-begin';
import type * as StackModule from './local/stack';
import type { LocalStack, LocalStackOptions } from './local/stack';
import { DECLINED_CARD, VALID_CARD } from './local/stripe/cards';
// The rest of the stack (the AWS SDK, the app's modules) is loaded once DynamoDB Local is starting: see main.

/**
 * `npm start`: the whole app with the Vite dev server (hot reload). `-- --prod` serves the production
 * build instead, behind the local edge exactly as CloudFront serves it; `-- --reset` starts from empty data.
 * SOLUTIONZ_DATA_DIR keeps the data somewhere other than `.local/` (`npm run bench:start` uses it).
 *
 * package.json runs it as `node --import tsx`, one process, not through the tsx command: that one starts
 * Node again as its child (0.6 s more before anything starts), and on a Ctrl-C it kills that child
 * (SIGKILL) when the child has not answered its relayed signal within 30 ms, which a busy machine can miss;
 * the servers the stack started would then outlive it.
 */

// The project supports Node 20.19 and newer (package.json engines); the SDK's notice about Node 22 is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const reset = process.argv.includes('--reset');
const prod = process.argv.includes('--prod');
const unknown = process.argv.slice(2).filter((arg) => arg !== '--reset' && arg !== '--prod');
if (unknown.length) {
  console.error(`Unknown option ${unknown.join(' ')}: npm start takes --reset and --prod (npm start -- --prod --reset).`);
  process.exit(2);
}

function print({ LOCAL_ORIGIN_HEADERS }: typeof StackModule, stack: LocalStack, ready: string): void {
  const { urls, userPool, dataDir } = stack;
  const rows: [string, string][] = [
    ['Web', `${urls.web ?? ''}  (${prod ? 'production build behind the local edge' : 'Vite dev server, hot reload'})`],
    ['API', urls.api],
    ['Mail inbox', urls.inbox],
    [
      'API gateway (direct)',
      `${urls.gateway}  (refuses requests without the header ${Object.entries(LOCAL_ORIGIN_HEADERS)
        .map(([name, value]) => `${name}: ${value}`)
        .join(', ')}, as the cloud API refuses what did not come through CloudFront)`,
    ],
    ['DynamoDB Local', `${urls.dynamodb}  (table ${stack.tableName})`],
    ['Cognito (proxy)', `${urls.cognito}  (pool ${userPool.userPoolId}, client ${userPool.userPoolClientId})`],
    ['S3 (s3rver)', urls.s3],
    ['Stripe (local)', `${urls.stripe}  (checkout and portal pages, signed webhooks; POST /__clock/advance moves its clock)`],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log('\nSolutionz is running locally:\n');
  for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`);
  console.log('\nDemo logins:');
  for (const user of stack.demoUsers) {
    const member = user.membership ? `  (${user.membership.plan} member)` : user.accountType === 'provider' ? '  (no membership yet)' : '';
    console.log(`  ${user.accountType.padEnd(9)} ${user.email.padEnd(30)} ${user.password}${member}`);
  }
  console.log('\nTest cards on the local checkout page (any future expiry, any CVC):');
  console.log(`  ${VALID_CARD.cardNumber}  pays`);
  console.log(`  ${DECLINED_CARD.cardNumber}  is declined`);
  console.log(`\nData: ${dataDir}${stack.created.table || stack.created.userPool ? '' : ' (kept from the last start; `npm start -- --reset` starts clean)'}`);
  console.log(`Logs: ${dataDir}/logs`);
  console.log(`\nReady in ${ready}. Press Ctrl-C to stop.`);
}

/** Nothing the stack started may still hold a port once we exit. */
function listenersLeft(stack: LocalStack): number[] {
  try {
    const out = execFileSync('ss', ['-ltnH'], { encoding: 'utf8' });
    return Object.values(stack.ports).filter((port) => new RegExp(`:${port}\\s`).test(out));
  } catch {
    return [];
  }
}

async function main(): Promise<void> {
  // A Ctrl-C while services are still starting must not leave the ones already up behind.
  const abortStart = () => {
    killAllManaged();
    process.exit(130);
  };
  process.once('SIGINT', abortStart);
  process.once('SIGTERM', abortStart);

  // From the process's own start: loading this script's modules is part of the wait too.
  const launch = process.uptime();
  let stack: LocalStack;
  let loaded: typeof StackModule;
  try {
    const options: LocalStackOptions = {
      portOffset: portOffsetFromEnv(),
      ...(process.env.SOLUTIONZ_DATA_DIR?.trim() ? { dataDir: process.env.SOLUTIONZ_DATA_DIR.trim() } : {}),
      web: prod ? 'prod' : 'dev',
      reset,
      demoDirectory: true,
      log: (line) => console.log(line),
    };
    // DynamoDB Local's JVM, the slowest server to start, starts while the rest of the stack's modules load.
    const begun = await beginLocalStack(options);
    const loading = begun.clock.begin('modules');
    loaded = await import('./local/stack');
    loading();
    stack = await loaded.startLocalStack(options, begun);
  } catch (error) {
    if (error instanceof LaunchError) {
      console.error(`\n${error.message}`);
    } else {
      console.error('\nThe local stack could not start:', error instanceof Error ? error.message : error);
    }
    process.exit(1);
  }

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping every service…`);
    await stack.stop();
    const left = listenersLeft(stack);
    if (left.length) console.error(`Still listening after stop: ${left.join(', ')}`);
    else console.log('Stopped. Nothing left running.');
    process.exit(left.length ? 1 : 0);
  };
  // Listening before the start's own listeners go: a SIGINT with none would end the process at once (Node's
  // default), leaving the servers behind; `npm run bench:start` sends its Ctrl-C the moment the Ready line is out.
  process.on('SIGINT', (signal) => void shutdown(signal));
  process.on('SIGTERM', (signal) => void shutdown(signal));
  process.on('SIGHUP', (signal) => void shutdown(signal));
  process.off('SIGINT', abortStart);
  process.off('SIGTERM', abortStart);
  print(loaded, stack, `${process.uptime().toFixed(1)} s (launch ${launch.toFixed(1)}, ${formatPhases(stack.timings)})`);
}

await main();
