import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startHttpProcess, type LocalService } from './process';

const require = createRequire(import.meta.url);

export interface CognitoOptions {
  readonly port: number;
  /** cognito-local keeps its pools and users in `<dir>/.cognito`. */
  readonly dir: string;
  /** Scheme, host and port the tokens name as issuer: the proxy the app talks to. */
  readonly issuerDomain: string;
  readonly logFile: string;
  /**
   * The user pool's Lambda triggers: cognito-local calls the Lambda Invoke API at `endpoint`
   * (lambda-invoke.ts) with the function named for each trigger. In cognito-local they apply to every pool.
   */
  readonly triggers?: { readonly endpoint: string; readonly functions: { readonly PostAuthentication?: string } };
}

/** The name the local stacks give the post-authentication trigger's function (the cloud's is per stage). */
export const POST_AUTHENTICATION_FUNCTION = 'solutionz-local-post-authentication';

export async function start(opts: CognitoOptions): Promise<LocalService> {
  const configDir = join(opts.dir, '.cognito');
  mkdirSync(configDir, { recursive: true });
  // Rewritten every start: the issuer follows the port offset of this run.
  const triggers = opts.triggers
    ? {
        // The SDK's own retries would hold a sign-in up while the endpoint is not there yet: one try, a short wait.
        LambdaClient: { endpoint: opts.triggers.endpoint, maxRetries: 0, httpOptions: { connectTimeout: 2_000, timeout: 10_000 } },
        TriggerFunctions: opts.triggers.functions,
      }
    : {};
  writeFileSync(join(configDir, 'config.json'), JSON.stringify({ TokenConfig: { IssuerDomain: opts.issuerDomain }, ...triggers }, null, 2));
  return startHttpProcess({
    name: 'cognito-local',
    command: process.execPath,
    args: [require.resolve('cognito-local/lib/bin/start.js')],
    cwd: opts.dir,
    env: { ...process.env, PORT: String(opts.port), HOST: '127.0.0.1' },
    url: `http://127.0.0.1:${opts.port}`,
    readyUrl: `http://127.0.0.1:${opts.port}/health`,
    logFile: opts.logFile,
  });
}
