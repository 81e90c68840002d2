import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildPostcodeTables } from './data/nspl';

/**
 * `npm run data:postcodes -- <NSPL csv or zip> [--out <dir>]`: rebuilds the two postcode tables the
 * geocoder reads from the ONS National Statistics Postcode Lookup (docs/local-stack.md#postcode-data).
 */
const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const USAGE = 'Usage: npm run data:postcodes -- <NSPL csv or zip> [--out <dir>]   (default --out .local/postcodes)';

const { values, positionals } = parseArgs({ options: { out: { type: 'string' } }, allowPositionals: true });
if (positionals.length !== 1) {
  console.error(USAGE);
  process.exit(2);
}
// npm runs scripts from the repo root; paths on the command line are the caller's.
const callerDir = process.env.INIT_CWD ?? process.cwd();
const input = resolve(callerDir, positionals[0]!);
const outDir = values.out ? resolve(callerDir, values.out) : join(REPO_ROOT, '.local', 'postcodes');

try {
  console.log(`Reading ${input} (the whole NSPL takes a minute or two)...`);
  const { postcodes, outcodes, sectors } = await buildPostcodeTables(input, outDir);
  console.log(`Wrote ${outcodes} outward codes and ${sectors} sectors (from ${postcodes} live postcodes) to ${outDir}.`);
  console.log(`Use them: SOLUTIONZ_POSTCODE_DATA=${outDir} npm start, and npx cdk deploy -c postcodeDataPath=${outDir}.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
