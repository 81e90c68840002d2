import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/** The size limits as `npm run lint` applies them: the repository's own ESLint config, on code written here. */
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({
    cwd: REPO_ROOT,
    ruleFilter: ({ ruleId }) => ruleId === 'max-lines' || ruleId.startsWith('size/'),
    overrideConfig: { linterOptions: { reportUnusedDisableDirectives: 'off' } },
  });
});

async function sizeProblems(code: string, filePath = 'scripts/local/sample.ts'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${REPO_ROOT}${filePath}` });
  return result!.messages.map((message) => `${message.line}: ${message.message}`);
}

/** `count` lines of a function's body: statements, blank lines and comments, all of which count. */
const bodyLines = (count: number) =>
  Array.from({ length: count }, (_, index) => (index % 3 === 0 ? '' : index % 3 === 1 ? '  // a comment counts too' : `  void ${index};`)).join('\n');

/** A function of exactly `lines` lines, its name and braces included. */
const functionOf = (name: string, lines: number) => `export function ${name}() {\n${bodyLines(lines - 2)}\n}\n`;

describe('the size limits', () => {
  it('allow a function of 150 lines and report one of 151, counting blank lines and comments', async () => {
    expect(await sizeProblems(functionOf('fits', 150))).toEqual([]);
    expect(await sizeProblems(functionOf('tooLong', 151))).toEqual(["1: Function 'tooLong' has too many lines (151). Maximum allowed is 150."]);
  });

  it('report a source file of 501 lines, and leave tests alone', async () => {
    const file = `${Array.from({ length: 500 }, (_, index) => `export const value${index} = ${index};`).join('\n')}\n// line 501`;
    expect(await sizeProblems(file)).toEqual(['501: File has too many lines (501). Maximum allowed is 500.']);
    expect(await sizeProblems(`${file}\n${functionOf('longTest', 200)}`, 'scripts/local/sample.test.ts')).toEqual([]);
  });

  it('count a factory that only returns methods by its methods and helpers, each within the limit', async () => {
    const factory = `export function createRepository(client: unknown) {
  const table = String(client);
  function helper() {
${bodyLines(60)}
  }
  const other = () => {
${bodyLines(60)}
  };
  return {
    async read() {
${bodyLines(120)}
    },
    write: async () => {
${bodyLines(120)}
    },
    table,
  };
}
`;
    expect(await sizeProblems(factory)).toEqual([]);
    const keptInConst = `export function createRepository() {
  const repository: Record<string, () => void> = {
    read() {
${bodyLines(120)}
    },
    write() {
${bodyLines(120)}
    },
  };
  return repository;
}
`;
    expect(await sizeProblems(keptInConst)).toEqual([]);
  });

  it("still report a factory's method over the limit, and a factory whose own lines are over it", async () => {
    const longMethod = `export function createRepository() {
  return {
    read() {
${bodyLines(150)}
    },
  };
}
`;
    expect(await sizeProblems(longMethod)).toEqual(["3: Method 'read' has too many lines (152). Maximum allowed is 150."]);
    const bigSetup = `export function createRepository() {
  const names = [
${Array.from({ length: 150 }, (_, index) => `    'name${index}',`).join('\n')}
  ];
  return { names };
}
`;
    expect(await sizeProblems(bigSetup)).toEqual([
      "1: Function 'createRepository' has too many lines outside the methods it returns (155). Maximum allowed is 150.",
    ]);
  });

  it('count a function that does more than return its methods whole, as a component is', async () => {
    const notOnlyDeclarations = `export function createRepository(ready: boolean) {
  if (!ready) throw new Error('not ready');
  return {
    read() {
${bodyLines(150)}
    },
  };
}
`;
    expect(await sizeProblems(notOnlyDeclarations)).toContain("1: Function 'createRepository' has too many lines (157). Maximum allowed is 150.");
    const component = `export function Page() {\n  return (\n    <div>\n${Array.from({ length: 150 }, () => '      <p>text</p>').join('\n')}\n    </div>\n  );\n}\n`;
    expect(await sizeProblems(component, 'web/src/features/sample.tsx')).toEqual(["1: Function 'Page' has too many lines (156). Maximum allowed is 150."]);
  });
});
