/**
 * References a reader of the repository cannot follow: documents outside it, and ticket numbers. Comments and
 * docs point at `docs/` instead (docs/product/README.md says how), and say why in the present.
 */
interface OutsideReference {
  readonly file: string;
  readonly line: number;
  readonly text: string;
  readonly why: string;
}

interface Rule {
  readonly pattern: RegExp;
  readonly why: string;
  /** Files where the match is allowed, each with its reason. */
  readonly allowedIn?: Readonly<Record<string, string>>;
}

/**
 * The postcode tables' default folder beside the repository (docs/local-stack.md#postcode-data) is the one
 * outside path the project names: where it is configured, where CI builds it, and where it is documented.
 * Everywhere else names the configuration (SOLUTIONZ_POSTCODE_DATA, the CDK context key postcodeDataPath).
 */
export const POSTCODE_FOLDER_ALLOWED_IN: Readonly<Record<string, string>> = {
  'lambdas/src/geo/postcode-tables.ts': 'the local default of SOLUTIONZ_POSTCODE_DATA',
  'infra/src/config.ts': 'the default of the CDK context key postcodeDataPath',
  'infra/bin/app.ts': 'documents the CDK context key postcodeDataPath and its default',
  '.github/workflows/ci.yml': 'CI builds the tables into the default folder',
  'docs/local-stack.md': 'documents the postcode data folder',
  'docs/deploy.md': 'documents postcodeDataPath and its default',
};

const RULES: readonly Rule[] = [
  // A relative path from web/ up to `shared/src/` is the shared workspace; any other way up to a shared folder
  // leaves the repository.
  { pattern: /\.\.\/shared\b(?!\/src\/)/, why: 'a folder outside the repository', allowedIn: POSTCODE_FOLDER_ALLOWED_IN },
  { pattern: /'\.\.',\s*'shared'/, why: 'a folder outside the repository', allowedIn: POSTCODE_FOLDER_ALLOWED_IN },
  { pattern: /\b(?:DESIGN|TOOLCHAIN|STYLE)\.md\b/, why: 'a document outside the repository: point at docs/' },
  { pattern: /\bspec\s0[12]\b/i, why: 'a specification outside the repository: point at docs/product/' },
  { pattern: /\bspec\s+sections?\b/i, why: 'a specification outside the repository: point at docs/product/' },
  { pattern: /\bissues?\s#?\d+/i, why: 'an issue number: say why, in the present' },
];

/** Every outside reference in one file's text, by line. */
export function findOutsideReferences(file: string, text: string): OutsideReference[] {
  const found: OutsideReference[] = [];
  text.split('\n').forEach((line, index) => {
    for (const rule of RULES) {
      if (rule.allowedIn?.[file] !== undefined) continue;
      if (rule.pattern.test(line)) found.push({ file, line: index + 1, text: line.trim(), why: rule.why });
    }
  });
  return found;
}

/** Files that are not text (pictures, fonts, archives): nothing in them is read as a reference. */
const BINARY = /\.(?:png|jpe?g|webp|gif|ico|mp4|woff2?|ttf|zip|gz|pdf)$/i;

/** Whether a tracked file is scanned: text, and not the lock file npm writes. */
export function isScanned(file: string, content: Buffer): boolean {
  return !BINARY.test(file) && file !== 'package-lock.json' && !content.includes(0);
}
