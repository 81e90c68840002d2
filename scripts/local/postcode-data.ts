import { configuredPostcodeDataDir, missingPostcodeTables, postcodeTablesMissingMessage } from '@solutionz/lambdas/geo/postcode-tables';

/**
 * Where the postcode tables are for a local run: the configured folder (SOLUTIONZ_POSTCODE_DATA, else its
 * default; docs/local-stack.md#postcode-data). Undefined when the tables are not there: postcodes are then not
 * found, towns still are.
 */
export function localPostcodeDataDir(repoRoot: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const dir = configuredPostcodeDataDir(repoRoot, env);
  return missingPostcodeTables(dir).length === 0 ? dir : undefined;
}

/** What `npm start` says once when the tables are missing (`cdk synth` stops with the same words). */
export function localPostcodeDataMissingMessage(repoRoot: string, env: NodeJS.ProcessEnv = process.env): string {
  return postcodeTablesMissingMessage(
    `${configuredPostcodeDataDir(repoRoot, env)} (SOLUTIONZ_POSTCODE_DATA chooses another folder)`,
    'places are found by town name only',
  );
}
