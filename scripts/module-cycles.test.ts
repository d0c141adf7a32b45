import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
import { cyclesOf, describeCycle, readImports, tableGraph, tableViolations, unitGraph, valueImportSpecifiers } from './module-graph.ts';

/**
 * The server's modules form no import cycle (decision 083; docs/architecture.md): a module reaches
 * another only where that one does not reach it back, counting value imports (type-only ones are
 * erased). Planted trees show each rule fails when broken; the real tree must pass.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverSrc = path.join(repoRoot, 'apps/server/src');

let serverImports: ReturnType<typeof readImports> | undefined;
/** The real tree's imports, read once for the tests that check it. */
const realImports = () => (serverImports ??= readImports(serverSrc));

const planted: string[] = [];
/** A throwaway src folder holding `files` (path -> text). */
function plantTree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'module-graph-'));
  planted.push(root);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}
afterEach(() => {
  for (const root of planted.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

describe('the module graph', () => {
  test('the real server tree has no cycle between modules', () => {
    const graph = unitGraph(realImports());
    expect(graph.size).toBeGreaterThan(30);
    const cycles = cyclesOf(graph).map((cycle) => describeCycle(graph, cycle));
    expect(cycles).toEqual([]);
  });

  test("the real tables reference each other without a cycle, and other modules' tables only", () => {
    const imports = realImports();
    expect(cyclesOf(tableGraph(imports))).toEqual([]);
    expect(tableViolations(imports)).toEqual([]);
  });

  test('a planted cycle through a service and a table-reading repository is reported', () => {
    const root = plantTree({
      'modules/a/a-service.ts': "import { helper } from '../b/b-service.ts';\nexport const a = helper;\n",
      'modules/b/b-service.ts': 'export const helper = 1;\n',
      'modules/b/b-repository.ts': "import { aTable } from '../a/a-tables.ts';\nexport const read = aTable;\n",
      'modules/a/a-tables.ts': 'export const aTable = 1;\n',
      'modules/c/c-service.ts': "import { a } from '../a/a-service.ts';\nexport const c = a;\n",
    });
    const graph = unitGraph(readImports(root));
    expect(cyclesOf(graph)).toEqual([['modules/a', 'modules/b']]);
    expect(describeCycle(graph, ['modules/a', 'modules/b'])).toEqual([
      'modules/a -> modules/b (modules/a/a-service.ts imports modules/b/b-service.ts)',
      'modules/b -> modules/a (modules/b/b-repository.ts imports modules/a/a-tables.ts)',
    ]);
  });

  test('a cycle through a core file counts too', () => {
    const root = plantTree({
      'modules/a/a-service.ts': "import { shared } from '../../core/shared.ts';\nexport const a = shared;\n",
      'core/shared.ts': "import { b } from '../modules/b/b-service.ts';\nexport const shared = b;\n",
      'modules/b/b-service.ts': "import { a } from '../a/a-service.ts';\nexport const b = () => a;\n",
    });
    expect(cyclesOf(unitGraph(readImports(root)))).toEqual([['core/shared.ts', 'modules/a', 'modules/b']]);
  });

  test('type-only imports, test files and schema references are not edges', () => {
    const root = plantTree({
      'modules/a/a-service.ts':
        "import type { B } from '../b/b-service.ts';\nimport { type C } from '../b/b-service.ts';\nexport type A = B | C;\n",
      'modules/b/b-service.ts': "import { a } from '../a/a-service.ts';\nexport type B = 1;\nexport type C = 2;\nexport const b = a;\n",
      'modules/a/a.test.ts': "import { b } from '../b/b-service.ts';\nexport const t = b;\n",
      'modules/a/a-tables.ts': "import { bTable } from '../b/b-tables.ts';\nexport const aTable = bTable;\n",
      'modules/b/b-tables.ts': 'export const bTable = 1;\n',
      'modules/b/b-repository.ts': "import { aTable } from '../a/a-tables.ts';\nexport const read = aTable;\n",
      'core/db/schema.ts': "export * from '../../modules/a/a-tables.ts';\nexport * from '../../modules/b/b-tables.ts';\n",
    });
    const imports = readImports(root);
    expect(cyclesOf(unitGraph(imports))).toEqual([]);
    expect(tableViolations(imports)).toEqual([]);
  });

  test('tables referencing each other in a circle, or a table importing a service, are reported', () => {
    const root = plantTree({
      'modules/a/a-tables.ts': "import { bTable } from '../b/b-tables.ts';\nexport const aTable = () => bTable;\n",
      'modules/b/b-tables.ts':
        "import { aTable } from '../a/a-tables.ts';\nimport { c } from '../c/c-service.ts';\nexport const bTable = () => [aTable, c];\n",
      'modules/c/c-service.ts': 'export const c = 1;\n',
    });
    const imports = readImports(root);
    expect(cyclesOf(tableGraph(imports))).toEqual([['modules/a', 'modules/b']]);
    expect(tableViolations(imports)).toEqual([{ from: 'modules/b/b-tables.ts', to: 'modules/c/c-service.ts' }]);
  });

  test('value imports are told from type-only ones the way the compiler erases them', () => {
    const text = [
      "import type { A } from './a.ts';",
      "import { type B, type C } from './b.ts';",
      "import { type D, e } from './d.ts';",
      "import './side-effect.ts';",
      "import * as all from './all.ts';",
      "export type { F } from './f.ts';",
      "export { g } from './g.ts';",
      "export * from './h.ts';",
      "const later = () => import('./lazy.ts');",
    ].join('\n');
    expect(valueImportSpecifiers('x.ts', text)).toEqual(['./d.ts', './side-effect.ts', './all.ts', './g.ts', './h.ts', './lazy.ts']);
  });
});
