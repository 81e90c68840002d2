import { describe, expect, it } from 'vitest';
import { findOutsideReferences, isScanned, POSTCODE_FOLDER_ALLOWED_IN } from './outside-references';

// Written in pieces, so that this file holds none of the references it tests.
const UP = '..' + '/';
const SHARED = 'sha' + 'red';
const DESIGN = 'DES' + 'IGN.md';
const SPEC = 'sp' + 'ec';
const ISSUE = 'iss' + 'ue';

const lines = (file: string, text: string) => findOutsideReferences(file, text).map((found) => found.line);

describe('references outside the repository', () => {
  it('names the file and line of a folder beside the repository, in a comment or in code', () => {
    const text = [
      '// fine',
      `// The tables (${UP}${SHARED}/data) are read here.`,
      `const dir = join(root, '..', '${SHARED}', 'data');`,
      `const far = '${UP}${UP}${UP}${SHARED}/data';`,
    ].join('\n');
    expect(findOutsideReferences('lambdas/src/geo/example.ts', text)).toEqual([
      { file: 'lambdas/src/geo/example.ts', line: 2, text: `// The tables (${UP}${SHARED}/data) are read here.`, why: 'a folder outside the repository' },
      { file: 'lambdas/src/geo/example.ts', line: 3, text: `const dir = join(root, '..', '${SHARED}', 'data');`, why: 'a folder outside the repository' },
      { file: 'lambdas/src/geo/example.ts', line: 4, text: `const far = '${UP}${UP}${UP}${SHARED}/data';`, why: 'a folder outside the repository' },
    ]);
  });

  it("lets the web import the shared workspace's sources by a relative path", () => {
    expect(lines('web/vite.config.ts', `import { HOME_TITLE } from '${UP}${SHARED}/src/constants.ts';`)).toEqual([]);
  });

  it('allows the postcode folder only where it is configured and documented', () => {
    const text = `postcodeDataPath: '${UP}${SHARED}/data',`;
    expect(lines('infra/src/config.ts', text)).toEqual([]);
    expect(Object.keys(POSTCODE_FOLDER_ALLOWED_IN)).toContain('docs/local-stack.md');
    expect(lines('infra/src/data-stack.ts', text)).toEqual([1]);
    // The allowance is for the folder, not for other outside documents.
    expect(lines('infra/src/config.ts', `// See ${DESIGN} section 6.`)).toEqual([1]);
  });

  it('finds outside design documents, specification sections and issue numbers, in any case', () => {
    const text = [
      `/** The error body of ${DESIGN} section 3. */`,
      `// Sign-up rules (${SPEC} 01 section 5).`,
      `// The board's filters (${SPEC.toUpperCase()} 02 sections 3 and 8).`,
      `// As the ${SPEC} section on places says.`,
      `// Loads no zod (${ISSUE} 24).`,
      `// Fixed in ${ISSUE} #26.`,
      `/** Reported conversations (${ISSUE[0]!.toUpperCase()}${ISSUE.slice(1)} 26, Safety). */`,
      '/** Toolchain facts: TOOLCH' + 'AIN.md; habits: STY' + 'LE.md. */',
    ].join('\n');
    expect(lines('shared/src/example.ts', text)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('leaves alone the words a comment may use: a spec file, issues without a number, the product rules', () => {
    const text = [
      'test/e2e/login.spec.ts runs against the stack',
      'for (const issue of parsed.error.issues) named.push(issue.path);',
      '// Sign-up rules (docs/product/accounts.md#sign-up): the same message in the browser and the API.',
      "const spec = routes[name]; // the route's spec, 2 entries",
    ].join('\n');
    expect(lines('scripts/example.ts', text)).toEqual([]);
  });
});

describe('the files scanned', () => {
  it('are text files other than the lock file', () => {
    expect(isScanned('docs/web.md', Buffer.from('# The web app\n'))).toBe(true);
    expect(isScanned('test/e2e/visual/home.spec.ts-snapshots/home-390.png', Buffer.from('text'))).toBe(false);
    expect(isScanned('scripts/local/data.bin', Buffer.from([0x41, 0x00, 0x42]))).toBe(false);
    expect(isScanned('package-lock.json', Buffer.from('{}'))).toBe(false);
  });
});
