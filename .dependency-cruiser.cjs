/**
 * The import rules of the whole repository, checked by `npm run lint:deps` (part of `npm run check`).
 * Workspaces import downwards only: web and infra import shared (infra also the one module lambdas keeps for
 * it), lambdas imports shared, scripts and test import any of them, and nothing imports scripts or test but
 * scripts and test. Inside lambdas, layers import downwards only:
 *
 *   functions                  one file per Lambda: wiring and nothing else
 *   http, services             the request pipeline; the business rules (neither imports the other)
 *   data, adapters, auth, geo  DynamoDB; AWS and Stripe; the caller; places (none imports another)
 *   lambdas/src/*.ts           configuration, errors, metric names, the areas' needs
 *   shared                     (the shared workspace)
 *
 * lambdas/src/testing (test helpers) may import any layer; only tests import it.
 * The web's feature layering is ESLint's (eslint.config.js); cycles anywhere are this file's.
 */
/** Tests, their setup files and test helpers (a `testing.ts` of a web feature). */
const TEST_FILE = '\\.(test|spec)\\.tsx?$|\\.global-setup\\.ts$|\\.setup\\.ts$|/testing\\.tsx?$';
const LAMBDAS_BASE = '^lambdas/src/[^/]+\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes the order modules load in matter and hides which piece depends on which: move what both need below both.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'workspaces-import-down',
      severity: 'error',
      comment: 'Only scripts and test import scripts and test; shared imports no other workspace; lambdas imports only shared.',
      from: { path: '^(shared|lambdas|infra|web)/' },
      to: { path: '^(scripts|test)/' },
    },
    {
      name: 'shared-imports-no-workspace',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(lambdas|infra|web|scripts|test)/' },
    },
    {
      name: 'lambdas-imports-only-shared',
      severity: 'error',
      from: { path: '^lambdas/' },
      to: { path: '^(infra|web)/' },
    },
    {
      name: 'web-imports-only-shared',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^(lambdas|infra)/' },
    },
    {
      name: 'infra-imports-the-deploy-contract',
      severity: 'error',
      comment:
        "What infra needs of the functions (the areas' needs, metric names, page paths, stream filters...) is lambdas/src/deploy-contract.ts: infra never imports lambdas internals.",
      from: { path: '^infra/' },
      to: { path: '^lambdas/', pathNot: '^lambdas/src/deploy-contract\\.ts$' },
    },
    {
      name: 'lambdas-base-imports-no-layer',
      severity: 'error',
      comment: 'The files at the top of lambdas/src are the bottom layer: every layer reads them, they read no layer.',
      from: { path: LAMBDAS_BASE, pathNot: '^lambdas/src/deploy-contract\\.ts$' },
      to: { path: '^lambdas/src/[^/]+/' },
    },
    {
      name: 'lambdas-leaves-import-no-layer',
      severity: 'error',
      comment:
        'data, adapters, auth and geo import shared, the files at the top of lambdas/src and their own folder only: what one needs of another is passed in.',
      from: { path: '^lambdas/src/(data|adapters|auth|geo)/', pathNot: TEST_FILE },
      to: { path: '^lambdas/src/[^/]+/', pathNot: '^lambdas/src/$1/' },
    },
    {
      name: 'lambdas-http-services-apart',
      severity: 'error',
      comment: 'http (the request pipeline) and services (the business rules) import neither each other nor functions.',
      from: { path: '^lambdas/src/(http|services)/', pathNot: TEST_FILE },
      to: { path: '^lambdas/src/(http|services|functions|testing)/', pathNot: '^lambdas/src/$1/' },
    },
    {
      name: 'lambdas-functions-are-entries',
      severity: 'error',
      comment: "A function is one Lambda's entry: nothing but tests and the local stack imports it.",
      from: { path: '^lambdas/src/', pathNot: [TEST_FILE, '^lambdas/src/functions/', '^lambdas/src/testing/'] },
      to: { path: '^lambdas/src/functions/' },
    },
    {
      name: 'only-tests-import-testing',
      severity: 'error',
      from: { path: '^(lambdas|shared|infra|web)/', pathNot: [TEST_FILE, '^lambdas/src/testing/', '^web/src/testing/'] },
      to: { path: '^(lambdas|web)/src/testing/' },
    },
    {
      name: 'no-importing-tests',
      severity: 'error',
      comment: 'A test file is an entry point; what several tests need goes in a helper.',
      from: {},
      to: { path: '\\.(test|spec)\\.tsx?$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|dist-renderer|cdk\\.out|\\.local|test-results|playwright-report)/' },
    // Type-only imports are arrows too: a type from a layer above is as much a dependency on it.
    tsPreCompilationDeps: true,
    // The web's `@/` alias (web/tsconfig.json); the workspaces' own `exports` resolve `@solutionz/*`.
    webpackConfig: { fileName: '.dependency-cruiser.resolve.cjs' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
    moduleSystems: ['es6', 'cjs'],
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
  },
};
