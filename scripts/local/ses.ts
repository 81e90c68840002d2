import { createRequire } from 'node:module';
import { startHttpProcess, type LocalService } from './process';

const require = createRequire(import.meta.url);
/** Run with the package's path and the port as its arguments; an error starting exits, as its command line does. */
const SERVE = `require(process.argv[1]).default({ host: '127.0.0.1', port: Number(process.argv[2]) }).catch((error) => { console.error(error); process.exit(1); });`;

export interface SesOptions {
  readonly port: number;
  readonly logFile: string;
}

/**
 * aws-ses-v2-local: the SES v2 API, with the inbox page at its root and sent mail at `/store`. Started through its
 * documented `server()` rather than its command line, whose argument parser (yargs) is a seventh of its start.
 */
export async function start(opts: SesOptions): Promise<LocalService> {
  return startHttpProcess({
    name: 'SES (aws-ses-v2-local)',
    command: process.execPath,
    args: ['-e', SERVE, require.resolve('aws-ses-v2-local'), String(opts.port)],
    url: `http://localhost:${opts.port}`,
    readyUrl: `http://127.0.0.1:${opts.port}/store`,
    logFile: opts.logFile,
  });
}
