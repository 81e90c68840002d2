import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { App } from 'aws-cdk-lib';
import { REPO_ROOT } from '../infra/src/config';
import { createSolutionz } from '../infra/src/solutionz';

/**
 * `npm run bench:lambdas`: synthesizes the app with its Lambda code bundled (as `cdk deploy` does) and
 * prints each function's deployment package against its budget: the files, how much of them is the
 * source map (it ships in the package: stack traces name our source lines), and the size zipped as
 * the CDK zips assets (deflate, level 9). Exits 1 when a package is over its budget.
 */

const MB = 1024 * 1024;

/**
 * Zipped size per function, in MB. A small package starts faster (Lambda downloads and unpacks it on
 * a cold start); the geo areas carry the postcode and town tables, profiles carries sharp and libvips.
 */
const BUDGETS_MB: Record<string, number> = {
  default: 1,
  geocoding: 1.5,
  profiles: 11,
};

interface Package {
  readonly name: string;
  readonly files: number;
  readonly bytes: number;
  readonly mapBytes: number;
  readonly zippedBytes: number;
  readonly budgetBytes: number;
}

function filesIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesIn(join(dir, entry.name)) : [join(dir, entry.name)]));
}

function measure(name: string, dir: string, budgetMb: number): Package {
  const files = filesIn(dir);
  let bytes = 0;
  let mapBytes = 0;
  let zippedBytes = 0;
  for (const file of files) {
    const content = readFileSync(file);
    bytes += content.length;
    if (file.endsWith('.map')) mapBytes += content.length;
    // A zip entry: its deflated data plus a local header and a central directory record with its name.
    zippedBytes += deflateRawSync(content, { level: 9 }).length + 2 * (46 + relative(dir, file).length);
  }
  return { name, files: files.length, bytes, mapBytes, zippedBytes, budgetBytes: budgetMb * MB };
}

const outdir = mkdtempSync(join(tmpdir(), 'solutionz-bench-lambdas-'));
try {
  const context = (JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;
  const started = performance.now();
  const app = new App({ outdir, context });
  const stacks = createSolutionz(app);
  const assembly = app.synth();
  console.log(`Synthesized with the Lambda code bundled in ${((performance.now() - started) / 1000).toFixed(0)} s.\n`);

  const geocoding = new Set(['accounts', 'profiles', 'directory', 'jobs']);
  const functions = [
    ...[...stacks.api.functions].map(([area, fn]) => ({ name: area, stack: stacks.api, fn: fn.function })),
    { name: 'jobAlerts', stack: stacks.api, fn: stacks.api.jobAlerts.function },
    { name: 'pages', stack: stacks.web, fn: stacks.web.pages.function },
  ];
  const packages = functions.map(({ name, stack, fn }) => {
    const template = assembly.getStackByName(stack.stackName).template as { Resources: Record<string, { Properties: { Code: { S3Key: string } } }> };
    const code = template.Resources[stack.getLogicalId(fn.node.defaultChild as never)]!.Properties.Code;
    const dir = join(outdir, `asset.${code.S3Key.replace(/\.zip$/, '')}`);
    if (!statSync(dir).isDirectory()) throw new Error(`No staged asset for ${name}`);
    const budget = BUDGETS_MB[name] ?? (geocoding.has(name) ? BUDGETS_MB.geocoding! : BUDGETS_MB.default!);
    return measure(name, dir, budget);
  });

  const mb = (bytes: number) => `${(bytes / MB).toFixed(2)} MB`;
  const rows = [
    ['function', 'files', 'unzipped', 'source map', 'zipped', 'budget', ''],
    ...packages.map((p) => [
      p.name,
      String(p.files),
      mb(p.bytes),
      mb(p.mapBytes),
      mb(p.zippedBytes),
      mb(p.budgetBytes),
      p.zippedBytes <= p.budgetBytes ? 'pass' : 'OVER',
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) console.log(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  '));
  const over = packages.filter((p) => p.zippedBytes > p.budgetBytes);
  console.log(`\nSource maps ship in each package (counted above): stack traces in the logs name the TypeScript source lines.`);
  if (over.length > 0) {
    console.error(`Over budget: ${over.map((p) => p.name).join(', ')}.`);
    process.exitCode = 1;
  } else {
    console.log(`All ${packages.length} packages are within their budgets.`);
  }
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
