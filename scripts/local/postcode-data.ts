import { join, resolve } from 'node:path';
import { missingPostcodeTables, postcodeTablesMissingMessage } from '@solutionz/lambdas/geo/postcode-tables';

function configuredDir(repoRoot: string, env: NodeJS.ProcessEnv): string {
  return resolve(env.SOLUTIONZ_POSTCODE_DATA?.trim() || join(repoRoot, '..', 'shared', 'data'));
}

/**
 * Where the postcode tables are for a local run: SOLUTIONZ_POSTCODE_DATA if set, else the reference data
 * beside the project (../shared/data). Undefined when the tables are not there: postcodes are then not
 * found, towns still are.
 */
export function localPostcodeDataDir(repoRoot: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const dir = configuredDir(repoRoot, env);
  return missingPostcodeTables(dir).length === 0 ? dir : undefined;
}

/** What `npm start` says once when the tables are missing (`cdk synth` stops with the same words). */
export function localPostcodeDataMissingMessage(repoRoot: string, env: NodeJS.ProcessEnv = process.env): string {
  return postcodeTablesMissingMessage(`${configuredDir(repoRoot, env)} (SOLUTIONZ_POSTCODE_DATA chooses another folder)`, 'places are found by town name only');
}
