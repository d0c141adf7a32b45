// Writes the HTML of each public page (text present before any JavaScript runs) into dist-prerender/,
// with the gzip and brotli copies the server sends, so it need not compress them at start-up.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(webRoot, 'dist');
const outDir = path.join(webRoot, 'dist-prerender');
const ssrEntry = path.join(webRoot, 'dist-ssr', 'entry-server.js');
// The app shell (dist/index.html) as the server sends it for client routes; a folder of its
// own, as no page's file name has a slash. The server uses its copies only while they match.
const shellCopy = path.join(outDir, 'shell', 'index.html');

/** The file and its .br and .gz copies, beside it (quality 11 and level 9: the most, paid once here). */
function writeWithCompressed(file, content) {
  fs.writeFileSync(file, content);
  writeCompressed(file, Buffer.from(content));
}

function writeCompressed(file, content) {
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
}

const { render, templateFor, PRERENDERED_PATHS } = await import(pathToFileURL(ssrEntry).href);
// index.html (the app) and home.html (the home page's own entry, decision 110), as built.
const templates = new Map();
function template(name) {
  if (!templates.has(name)) {
    const html = fs.readFileSync(path.join(distDir, name), 'utf8');
    if (!html.includes('<!--app-html-->')) throw new Error(`${name} lacks the <!--app-html--> marker`);
    templates.set(name, html);
  }
  return templates.get(name);
}

fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(path.dirname(shellCopy), { recursive: true });
const manifest = {};
for (const route of PRERENDERED_PATHS) {
  const { html, title } = await render(route);
  let page = template(templateFor(route)).replace('<!--app-html-->', html);
  if (title) page = page.replace(/<title>[^<]*<\/title>/, `<title>${title.replace(/</g, '&lt;')}</title>`);
  const file = route === '/' ? 'index.html' : `${route.slice(1).replace(/\//g, '__')}.html`;
  writeWithCompressed(path.join(outDir, file), page);
  manifest[route] = file;
}
fs.writeFileSync(path.join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2));
writeWithCompressed(shellCopy, fs.readFileSync(path.join(distDir, 'index.html')));

// Static assets are sent pre-compressed by the server (@fastify/static preCompressed).
for (const file of fs.readdirSync(path.join(distDir, 'assets'))) {
  if (!/\.(js|css|svg)$/.test(file)) continue;
  const full = path.join(distDir, 'assets', file);
  writeCompressed(full, fs.readFileSync(full));
}
console.log(`prerendered ${Object.keys(manifest).length} pages into ${path.relative(process.cwd(), outDir)}, each with .br and .gz copies`);
