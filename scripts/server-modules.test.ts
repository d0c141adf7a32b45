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

/**
 * A module's layout (decision 090): at its top level its plugin, the *-service.ts other modules call,
 * its tables, what its capabilities share, and their tests; past MAX_MODULE_TOP_FILES files a module
 * is split into capability sub-folders, one level deep, which only its own files import (ESLint).
 */
const MAX_MODULE_TOP_FILES = 20;

interface ModuleFolder {
  name: string;
  /** Files at the module's top level. */
  files: string[];
  /** Each sub-folder with the paths of what it holds, relative to the sub-folder. */
  subFolders: { name: string; entries: string[] }[];
}

function readModuleFolders(modulesDir: string): ModuleFolder[] {
  return fs
    .readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((folder) => {
      const entries = fs.readdirSync(path.join(modulesDir, folder.name), { withFileTypes: true });
      return {
        name: folder.name,
        files: entries.filter((entry) => entry.isFile()).map((entry) => entry.name),
        subFolders: entries
          .filter((entry) => entry.isDirectory())
          .map((entry) => ({
            name: entry.name,
            entries: fs.readdirSync(path.join(modulesDir, folder.name, entry.name), { recursive: true, encoding: 'utf8' }),
          })),
      };
    });
}

/** What breaks the layout rule, one line each. */
function layoutViolations(modules: ModuleFolder[]): string[] {
  return modules.flatMap((module) => [
    ...(module.files.length > MAX_MODULE_TOP_FILES
      ? [
          `modules/${module.name} holds ${module.files.length} files at its top level (at most ${MAX_MODULE_TOP_FILES}): split it into capability sub-folders`,
        ]
      : []),
    ...module.subFolders.flatMap((sub) =>
      sub.entries.flatMap((entry) => {
        const where = `modules/${module.name}/${sub.name}/${entry}`;
        if (entry.includes('/') || entry.includes(path.sep)) return [`${where} is deeper than one sub-folder`];
        // ESLint's table rule and this file's plugin scan read a module's top level.
        if (/-(tables|plugin)\.ts$/.test(entry)) return [`${where}: table and plugin files sit at the module's top level`];
        return [];
      }),
    ),
  ]);
}

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

  test(`each module folder holds at most ${MAX_MODULE_TOP_FILES} files at its top level; its sub-folders are one level deep and hold no tables or plugin (decision 090)`, () => {
    const modules = readModuleFolders(path.join(serverSource, 'modules'));
    expect(modules.length).toBeGreaterThan(30);
    expect(layoutViolations(modules)).toEqual([]);
  });

  test('the layout check sees a crowded module, a nested sub-folder and a table file in a sub-folder', () => {
    const planted: ModuleFolder = {
      name: 'planted',
      files: Array.from({ length: MAX_MODULE_TOP_FILES + 1 }, (_, index) => `file-${index}.ts`),
      subFolders: [{ name: 'part', entries: ['part-service.ts', 'deeper', 'deeper/x.ts', 'part-tables.ts'] }],
    };
    expect(layoutViolations([planted])).toEqual([
      `modules/planted holds ${MAX_MODULE_TOP_FILES + 1} files at its top level (at most ${MAX_MODULE_TOP_FILES}): split it into capability sub-folders`,
      'modules/planted/part/deeper/x.ts is deeper than one sub-folder',
      "modules/planted/part/part-tables.ts: table and plugin files sit at the module's top level",
    ]);
  });

  test('the check above sees a planted factory import', () => {
    const planted =
      "import { createLedgerService } from '../ledger/ledger-service.ts';\nimport type { MailService } from '../mail/mail-service.ts';\n";
    expect(valueImportsFromOtherModules(planted, 'perks')).toEqual([{ from: 'ledger', names: ['createLedgerService'] }]);
  });
});
