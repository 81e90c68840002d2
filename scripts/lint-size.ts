import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

/**
 * `npm run lint:size`: the files and functions over the size limits (scripts/eslint/size-limits.js), found by the
 * repository's ESLint config with its other rules left out. `npm run lint` checks them with every other rule; this
 * lists only them, to see what is left to split. Paths narrow it: `npm run lint:size -- lambdas infra`.
 */
const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const isSizeRule = (ruleId: string) => ruleId === 'max-lines' || ruleId.startsWith('size/');

const eslint = new ESLint({
  cwd: REPO_ROOT,
  ruleFilter: ({ ruleId }) => isSizeRule(ruleId),
  // The directives of the rules left out are not unused.
  overrideConfig: { linterOptions: { reportUnusedDisableDirectives: 'off' } },
});
const results = await eslint.lintFiles(process.argv.length > 2 ? process.argv.slice(2) : ['.']);
const over = results.flatMap((result) =>
  result.messages
    .filter((message) => message.ruleId && isSizeRule(message.ruleId))
    .map((message) => `${relative(REPO_ROOT, result.filePath)}:${message.line}: ${message.message}`),
);
for (const line of over) console.log(line);
console.log(over.length === 0 ? 'Every file and function is within the size limits.' : `${over.length} over the size limits.`);
if (over.length > 0) process.exitCode = 1;
