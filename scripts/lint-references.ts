import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findOutsideReferences, isScanned } from './ci/outside-references';

/**
 * `npm run lint:references` (part of `npm run check`): no file points outside the repository or names an issue
 * number. Reads the files git tracks, and new ones it does not ignore, as they are in the working tree.
 */
const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
  cwd: REPO_ROOT,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
const files = [...new Set(listed.split('\0').filter((file) => file !== ''))].sort();
let problems = 0;
for (const file of files) {
  // A file deleted in the working tree is still listed until the deletion is committed; a nested repository is a folder.
  if (!statSync(join(REPO_ROOT, file), { throwIfNoEntry: false })?.isFile()) continue;
  const content = readFileSync(join(REPO_ROOT, file));
  if (!isScanned(file, content)) continue;
  for (const found of findOutsideReferences(file, content.toString('utf8'))) {
    problems++;
    console.error(`${found.file}:${found.line}: ${found.why}: ${found.text}`);
  }
}
if (problems > 0) {
  console.error(`${problems} reference${problems === 1 ? '' : 's'} outside the repository or to an issue (docs/product/README.md says where comments point).`);
  process.exit(1);
}
