// Bundles the server into dist/main.js (shared code included from source), copies the migrations beside
// it and writes the blank PGlite cluster a first start loads (decision 155).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from './bundle-server.mjs';

const outdir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'dist');
fs.rmSync(outdir, { recursive: true, force: true });
await bundleServer(outdir, ['src/blank-cluster.ts']);
execFileSync(process.execPath, [path.join(outdir, 'blank-cluster.js')], { stdio: 'inherit' });
console.log('server built into', path.relative(process.cwd(), outdir));
