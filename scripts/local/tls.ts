import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LocalTls } from './process';

/**
 * A self-signed key and certificate for localhost, made with OpenSSL in `dir` and valid for a day: for the local edge's
 * HTTPS listener, which a browser reaches with its certificate checks off (the web benchmark's Chromium).
 */
export function selfSignedTls(dir: string): LocalTls {
  mkdirSync(dir, { recursive: true });
  const key = join(dir, 'localhost-key.pem');
  const cert = join(dir, 'localhost-cert.pem');
  const args = [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
  ];
  const made = spawnSync('openssl', [...args, '-keyout', key, '-out', cert], { encoding: 'utf8' });
  if (made.error || made.status !== 0) {
    throw new Error(`OpenSSL could not make a certificate for localhost (apt-get install openssl): ${made.error?.message ?? made.stderr}`);
  }
  return { key: readFileSync(key), cert: readFileSync(cert) };
}
