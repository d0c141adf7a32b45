import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The server's module graph (docs/architecture.md, decision 083): who imports whom at run time.
 * A unit is a module (every file under src/modules/<name>/ is that module) or, outside modules/,
 * one file (core's files, app.ts, main.ts). An edge is a value import: `import type`, an import of
 * types only and `export type ... from` are left out, a dynamic `import()` counts. Test files are
 * not part of the app and are left out.
 *
 * Schema references are not edges: a table file importing another module's table for a foreign
 * key, and core/db/schema.ts gathering every table. Tables sit beneath the modules: they may import
 * other tables and nothing else of another module (`tableViolations`), and the tables among
 * themselves must form no cycle either (`tableGraph`).
 */

/** An import from one file to another, both relative to the server's src folder. */
export interface ImportEdge {
  from: string;
  to: string;
}

/** Units and their edges, each edge with the imports that make it (for the message). */
export type UnitGraph = Map<string, Map<string, ImportEdge[]>>;

const TABLE_FILE = /-tables\.ts$/;
const GATHERS_TABLES = 'core/db/schema.ts';

/** The unit a file belongs to: `modules/<name>` for a module's file, else the file itself. */
export function unitOf(file: string): string {
  const match = /^modules\/([^/]+)\//.exec(file);
  return match ? `modules/${match[1]}` : file;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** The source files under `srcDir`, relative to it, with '/' separators; tests left out. */
function sourceFiles(srcDir: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'migrations') walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        const relative = path.relative(srcDir, full).split(path.sep).join('/');
        if (!isTest(relative)) found.push(relative);
      }
    }
  };
  walk(srcDir);
  return found.sort();
}

/**
 * The specifiers of the value imports in one file's text: static, re-exports and dynamic `import()`
 * (left out with `dynamic: false`, for what a page loads before its lazy chunks).
 */
export function valueImportSpecifiers(fileName: string, text: string, { dynamic = true } = {}): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!importsTypesOnly(node.importClause)) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typesOnly =
        node.isTypeOnly ||
        (node.exportClause !== undefined &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.length > 0 &&
          node.exportClause.elements.every((element) => element.isTypeOnly));
      if (!typesOnly) specifiers.push(node.moduleSpecifier.text);
    } else if (
      dynamic &&
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/** True for `import type ...` and `import { type A, type B } ...`; a bare `import 'x'` runs x. */
function importsTypesOnly(clause: ts.ImportClause | undefined): boolean {
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  if (!bindings || ts.isNamespaceImport(bindings)) return false;
  return bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
}

/** The file a relative specifier names, relative to `srcDir`; null for packages and files outside it. */
function resolve(srcDir: string, fromFile: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(srcDir, path.dirname(fromFile), specifier);
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  const file = candidates.find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
  if (!file) return null;
  const relative = path.relative(srcDir, file);
  return relative.startsWith('..') ? null : relative.split(path.sep).join('/');
}

/** Every value import between the server's source files (tests left out). */
export function readImports(srcDir: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of sourceFiles(srcDir)) {
    const text = fs.readFileSync(path.join(srcDir, file), 'utf8');
    for (const specifier of valueImportSpecifiers(file, text)) {
      const to = resolve(srcDir, file, specifier);
      if (to && !isTest(to)) edges.push({ from: file, to });
    }
  }
  return edges;
}

const isSchemaReference = (edge: ImportEdge) => TABLE_FILE.test(edge.to) && (TABLE_FILE.test(edge.from) || edge.from === GATHERS_TABLES);

function addEdge(graph: UnitGraph, from: string, to: string, edge: ImportEdge) {
  if (!graph.has(from)) graph.set(from, new Map());
  if (!graph.has(to)) graph.set(to, new Map());
  if (from === to) return;
  const targets = graph.get(from)!;
  targets.set(to, [...(targets.get(to) ?? []), edge]);
}

/** The units and their value imports of each other, schema references left out. */
export function unitGraph(imports: readonly ImportEdge[]): UnitGraph {
  const graph: UnitGraph = new Map();
  for (const edge of imports) {
    if (!isSchemaReference(edge)) addEdge(graph, unitOf(edge.from), unitOf(edge.to), edge);
  }
  return graph;
}

/** The modules' tables and their references to each other's tables (foreign keys). */
export function tableGraph(imports: readonly ImportEdge[]): UnitGraph {
  const graph: UnitGraph = new Map();
  for (const edge of imports) {
    if (TABLE_FILE.test(edge.from) && TABLE_FILE.test(edge.to)) addEdge(graph, unitOf(edge.from), unitOf(edge.to), edge);
  }
  return graph;
}

/** A table file's imports of another module's files other than its tables (they would hide a cycle). */
export function tableViolations(imports: readonly ImportEdge[]): ImportEdge[] {
  return imports.filter(
    (edge) =>
      TABLE_FILE.test(edge.from) &&
      unitOf(edge.to).startsWith('modules/') &&
      unitOf(edge.to) !== unitOf(edge.from) &&
      !TABLE_FILE.test(edge.to),
  );
}

/**
 * The cycles of the graph: its strongly connected components of more than one unit (Tarjan),
 * each as its units sorted, the components sorted by their first unit.
 */
export function cyclesOf(graph: UnitGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];

  // Recursive: a graph of some fifty units is far from the stack's depth.
  const connect = (unit: string) => {
    index.set(unit, counter);
    lowLink.set(unit, counter);
    counter += 1;
    stack.push(unit);
    onStack.add(unit);
    for (const next of graph.get(unit)?.keys() ?? []) {
      if (!index.has(next)) {
        connect(next);
        lowLink.set(unit, Math.min(lowLink.get(unit)!, lowLink.get(next)!));
      } else if (onStack.has(next)) {
        lowLink.set(unit, Math.min(lowLink.get(unit)!, index.get(next)!));
      }
    }
    if (lowLink.get(unit) === index.get(unit)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== unit);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const unit of [...graph.keys()].sort()) if (!index.has(unit)) connect(unit);
  return components.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** One cycle's edges described for a failure message: "a -> b (a/x.ts imports b/y.ts)". */
export function describeCycle(graph: UnitGraph, cycle: readonly string[]): string[] {
  const members = new Set(cycle);
  const lines: string[] = [];
  for (const from of cycle) {
    for (const [to, edges] of graph.get(from) ?? []) {
      if (members.has(to)) lines.push(`${from} -> ${to} (${edges.map((edge) => `${edge.from} imports ${edge.to}`).join('; ')})`);
    }
  }
  return lines;
}
