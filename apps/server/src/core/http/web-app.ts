import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '@testerhub/shared/i18n';
import {
  LEGAL_PAGE_KEYS,
  LEGAL_TEXT_SCRIPT_ID,
  LEGAL_TEXT_SPANISH_SCRIPT_ID,
  type LegalPageKey,
  type PublicLegalText,
} from '@testerhub/shared/legal-text-schemas';
import { isOldInternetExplorer } from '@testerhub/shared/marketing';
import { isKnownPagePath } from '@testerhub/shared/routes';

interface Page {
  raw: Buffer;
  gzip: Buffer;
  brotli: Buffer;
}

/** The app shell's copy among the prerendered pages, with its compressed copies (apps/web/scripts/prerender.mjs). */
const SHELL_COPY = path.join('shell', 'index.html');

function readIfPresent(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * HTML with its gzip (level 9) and brotli (quality 11) copies: those the web build wrote beside
 * `file`, or, where it wrote none (a build from before it did), made here.
 */
function withCompressed(raw: Buffer, file?: string): Page {
  return {
    raw,
    gzip: (file ? readIfPresent(`${file}.gz`) : undefined) ?? zlib.gzipSync(raw, { level: 9 }),
    brotli: (file ? readIfPresent(`${file}.br`) : undefined) ?? zlib.brotliCompressSync(raw),
  };
}

/** Prerendered pages by path ('/', '/how', '/popup/terms', ...), read once at start-up. */
function loadPrerenderedPages(prerenderDir: string): Map<string, Page> {
  const pages = new Map<string, Page>();
  const manifestPath = path.join(prerenderDir, 'manifest.json');
  if (!fs.existsSync(manifestPath)) return pages;
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, string>;
  for (const [route, file] of Object.entries(manifest)) {
    const pagePath = path.join(prerenderDir, file);
    pages.set(route.toLowerCase(), withCompressed(fs.readFileSync(pagePath), pagePath));
  }
  return pages;
}

/** The app shell, with the compressed copies of the prerender step while its copy there is this very shell. */
function loadShell(shellPath: string, prerenderDir: string): Page {
  const raw = fs.readFileSync(shellPath);
  const copyPath = path.join(prerenderDir, SHELL_COPY);
  // A web build run without the prerender step leaves older copies behind: those are not used.
  return withCompressed(raw, readIfPresent(copyPath)?.equals(raw) ? copyPath : undefined);
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page, status: number) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.brotli);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.raw);
}

/**
 * Serves the built web app: hashed assets with long caching, prerendered HTML for the
 * public pages, the app shell for other client routes (404 status for unknown ones, the
 * app then shows its not-found page), and old Internet Explorer sent to /ie-user.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string,
  options: { legalText?: (page: LegalPageKey, language: Language) => Promise<PublicLegalText> } = {},
) {
  const shellPath = path.join(webDistDir, 'index.html');
  if (!fs.existsSync(shellPath)) {
    app.log.warn({ webDistDir }, 'web app not built; only the API is served');
    return;
  }
  const prerenderDir = path.join(webDistDir, '..', 'dist-prerender');
  const shell = loadShell(shellPath, prerenderDir);
  const prerendered = loadPrerenderedPages(prerenderDir);
  // The legal pages as sent with the text in force embedded (and a published body in place), kept per page while that text is in force.
  const legalCopies = new Map<string, { text: PublicLegalText; spanish: PublicLegalText; page: Page | null }>();
  async function legalPage(key: string, page: Page): Promise<Page> {
    const legalKey = LEGAL_PAGE_KEYS.find((candidate) => key === `/popup/${candidate}`);
    if (!legalKey || !options.legalText) return page;
    // Both languages (decision 132): the HTML is English, and a Spanish reader's tab picks the Spanish copy after hydrating.
    const [text, spanish] = await Promise.all([options.legalText(legalKey, 'en'), options.legalText(legalKey, 'es')]);
    const kept = legalCopies.get(legalKey);
    if (kept && sameLegalText(kept.text, text) && sameLegalText(kept.spanish, spanish)) return kept.page ?? page;
    const html = withLegalText(page.raw.toString('utf8'), legalKey, text, spanish);
    const copy = html === null ? null : withCompressed(Buffer.from(html));
    legalCopies.set(legalKey, { text, spanish, page: copy });
    return copy ?? page;
  }

  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Off, or send's own "public, max-age=0" replaces the header set below: every page load asked
    // again for each hashed asset (decision 154).
    cacheControl: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: `Nothing at ${request.method} ${request.url}` });
    }
    const pathname = safeDecode(request.url.split('?')[0] ?? '/');
    if (pathname.toLowerCase() !== '/ie-user' && isOldInternetExplorer(request.headers['user-agent'])) {
      return reply.redirect('/ie-user', 302);
    }
    const key = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname;
    const page = prerendered.get(key);
    if (page) return sendPage(request, reply, await legalPage(key, page), 200);
    return sendPage(request, reply, shell, isKnownPagePath(pathname) ? 200 : 404);
  });
}

/** The element of a prerendered legal page around its body (legal-popup-route.tsx). */
const legalBodyMarker = (page: string) => `<div data-legal-body="${page}">`;

/** JSON that can sit inside a <script> element: no "</script>", no "<!--", no line separators that end it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const legalBody = (text: PublicLegalText) => (text.version === null ? null : text.bodyHtml);
const sameLegalText = (a: PublicLegalText, b: PublicLegalText) =>
  a.version === b.version && legalBody(a) === legalBody(b) && a.englishOnly === b.englishOnly;

/**
 * The prerendered legal page with the text in force embedded as JSON, so that its first render
 * knows it and hydrates to what the HTML shows (decision 070): a published body also replaces the
 * marker element's content; `{ version: null }` (the built-in text) leaves the body as prerendered.
 * `spanish`, the answer a Spanish reader gets, follows in a script of its own (decision 132).
 * Null when the page has no marker (a build from before it).
 */
export function withLegalText(html: string, page: string, text: PublicLegalText, spanish?: PublicLegalText): string | null {
  const marker = legalBodyMarker(page);
  const start = html.indexOf(marker);
  if (start === -1) return null;
  const from = start + marker.length;
  let depth = 1;
  let at = from;
  const tags = /<div\b|<\/div>/g;
  tags.lastIndex = from;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    depth += tag[0] === '</div>' ? -1 : 1;
    if (depth === 0) {
      at = tag.index;
      break;
    }
  }
  if (depth !== 0) return null;
  // The Spanish one first: the English script stays the last thing before </body>, as it always was.
  const script =
    (spanish ? `<script type="application/json" id="${LEGAL_TEXT_SPANISH_SCRIPT_ID}">${scriptJson({ page, ...spanish })}</script>` : '') +
    `<script type="application/json" id="${LEGAL_TEXT_SCRIPT_ID}">${scriptJson({ page, ...text })}</script>`;
  const body = legalBody(text);
  const replaced = body === null ? html : html.slice(0, from) + body + html.slice(at);
  const bodyEnd = replaced.lastIndexOf('</body>');
  return bodyEnd === -1 ? replaced + script : replaced.slice(0, bodyEnd) + script + replaced.slice(bodyEnd);
}

function safeDecode(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}
