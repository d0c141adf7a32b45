// Bundles the server into dist/main.js (shared code included from source) and copies the migrations beside it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, 'dist');
fs.rmSync(outdir, { recursive: true, force: true });

await build({
  entryPoints: [
    path.join(here, 'src/main.ts'),
    path.join(here, 'src/staff-admin.ts'),
    path.join(here, 'src/migrate.ts'),
    path.join(here, 'src/db-backup.ts'),
  ],
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  // Workspace packages are TypeScript source: bundle them instead of leaving them external.
  plugins: [
    {
      name: 'bundle-shared',
      setup(b) {
        // As the package's exports say: a module by its name, a translation file as it is named.
        b.onResolve({ filter: /^@testerhub\/shared\// }, (args) => {
          const name = args.path.slice('@testerhub/shared/'.length);
          return { path: path.join(here, '../../packages/shared/src', name.endsWith('.json') ? name : `${name}.ts`) };
        });
      },
    },
  ],
  logLevel: 'warning',
});
fs.cpSync(path.join(here, 'src/core/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
// The picture re-encoder runs as a child process of its own (decision 078), found beside main.js.
fs.copyFileSync(path.join(here, 'src/modules/profile/avatar-reencoder.mjs'), path.join(outdir, 'avatar-reencoder.mjs'));
console.log('server built into', path.relative(process.cwd(), outdir));
