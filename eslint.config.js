// Lint rules, including the layer boundaries of GUIDE section 2.
import fs from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = fs
  .readdirSync('apps/web/src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

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
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      // Server layers: only repositories (and the db folder) touch Drizzle.
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Only repositories and db/ use Drizzle.' }] },
      ],
    },
  },
  {
    files: ['apps/server/src/repositories/**/*.ts', 'apps/server/src/db/**/*.ts', 'apps/server/test/**/*.ts', 'apps/server/**/*.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Tester rows are cached with their sessions: every write must go through the tester
    // repository, which drops the cached copies (decision 011).
    files: ['apps/server/src/repositories/**/*.ts'],
    ignores: ['apps/server/src/repositories/tester-repository.ts', 'apps/server/src/repositories/session-repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '../db/schema.ts',
              importNames: ['testers'],
              message: 'Write testers through tester-repository.ts, which keeps the session cache right.',
            },
          ],
        },
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
    ignores: ['apps/server/src/config/env.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration from config/env.ts.' }],
    },
  },
);
