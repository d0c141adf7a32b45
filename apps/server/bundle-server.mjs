// The server bundle: main.ts, migrate.ts, staff-admin.ts and db-backup.ts with esbuild into one folder
// (shared code included from source, npm packages left to node_modules), the migrations and the picture
// re-encoder beside them. Made by build.mjs (dist/) and by the server tests' global setup (its own folder).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The entry points, each bundled whole into `outdir` under its name (main.js, ...). */
const SERVER_ENTRY_POINTS = ['src/main.ts', 'src/staff-admin.ts', 'src/migrate.ts', 'src/db-backup.ts'];

/**
 * Bundles the server into `outdir`, which must lie in the repository: the bundle finds its npm packages
 * in node_modules above it. `extraEntryPoints` (paths from apps/server) go beside the server's.
 */
export async function bundleServer(outdir, extraEntryPoints = []) {
  await build({
    entryPoints: [...SERVER_ENTRY_POINTS, ...extraEntryPoints].map((entry) => ({
      in: path.join(here, entry),
      out: path.basename(entry, '.ts'),
    })),
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
}
