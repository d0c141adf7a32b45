// Bundles the server into dist/main.js (shared code included from source) and copies the migrations beside it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from './bundle-server.mjs';

const outdir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'dist');
fs.rmSync(outdir, { recursive: true, force: true });
await bundleServer(outdir);
console.log('server built into', path.relative(process.cwd(), outdir));
