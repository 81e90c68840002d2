import { createRequire } from 'node:module';
import { startHttpProcess, type LocalService } from './process';

const require = createRequire(import.meta.url);

export interface SesOptions {
  readonly port: number;
  readonly logFile: string;
}

/** aws-ses-v2-local: the SES v2 API, with the inbox page at its root and sent mail at `/store`. */
export async function start(opts: SesOptions): Promise<LocalService> {
  return startHttpProcess({
    name: 'SES (aws-ses-v2-local)',
    command: process.execPath,
    args: [require.resolve('aws-ses-v2-local/dist/cli.js'), '--host', '127.0.0.1', '--port', String(opts.port)],
    url: `http://localhost:${opts.port}`,
    readyUrl: `http://127.0.0.1:${opts.port}/store`,
    logFile: opts.logFile,
  });
}
