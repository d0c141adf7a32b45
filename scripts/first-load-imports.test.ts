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
 * zod-free modules of packages/shared. The login bonus's and the terms' dialogs, which open on
 * some visits only, load when they open; so do the e-mailed links' flows (a study link, a child's
 * confirmation), the SMS opt-in prompt and the suspension notice. `npm run test:e2e`'s first-load check weighs the built
 * chunks; this test names what came back, without a build.
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

/**
 * What `entries` reach through static value imports: every package, with the chain of files that
 * reaches it first, and every file of ours (relative to the repository).
 */
function reachedStatically(entries: readonly string[]): { packages: Map<string, string[]>; files: Set<string> } {
  const packages = new Map<string, string[]>();
  const files = new Set<string>();
  const visit = (file: string, chain: string[]) => {
    const relative = path.relative(repoRoot, file);
    if (files.has(relative)) return;
    files.add(relative);
    if (/\.css$/.test(file)) return;
    const here = [...chain, relative];
    for (const specifier of valueImportSpecifiers(file, fs.readFileSync(file, 'utf8'), { dynamic: false })) {
      const target = resolveSpecifier(file, specifier);
      if ('file' in target) visit(target.file, here);
      else if (!packages.has(target.pkg)) packages.set(target.pkg, here);
    }
  };
  for (const entry of entries) visit(path.join(webSrc, entry), []);
  return { packages, files };
}

/** The modules scripts/benchmarks/first-load.mjs counts for /community/main. */
const PORTAL_FIRST_LOAD = [
  'entry-client.tsx',
  'features/community-root/community-layout.tsx',
  'app/routes/portal-route.tsx',
  'features/community-root/community-index.tsx',
];

/**
 * What the portal loads before it shows its page: the first load and the entry flow's chunk, asked
 * beside the session check (decision 141). The runners live there; what they open loads later still.
 */
const PORTAL_BEFORE_PAGE = [...PORTAL_FIRST_LOAD, 'app/routes/portal-entry-flow.tsx'];

describe("the portal's first load", () => {
  test('reaches no zod through a static import (the shell reads texts and rules from zod-free modules)', () => {
    const { packages } = reachedStatically(PORTAL_FIRST_LOAD);
    expect(packages.has('react-router')).toBe(true);
    expect(packages.get('zod') ?? 'no zod').toBe('no zod');
  });

  test("loads the login bonus's and the terms' dialogs only when they open", () => {
    const { files } = reachedStatically(PORTAL_BEFORE_PAGE);
    expect(files.has('apps/web/src/features/daily-bonus/login-bonus-runner.tsx')).toBe(true);
    expect(files.has('apps/web/src/features/terms/terms-gate.tsx')).toBe(true);
    const dialogParts = [
      'apps/web/src/features/daily-bonus/daily-calendar.tsx',
      'apps/web/src/features/daily-bonus/what-are-coins.tsx',
      'apps/web/src/features/daily-bonus/daily-bonus.css',
      'apps/web/src/components/reward-popup.tsx',
      'apps/web/src/features/terms/terms.css',
    ];
    expect(dialogParts.filter((file) => files.has(file))).toEqual([]);
  });

  test('loads the study-link flow, the child confirmation and the SMS opt-in prompt only when a visit needs them', () => {
    const { files } = reachedStatically(PORTAL_BEFORE_PAGE);
    // What stays: the runners that look in sessionStorage for a stored link and load the rest.
    expect(files.has('apps/web/src/features/screeners/study-link-runner.tsx')).toBe(true);
    expect(files.has('apps/web/src/features/children/kid-confirmation-runner.tsx')).toBe(true);
    const occasionalParts = [
      'apps/web/src/features/screeners/study-link-flow-runner.tsx',
      'apps/web/src/features/screeners/study-link-flow.ts',
      'apps/web/src/features/screeners/screener-redirect.ts',
      'apps/web/src/features/screeners/study-link.css',
      'apps/web/src/features/children/kid-confirmation.tsx',
      'packages/shared/src/children-texts.ts',
      'apps/web/src/features/account-settings/sms-opt-in-prompt.tsx',
    ];
    expect(occasionalParts.filter((file) => files.has(file))).toEqual([]);
  });

  test("loads the suspension notice's text and the date formatting only for a suspended tester", () => {
    const { files } = reachedStatically(PORTAL_BEFORE_PAGE);
    expect(files.has('apps/web/src/features/portal-shell/suspension-notice.tsx')).toBe(true);
    const suspendedOnly = ['apps/web/src/features/portal-shell/suspension-notice-body.tsx', 'packages/shared/src/schedule-format.ts'];
    expect(suspendedOnly.filter((file) => files.has(file))).toEqual([]);
  });

  test("takes the maps' codes without the public content's helpers, and the entry flow and the account settings' texts apart", () => {
    const { files } = reachedStatically(PORTAL_FIRST_LOAD);
    // The route table's /popup/maps/<code> routes and the portal's route stay (decision 141).
    expect(files.has('packages/shared/src/map-codes.ts')).toBe(true);
    expect(files.has('apps/web/src/app/routes/portal-route.tsx')).toBe(true);
    const notAtFirstPaint = [
      'packages/shared/src/public-content.ts',
      'apps/web/src/features/account-settings/account-settings-texts.ts',
      'packages/shared/src/locales/en/account-settings.json',
      // The entry flow and the reads the page waits for: their chunk loads beside the session check.
      'apps/web/src/app/routes/portal-entry-flow.tsx',
      'apps/web/src/features/terms/terms-gate.tsx',
      'apps/web/src/features/daily-bonus/login-bonus-runner.tsx',
      'apps/web/src/features/callouts/use-callouts.ts',
      'apps/web/src/features/account-settings/use-password-reminder.ts',
      // The nav's refreshes, asked after a click or a reward only.
      'apps/web/src/features/portal-shell/api/get-next-level-exp.ts',
      'apps/web/src/features/portal-shell/api/get-profile-user-info.ts',
    ];
    expect(notAtFirstPaint.filter((file) => files.has(file))).toEqual([]);
  });
});

/**
 * The home page's own entry (decision 110): it hydrates the prerendered home page without React
 * Router, so that its first load stays under 80 KB (React DOM alone is about 68). The router, the
 * app's route table and the portal's libraries load when the visitor leaves the home page, through
 * the entry's one dynamic import of app/browser-app.tsx.
 */
describe("the home page's first load", () => {
  test('reaches neither React Router nor the app through a static import, only React DOM and the home page', () => {
    const { packages, files } = reachedStatically(['entry-home.tsx']);
    expect(packages.has('react-dom')).toBe(true);
    expect(files.has('apps/web/src/features/home/home-page.tsx')).toBe(true);
    const chainTo = (pkg: string) => packages.get(pkg)?.join(' -> ') ?? `no ${pkg}`;
    expect(chainTo('react-router')).toBe('no react-router');
    expect(chainTo('@tanstack/react-query')).toBe('no @tanstack/react-query');
    expect(chainTo('zod')).toBe('no zod');
    const appOnly = ['apps/web/src/app/app.tsx', 'apps/web/src/app/browser-app.tsx', 'apps/web/src/app/root-layout.tsx'];
    expect(appOnly.filter((file) => files.has(file))).toEqual([]);
  });
});
