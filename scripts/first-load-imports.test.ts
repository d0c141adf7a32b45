import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { valueImportSpecifiers } from './module-graph.ts';

/**
 * What the portal's first load may carry (issue 27; decision 100). The browser fetches the entry
 * and the portal's lazy chunks (its layout, its route and its home page) with everything they
 * import statically, before the tester sees anything. zod (26 KB gzipped) belongs to the forms
 * and the pages that parse, which load later: texts and small rules the shell needs live in
 * zod-free modules of packages/shared. `npm run test:e2e`'s first-load check weighs the built
 * chunks; this test names the import that brings a library in, without a build.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webSrc = path.join(repoRoot, 'apps/web/src');
const sharedSrc = path.join(repoRoot, 'packages/shared/src');

/** The file a specifier names (relative, or `@testerhub/shared/<name>`), or the package it names. */
function resolveSpecifier(fromFile: string, specifier: string): { file: string } | { pkg: string } {
  const shared = /^@testerhub\/shared\/(.+)$/.exec(specifier);
  const base = shared
    ? path.join(sharedSrc, shared[1])
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(fromFile), specifier)
      : null;
  if (!base) return { pkg: specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0] };
  const file = [base, `${base}.ts`, `${base}.tsx`].find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
  if (!file) throw new Error(`${specifier} (imported by ${fromFile}) names no file`);
  return { file };
}

/** Every package reached from `entries` through static value imports, with the chain of files that reaches it first. */
function packagesReachedStatically(entries: readonly string[]): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const seen = new Set<string>();
  const visit = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const here = [...chain, path.relative(repoRoot, file)];
    if (/\.css$/.test(file)) return;
    for (const specifier of valueImportSpecifiers(file, fs.readFileSync(file, 'utf8'), { dynamic: false })) {
      const target = resolveSpecifier(file, specifier);
      if ('file' in target) visit(target.file, here);
      else if (!reached.has(target.pkg)) reached.set(target.pkg, here);
    }
  };
  for (const entry of entries) visit(path.join(webSrc, entry), []);
  return reached;
}

/** The modules scripts/benchmarks/first-load.mjs counts for /community/main. */
const PORTAL_FIRST_LOAD = [
  'entry-client.tsx',
  'features/community-root/community-layout.tsx',
  'app/routes/portal-route.tsx',
  'features/community-root/community-index.tsx',
];

describe("the portal's first load", () => {
  test('reaches no zod through a static import (the shell reads texts and rules from zod-free modules)', () => {
    const reached = packagesReachedStatically(PORTAL_FIRST_LOAD);
    expect(reached.has('react-router')).toBe(true);
    expect(reached.get('zod') ?? 'no zod').toBe('no zod');
  });
});
