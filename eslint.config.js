import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import { readdirSync, existsSync } from 'node:fs';
import { sizeLimits } from './scripts/eslint/size-limits.js';

const featuresDir = 'web/src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
  : [];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'web/dist-renderer/**',
      'cdk.out/**',
      '.local/**',
      'test-results/**',
      'playwright-report/**',
      'scripts/empty-amplify-cli-core/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Patterns meet text people send: every one must match in time linear in its input.
  regexp.configs['flat/recommended'],
  {
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Functions are thin adapters: AWS SDK clients live in adapters and the data layer only.
  {
    files: ['lambdas/src/functions/**/*.ts', 'lambdas/src/services/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@aws-sdk/*', 'aws-sdk', 'aws-sdk/*'],
              message: 'Functions and services do not import AWS SDK clients; take an adapter or repository as a dependency.',
            },
          ],
        },
      ],
    },
  },
  // The web's layers import downwards only: features, then entities, then components and lib.
  {
    files: ['web/src/entities/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/features/**', '@/features/**'], message: 'Entities serve several features and import none of them.' }],
        },
      ],
    },
  },
  {
    files: ['web/src/components/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '@/features/**', '**/entities/**', '@/entities/**'],
              message: 'Shared UI and helpers import no entity or feature: a domain piece several features need lives in web/src/entities.',
            },
          ],
        },
      ],
    },
  },
  // No imports across web features: domain data and UI several features share go to web/src/entities,
  // generic UI to web/src/components, helpers to web/src/lib.
  ...features.map((feature) => ({
    files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: features.filter((f) => f !== feature).flatMap((f) => [`**/features/${f}`, `**/features/${f}/**`, `@/features/${f}`, `@/features/${f}/**`]),
              message: 'Web features do not import each other; move what both need to web/src/entities (domain), web/src/components (UI) or web/src/lib.',
            },
          ],
        },
      ],
    },
  })),
  // ElectroDB's own attributes (its entity tag and version, `__edb_*`) are written by ElectroDB, or for the raw
  // items by the one raw module, lambdas/src/data/raw-commands.ts (`tagged`, `entityOf`): no other file spells them
  // (but this one, which names them to refuse them).
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    ignores: ['lambdas/src/data/raw-commands.ts', 'eslint.config.js'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value=/__edb_/]', 'TemplateElement[value.raw=/__edb_/]', 'Identifier[name=/^__edb_/]'].map((selector) => ({
          selector,
          message: "ElectroDB's internal attributes are written through ElectroDB or raw-commands.ts (tagged, entityOf, countsUpdate), never by hand.",
        })),
      ],
    },
  },
  // No source file over 500 lines and no function over 150, tests left out; a factory of methods counts by its
  // methods (scripts/eslint/size-limits.js). `npm run lint:size` lists what is over them.
  sizeLimits,
);
