import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One run, four projects: `npx vitest run` runs them all, `--project server` one of them.
 * Server tests get a migrated, seeded database template built once by the global setup
 * (PGlite by default, PostgreSQL when TEST_DATABASE_URL is set) and copy it per file.
 */
export default defineConfig({
  test: {
    // Vitest's default in a run is one worker less than the cores: one worker on this 2-core
    // machine, idle while a test waits on a child process, a timer or the database. One more
    // worker than cores keeps both busy: 129 s -> 89 s for the whole run (docs/benchmarks.md).
    maxWorkers: os.availableParallelism() + 1,
    // .ci/run sets VITEST_JSON_REPORT to a file: each test file's time lands there as well, and
    // scripts/test-times.mjs prints the run's slowest server files from it in CI's summary.
    reporters: process.env.VITEST_JSON_REPORT ? ['default', ['json', { outputFile: process.env.VITEST_JSON_REPORT }]] : ['default'],
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Test files share their worker's module cache instead of importing Fastify, Drizzle and
          // PGlite again per file: most of a server test file's fixed cost. Each file still gets
          // its own database copy and app; no test relies on module state.
          isolate: false,
          // Time-outs catch hangs, not slowness: on a CI machine shared with other runs (load 6 to 13
          // on 2 cores) a file's database copy and app alone took over 30 s. A passing run is not slower.
          // At load 37 to 53 (session 21) one file's app took over 90 s to build: its hook may take 180 s.
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', '**/dist-prerender/**'],
          environment: 'jsdom',
          setupFiles: ['apps/web/test/setup.ts'],
          testTimeout: 30_000,
          // One jsdom and one module cache per worker instead of per file: the web suite's CPU time
          // went from 65 s to 25 s. The setup file resets the DOM, stubs and storage after each test.
          isolate: false,
        },
      },
      {
        // Tests of the repository's own tooling (the lint configuration's layer boundaries).
        test: {
          name: 'tooling',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          // Its files share their worker's ESLint, typescript-eslint and TypeScript instead of importing
          // them again per file: 1.2 s of the project's 10 s of CPU (decision 124). Each file makes its
          // own ESLint instance; what a file keeps (a cached read) stays in its own module.
          isolate: false,
        },
      },
    ],
  },
});
