// Lint rules, including the layer boundaries of GUIDE section 2.
import fs from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = fs
  .readdirSync('apps/web/src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const drizzleOnlyInRepositories = {
  group: ['drizzle-orm', 'drizzle-orm/*'],
  message: 'Only repositories (*-repository.ts), table files (*-tables.ts) and core/db use Drizzle.',
};
/** Another module's file other than its service (or, where `allowTables`, its tables). */
const crossModule = (allowTables = false) => ({
  regex: String.raw`^(\.\./(?!\.\.)|.*/modules/)[^/]+/(?!.*-(service${allowTables ? '|tables' : ''})\.ts$)[^/]+$`,
  message: 'Use another module only through its *-service.ts, never its repository, tables or routes.',
});
const allTables = {
  regex: String.raw`core/db/schema\.ts$`,
  message: "core/db/schema.ts gathers every module's tables: import your own module's *-tables.ts.",
};
const moduleBoundaries = [crossModule(), allTables];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/dist-prerender/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      // CI's logs and reports (.ci/run): the PostgreSQL smoke set's HTML report lands there while lint runs.
      '.tmp/**',
      '**/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // The zones below compare resolved files: without TypeScript's extensions an import written
    // without one ('../perks/skill-tree-popup') resolves to nothing and no zone is checked (decision 081).
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'] })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Web layers: features never import other features or app/; lower layers never import features.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'A feature may not import another feature; compose them in app/.',
            })),
            { target: './apps/web/src/features', from: './apps/web/src/app', message: 'Features may not import app/.' },
            {
              target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/hooks', './apps/web/src/config'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared web code may not import features or app/.',
            },
          ],
        },
      ],
    },
  },
  // Server layout (GUIDE section 2): one folder per domain in src/modules, cross-cutting code in
  // src/core. A module reaches another only through the functions that module's *-service.ts
  // exports, never its repository or its tables; only repositories, table files and core/db touch
  // Drizzle. (ESLint keeps one no-restricted-imports per file, so each block lists all it needs.)
  {
    files: ['apps/server/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [drizzleOnlyInRepositories, ...moduleBoundaries] }] },
  },
  {
    // Core code sits in sibling folders (../db/client.ts is core, not another module); from core a
    // module is still reached only through its service.
    files: ['apps/server/src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            drizzleOnlyInRepositories,
            allTables,
            { regex: String.raw`/modules/[^/]+/(?!.*-service\.ts$)[^/]+$`, message: crossModule().message },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/*/*-repository.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: moduleBoundaries }] },
  },
  {
    // Table files may name another module's table for a foreign key, nothing more.
    files: ['apps/server/src/modules/*/*-tables.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [crossModule(true), allTables] }],
    },
  },
  {
    files: [
      'apps/server/src/core/db/**/*.ts',
      'apps/server/src/app.ts',
      'apps/server/src/main.ts',
      'apps/server/test/**/*.ts',
      'apps/server/**/*.test.ts',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Time comes from the injected clock (core/clock.ts), so tests set it instead of sleeping.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Read the time from the injected Clock.',
        },
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Read the time from the injected Clock.' },
      ],
    },
  },
  {
    files: ['packages/shared/src/**/*.ts'],
    rules: {
      // Shared code is pure: no I/O, no environment.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'pg', 'react', 'react-dom', 'drizzle-orm', 'drizzle-orm/*'],
              message: 'packages/shared holds pure code only.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'process', 'window', 'document', 'fetch'],
    },
  },
  {
    files: ['apps/**/src/**/*.{ts,tsx}', 'packages/**/src/**/*.ts'],
    ignores: ['apps/server/src/core/config/env.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration from config/env.ts.' }],
    },
  },
  {
    files: ['e2e/**/*.ts'],
    rules: {
      // A wait on time passes on a quiet machine and fails under load (GUIDE section 6; issue 25).
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message: 'Wait on what the page or the server says (an expect on a locator or an answer), never on time.',
        },
      ],
    },
  },
);
