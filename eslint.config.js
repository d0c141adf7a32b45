// Lint rules, including the layer boundaries of GUIDE section 2.
import fs from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import schemaForms from './eslint-rules/schema-form-fields.js';

const webFeatures = fs
  .readdirSync('apps/web/src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const drizzleOnlyInRepositories = {
  group: ['drizzle-orm', 'drizzle-orm/*'],
  message: 'Only repositories (*-repository.ts), table files (*-tables.ts) and core/db use Drizzle.',
};
/**
 * Another module's file other than the *-service.ts at its top level (or, for a table file, other
 * than its tables). A module's sub-folders (decision 090) are its inside: no other module reaches
 * into them. `depth` is how deep the importing file sits below its module's folder (0: at its top
 * level, 1: in a sub-folder), so that `../` from a sub-folder, which stays in its own module, is
 * told from `../` at the top level, which leaves it.
 */
const crossModule = (reachable = 'service', depth = 0) => ({
  regex: String.raw`^(${'\\.\\./'.repeat(depth + 1)}(?!\.\.)|.*/modules/)[^/]+/(?![^/]*-${reachable}\.ts$).+$`,
  message:
    reachable === 'service'
      ? 'Use another module only through the *-service.ts at its top level, never its repository, tables, routes or sub-folders.'
      : "A table file may import another module's *-tables.ts (a foreign key), nothing else of it (decision 083).",
});
const allTables = {
  regex: String.raw`core/db/schema\.ts$`,
  message: "core/db/schema.ts gathers every module's tables: import your own module's *-tables.ts.",
};
const moduleBoundaries = [crossModule(), allTables];
/** The same for a file in one of its module's sub-folders (decision 090). */
const subFolderBoundaries = [crossModule('service', 1), allTables];

/** The time comes from the injected Clock (core/clock.ts). */
const clockOnly = [
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: 'Read the time from the injected Clock.',
  },
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Read the time from the injected Clock.' },
];

const INLINE_CONTRACT = 'Declare the body and answer schemas in packages/shared (an *-schemas.ts file), and name them here.';
/** A route's body or answer object written inline, in a route file. */
const contractsInShared = [
  { selector: "Property[key.name='body'] > CallExpression[callee.object.name='z']", message: INLINE_CONTRACT },
  {
    selector:
      "Property[key.name='response'] > ObjectExpression > Property > CallExpression[callee.object.name='z'][callee.property.name='object']",
    message: INLINE_CONTRACT,
  },
  {
    selector: "Property[key.name='response'] > CallExpression[callee.object.name='z'][callee.property.name='object']",
    message: INLINE_CONTRACT,
  },
];

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
      // Web layers: features never import other features, the staff console or app/; lower layers never import features.
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
            // The staff console is an app of its own (decision 086): it and the tester portal share
            // only components/, lib/, hooks/ and config/.
            {
              target: './apps/web/src/features',
              from: './apps/web/src/staff',
              message: 'The tester portal may not import the staff console; share through components/ or lib/.',
            },
            {
              target: './apps/web/src/staff',
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: "The staff console may not import the tester portal's features or app/; share through components/ or lib/.",
            },
            {
              target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/hooks', './apps/web/src/config'],
              from: ['./apps/web/src/features', './apps/web/src/staff', './apps/web/src/app'],
              message: 'Shared web code may not import features or app/, nor the staff console.',
            },
          ],
        },
      ],
    },
  },
  {
    // One form pattern (issue 25; decision 091): a form's fields live in useSchemaForm with the call's shared schema.
    files: ['apps/web/src/features/**/*.tsx', 'apps/web/src/staff/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx'],
    plugins: { 'schema-forms': schemaForms },
    rules: { 'schema-forms/schema-form-fields': 'error' },
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
    // A capability's sub-folder inside a module (decision 090): `../` is still its own module.
    files: ['apps/server/src/modules/*/*/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [drizzleOnlyInRepositories, ...subFolderBoundaries] }] },
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
            { regex: String.raw`/modules/[^/]+/(?![^/]*-service\.ts$).+$`, message: crossModule().message },
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
    files: ['apps/server/src/modules/*/*/**/*-repository.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: subFolderBoundaries }] },
  },
  {
    // Table files may name another module's table for a foreign key, nothing more: tables sit beneath
    // the module graph, which leaves their references to each other out (decision 083). They sit at
    // their module's top level, never in a sub-folder (scripts/server-modules.test.ts, decision 090).
    files: ['apps/server/src/modules/*/*-tables.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [crossModule('tables'), allTables] }],
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
    rules: { 'no-restricted-syntax': ['error', ...clockOnly] },
  },
  {
    // Every call's contract lives once in packages/shared (issue 25): a route names the shared body
    // and answer schemas instead of writing them inline, so the web reads the same types.
    files: ['apps/server/src/modules/**/*-routes.ts'],
    ignores: ['apps/server/src/modules/test-support/**'],
    rules: { 'no-restricted-syntax': ['error', ...clockOnly, ...contractsInShared] },
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
        {
          // waitForLoadState('networkidle') and { waitUntil: 'networkidle' }: half a second of quiet is a wait on time too.
          selector: "Literal[value='networkidle']",
          message: 'Wait on what the page says (an expect on a locator; e2e/support/page-settled.ts), never on networkidle.',
        },
      ],
    },
  },
);
