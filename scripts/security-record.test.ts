import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

/**
 * The security decision record (docs/decisions/013) is read to find the test that proves each
 * rule: every file it names must exist, so a rename or a move cannot leave it pointing nowhere.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RECORD = 'docs/decisions/013-security-review.md';
/** Where a path the record names may start: it names server paths from src/, others from the root. */
const BASES = ['', 'apps/server/src/', 'apps/server/', 'apps/web/src/', 'packages/shared/src/'];

function namedFiles(text: string): string[] {
  return [...new Set([...text.matchAll(/`([\w./-]+\.(?:ts|tsx|mjs|md))`/g)].map((match) => match[1]!))];
}

const exists = (file: string) => BASES.some((base) => fs.existsSync(path.join(repoRoot, base, file)));

describe('the security decision record', () => {
  test('names only files that exist', () => {
    const named = namedFiles(fs.readFileSync(path.join(repoRoot, RECORD), 'utf8'));
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((file) => !exists(file))).toEqual([]);
  });

  test('a moved test file would be caught', () => {
    expect(namedFiles('Test: `modules/referrals/referrals.test.ts` ("...")').filter((file) => !exists(file))).toEqual([
      'modules/referrals/referrals.test.ts',
    ]);
  });
});
