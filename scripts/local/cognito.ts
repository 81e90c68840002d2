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
}

export async function start(opts: CognitoOptions): Promise<LocalService> {
  const configDir = join(opts.dir, '.cognito');
  mkdirSync(configDir, { recursive: true });
  // Rewritten every start: the issuer follows the port offset of this run.
  writeFileSync(join(configDir, 'config.json'), JSON.stringify({ TokenConfig: { IssuerDomain: opts.issuerDomain } }, null, 2));
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
