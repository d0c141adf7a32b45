#!/usr/bin/env node
// The staff console's first-load JavaScript (issue 27): what a browser fetches before /staff
// (the console's home, logged in) is interactive. That is the entry script of dist/index.html
// with everything it imports statically, then the console's chunk (src/staff/staff-app.tsx) and
// the home section's chunk (src/staff/shell/staff-home-page.tsx), each with its static imports.
// A section not split off is inside the console's chunk and counted there. Gzip level 9, 1 KB =
// 1000 bytes, as check-budgets.mjs counts the home page.
//
//   node scripts/benchmarks/staff-first-load.mjs [apps/web/dist]   (after `npm run build`)

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const KB = 1000;
// The console's chunk: staff-app since decision 086, staff-route before it (for before/after figures).
const CONSOLE_CHUNK = /^(staff-app|staff-route)-[\w-]+\.js$/;
const HOME_SECTION_CHUNK = /^staff-home-page-[\w-]+\.js$/;

/** The chunk and every chunk it imports statically (`import ... from "./x.js"`, `import "./x.js"`), by file name. */
export function staticClosure(assetsDir, file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = fs.readFileSync(path.join(assetsDir, file), 'utf8');
  for (const [, imported] of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)) staticClosure(assetsDir, imported, seen);
  return seen;
}

export function staffFirstLoad(webDist) {
  const assetsDir = path.join(webDist, 'assets');
  const html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const entry = html.match(/<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/)?.[1];
  if (!entry) throw new Error(`no entry script in ${path.join(webDist, 'index.html')}`);
  const chunks = fs.readdirSync(assetsDir);
  const consoleChunk = chunks.find((name) => CONSOLE_CHUNK.test(name));
  if (!consoleChunk) throw new Error(`no staff console chunk in ${assetsDir}`);
  const files = new Set();
  for (const start of [entry, consoleChunk, chunks.find((name) => HOME_SECTION_CHUNK.test(name))].filter(Boolean))
    staticClosure(assetsDir, start, files);
  const sizes = [...files]
    .map((file) => {
      const raw = fs.readFileSync(path.join(assetsDir, file));
      // react-dom/server names its entry points in the code it exports; it belongs to one preview only.
      const reactDomServer = raw.includes('renderToStaticMarkup') && raw.includes('renderToReadableStream');
      return { file, rawBytes: raw.length, gzipBytes: zlib.gzipSync(raw, { level: 9 }).length, reactDomServer };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  const gzipBytes = sizes.reduce((sum, file) => sum + file.gzipBytes, 0);
  const carriesReactDomServer = sizes.some((file) => file.reactDomServer);
  return { files: sizes, gzipBytes, kb: gzipBytes / KB, carriesReactDomServer };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const webDist = path.resolve(process.argv[2] ?? 'apps/web/dist');
  const result = staffFirstLoad(webDist);
  for (const file of result.files) console.log(`${(file.gzipBytes / KB).toFixed(1).padStart(7)} KB  ${file.file}`);
  console.log(`/staff first-load JavaScript: ${result.kb.toFixed(1)} KB gzipped (${result.gzipBytes} bytes)`);
  console.log(`react-dom/server in it: ${result.carriesReactDomServer ? 'yes' : 'no'}`);
}
