import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MEDIA_BUCKETS, type MediaBucketName } from '@solutionz/shared';
import { startHttpProcess, type LocalService } from './process';

const require = createRequire(import.meta.url);

/** The private media buckets (docs/architecture.md#files), as the local stack names them. */
export const LOCAL_BUCKETS = Object.fromEntries(MEDIA_BUCKETS.map((name) => [name, `solutionz-local-${name}`])) as Record<MediaBucketName, string>;

/** s3rver's fixed credentials: it rejects any other access key. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/** What an S3 client of s3rver needs besides: buckets by path, and checksums only where S3 requires them (s3rver knows no others). */
export const S3RVER_CLIENT_OPTIONS = {
  forcePathStyle: true,
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
} as const;

// The browser uploads with presigned POST from the web origin and reads files back; s3rver answers
// preflights from this configuration.
const CORS_XML = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>
`;

export interface S3Options {
  readonly port: number;
  readonly dataDir: string;
  readonly logFile: string;
}

/** s3rver's command line, with its writes answered once they are on disk (s3rver-writes.ts), through tsx. */
const S3RVER_MAIN = fileURLToPath(new URL('./s3rver-main.ts', import.meta.url));

/** s3rver with every bucket created (idempotently) and given the CORS rules at start-up. */
export async function start(opts: S3Options): Promise<LocalService> {
  mkdirSync(opts.dataDir, { recursive: true });
  const corsFile = join(opts.dataDir, '..', 's3-cors.xml');
  writeFileSync(corsFile, CORS_XML);
  const bucketArgs = Object.values(LOCAL_BUCKETS).flatMap((bucket) => ['--configure-bucket', bucket, corsFile]);
  return startHttpProcess({
    name: 's3rver',
    command: process.execPath,
    args: [
      '--import',
      pathToFileURL(require.resolve('tsx')).href,
      S3RVER_MAIN,
      '-d',
      opts.dataDir,
      '-a',
      '127.0.0.1',
      '-p',
      String(opts.port),
      '--silent',
      ...bucketArgs,
    ],
    url: `http://localhost:${opts.port}`,
    readyUrl: `http://127.0.0.1:${opts.port}`,
    logFile: opts.logFile,
  });
}
