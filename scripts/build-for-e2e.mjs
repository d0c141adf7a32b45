#!/usr/bin/env node
// The build the browser tests run against. `npm run build` unless E2E_SKIP_BUILD=true, which
// .ci/run sets after building once for both of its browser runs (PGlite and the PostgreSQL smoke
// set, run side by side: a second build would rewrite the files the other run's server is serving).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const BUILT = ['apps/server/dist/main.js', 'apps/web/dist/index.html'];

if (process.env.E2E_SKIP_BUILD === 'true') {
  const missing = BUILT.filter((file) => !fs.existsSync(file));
  if (missing.length > 0) {
    console.error(`E2E_SKIP_BUILD=true but the build is missing (${missing.join(', ')}): run \`npm run build\` first.`);
    process.exit(1);
  }
  console.log('E2E_SKIP_BUILD=true: the browser tests use the build already in apps/server/dist and apps/web/dist.');
  process.exit(0);
}

const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
process.exit(result.status ?? 1);
