import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

/**
 * The server's wiring (decision 082): app.ts is a table of contents, each module is built by its
 * own plugin file from the services it names. The types check the names (a module reaching a
 * service it did not name, or one built after it, does not compile: core/modules/module-chain.test.ts);
 * these check what the types cannot see.
 */
const serverSource = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/src');
const appFile = path.join(serverSource, 'app.ts');
const MAX_APP_LINES = 150;

const pluginFiles = fs
  .readdirSync(path.join(serverSource, 'modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((folder) =>
    fs
      .readdirSync(path.join(serverSource, 'modules', folder.name))
      .filter((file) => file.endsWith('-plugin.ts'))
      .map((file) => ({ folder: folder.name, file: path.join(serverSource, 'modules', folder.name, file) })),
  );

/** Value imports (not `import type`) of names from another module's folder. */
function valueImportsFromOtherModules(source: string, ownFolder: string): { from: string; names: string[] }[] {
  const imports = [...source.matchAll(/^import\s+(?!type\s)\{([^}]*)\}\s+from\s+'\.\.\/([^/']+)\/[^']+';/gm)];
  return imports
    .filter(([, , folder]) => folder !== '..' && folder !== ownFolder)
    .map(([, names = '', folder = '']) => ({
      from: folder,
      names: names
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name && !name.startsWith('type ')),
    }));
}

describe('the server modules (decision 082)', () => {
  test(`app.ts stays a table of contents: under ${MAX_APP_LINES} lines, and builds no service itself`, () => {
    const app = fs.readFileSync(appFile, 'utf8');
    expect(app.split('\n').length).toBeLessThan(MAX_APP_LINES);
    expect(app.match(/\bcreate\w+(Service|Store|Cache)\(/g) ?? []).toEqual([]);
  });

  test('every module a plugin file declares is in the chain of app.ts', () => {
    const app = fs.readFileSync(appFile, 'utf8');
    const declared = pluginFiles.flatMap(({ file }) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/^export const (\w+Module)\b/gm)].map(([, name]) => name),
    );
    expect(declared.length).toBeGreaterThan(30);
    expect(declared.filter((name) => !new RegExp(String.raw`\.add\(${name}\b`).test(app))).toEqual([]);
  });

  test("a module's plugin builds only its own module's services: another module's come through the names it declares", () => {
    const reaching = pluginFiles.flatMap(({ folder, file }) =>
      valueImportsFromOtherModules(fs.readFileSync(file, 'utf8'), folder)
        .filter(({ names }) => names.some((name) => /^create[A-Z]/.test(name)))
        .map(({ from }) => `${path.relative(serverSource, file)} builds a service of ${from}`),
    );
    expect(reaching).toEqual([]);
  });

  test('the check above sees a planted factory import', () => {
    const planted =
      "import { createLedgerService } from '../ledger/ledger-service.ts';\nimport type { MailService } from '../mail/mail-service.ts';\n";
    expect(valueImportsFromOtherModules(planted, 'perks')).toEqual([{ from: 'ledger', names: ['createLedgerService'] }]);
  });
});
