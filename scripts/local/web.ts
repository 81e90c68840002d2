import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHttpProcess, type LocalService } from './process';

const webDir = fileURLToPath(new URL('../../web/', import.meta.url));
const require = createRequire(join(webDir, 'package.json'));

/** Vite's CLI as web/ resolves it (its `exports` hide the bin file from require.resolve). */
function viteCli(): string {
  const manifest = require.resolve('vite/package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: { vite: string } };
  return join(dirname(manifest), bin.vite);
}

export interface WebOptions {
  readonly port: number;
  /** Where Vite proxies `/api` (the local gateway). */
  readonly apiOrigin: string;
  /** Added to every proxied request, as CloudFront adds its origin header (stack.ts LOCAL_ORIGIN_HEADERS). */
  readonly originHeaders: Readonly<Record<string, string>>;
  /** The runtime config Vite serves as `/config.json`. */
  readonly webConfigFile: string;
  readonly logFile: string;
}

/** The Vite dev server for `web/`, same origin for the app and its `/api`. */
export async function start(opts: WebOptions): Promise<LocalService> {
  return startHttpProcess({
    name: 'Vite dev server',
    command: process.execPath,
    // The runner config loader lets vite.config.ts import the workspace's TypeScript (@solutionz/shared).
    args: [viteCli(), '--port', String(opts.port), '--strictPort', '--host', '127.0.0.1', '--configLoader', 'runner'],
    cwd: webDir,
    env: {
      ...process.env,
      SOLUTIONZ_API_ORIGIN: opts.apiOrigin,
      SOLUTIONZ_API_HEADERS: JSON.stringify(opts.originHeaders),
      SOLUTIONZ_WEB_CONFIG_FILE: opts.webConfigFile,
      // Vite's own coloured banner would only be noise in the log file.
      NO_COLOR: '1',
    },
    url: `http://localhost:${opts.port}`,
    readyUrl: `http://127.0.0.1:${opts.port}/`,
    logFile: opts.logFile,
  });
}

/**
 * The production build of web/, as the deployment uploads it (`vite build`), into `outDir`. Resolves
 * with the build's output, which goes to `logFile`; rejects when the build fails.
 */
export function buildSite(outDir: string, logFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const build = spawn(process.execPath, [viteCli(), 'build', '--outDir', outDir, '--emptyOutDir', '--configLoader', 'runner', '--logLevel', 'warn'], {
      cwd: webDir,
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    build.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    build.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    build.once('error', reject);
    build.once('exit', (code) => {
      writeFileSync(logFile, output);
      if (code === 0) resolve();
      else reject(new Error(`The production build of the web failed (exit ${code}):\n${output.trim().split('\n').slice(-20).join('\n')}`));
    });
  });
}
