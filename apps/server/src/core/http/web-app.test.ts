import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicLegalText } from '@testerhub/shared/legal-text-schemas';
import { registerWebApp } from './web-app.ts';

/**
 * The prerendered pages and the app shell go out with the gzip and brotli copies the web build
 * wrote (apps/web/scripts/prerender.mjs); a build without them still works, compressed at start-up.
 */

const SHELL = '<!doctype html><html><head><title>TesterHub</title></head><body><div id="root"><!--app-html--></div></body></html>';
const HOME =
  '<!doctype html><html><head><title>Home</title></head><body><div id="root"><h1>Get paid to try products</h1></div></body></html>';
const HOW = '<!doctype html><html><head><title>How it works</title></head><body><div id="root"><h2>How it works</h2></div></body></html>';
const RULES =
  '<!doctype html><html><head><title>Tester Rules</title></head><body><div id="root"><main><div data-legal-body="rules"><p>Built-in rules</p></div></main></div></body></html>';

// Copies made with other settings than the server's own, so a test can tell which were sent.
const buildGzip = (html: string) => zlib.gzipSync(html, { level: 1 });
const buildBrotli = (html: string) => zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } });
// What the server makes itself when a copy is missing.
const serverGzip = (html: string) => zlib.gzipSync(html, { level: 9 });
const serverBrotli = (html: string) => zlib.brotliCompressSync(html);

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

/** A built web app in a temporary folder: dist/ (the shell) and dist-prerender/ (the pages, the shell's copy). */
function webBuild({ compressed, shellCopy = SHELL }: { compressed: boolean; shellCopy?: string | null }) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'testerhub-web-app-'));
  roots.push(root);
  const dist = path.join(root, 'dist');
  const prerender = path.join(root, 'dist-prerender');
  fs.mkdirSync(dist);
  fs.mkdirSync(path.join(prerender, 'shell'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), SHELL);
  const write = (file: string, html: string) => {
    fs.writeFileSync(file, html);
    if (!compressed) return;
    fs.writeFileSync(`${file}.gz`, buildGzip(html));
    fs.writeFileSync(`${file}.br`, buildBrotli(html));
  };
  write(path.join(prerender, 'index.html'), HOME);
  write(path.join(prerender, 'how.html'), HOW);
  write(path.join(prerender, 'rules.html'), RULES);
  fs.writeFileSync(
    path.join(prerender, 'manifest.json'),
    JSON.stringify({ '/': 'index.html', '/how': 'how.html', '/popup/rules': 'rules.html' }),
  );
  if (shellCopy !== null) write(path.join(prerender, 'shell', 'index.html'), shellCopy);
  return dist;
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function serve(dist: string, options: Parameters<typeof registerWebApp>[2] = {}) {
  const app = Fastify();
  apps.push(app);
  await registerWebApp(app, dist, options);
  await app.ready();
  return (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
}

/** The answer is HTML with the headers of every page, in this encoding, these very bytes. */
function expectSent(response: LightMyRequestResponse, status: number, encoding: 'br' | 'gzip' | undefined, bytes: Buffer | string) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-encoding']).toBe(encoding);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-cache');
  expect(response.headers.vary).toBe('Accept-Encoding');
  expect(response.rawPayload.equals(Buffer.from(bytes))).toBe(true);
}

describe('web app pages', () => {
  it('sends the copies written at build time: brotli first, then gzip, else the HTML itself', async () => {
    const get = await serve(webBuild({ compressed: true }));
    const br = await get('/how', 'gzip, deflate, br');
    expectSent(br, 200, 'br', buildBrotli(HOW));
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(HOW);
    expectSent(await get('/how', 'gzip'), 200, 'gzip', buildGzip(HOW));
    expectSent(await get('/how', 'identity'), 200, undefined, HOW);
    // Whatever the case and with a trailing slash.
    expectSent(await get('/HOW/', 'gzip'), 200, 'gzip', buildGzip(HOW));
  });

  it('compresses at start-up, as before, when the build wrote no copies', async () => {
    const get = await serve(webBuild({ compressed: false, shellCopy: null }));
    expectSent(await get('/', 'br'), 200, 'br', serverBrotli(HOME));
    expectSent(await get('/', 'gzip'), 200, 'gzip', serverGzip(HOME));
    expectSent(await get('/community/login', 'gzip'), 200, 'gzip', serverGzip(SHELL));
  });
});

describe('web app shell', () => {
  it('goes out with its build-time copies: 200 on a client route, 404 on an unknown path', async () => {
    const get = await serve(webBuild({ compressed: true }));
    expectSent(await get('/community/login', 'br'), 200, 'br', buildBrotli(SHELL));
    expectSent(await get('/no-such-page', 'gzip'), 404, 'gzip', buildGzip(SHELL));
  });

  it("answers 200 on the e-mailed links to the account root (/community?k=..., /community?s&t&d), the app's own page", async () => {
    const get = await serve(webBuild({ compressed: true }));
    for (const link of ['/community?k=Ab3dE9', '/community?s=12&t=ab&d=2026-12-01', '/community/', '/COMMUNITY?k=x'])
      expectSent(await get(link, 'gzip'), 200, 'gzip', buildGzip(SHELL));
  });

  it('leaves copies of another shell alone (a web build without the prerender step) and compresses its own', async () => {
    const get = await serve(webBuild({ compressed: true, shellCopy: SHELL.replace('TesterHub', 'An older build') }));
    expectSent(await get('/community/login', 'br'), 200, 'br', serverBrotli(SHELL));
    expectSent(await get('/community/login'), 200, undefined, SHELL);
  });
});

describe('web app files', () => {
  it('sends a hashed asset cacheable for a year, immutable, and another file of the build for an hour', async () => {
    const dist = webBuild({ compressed: false });
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'home-5UaIfa8u.js'), 'export const home = 1;');
    fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *');
    const get = await serve(dist);

    const asset = await get('/assets/home-5UaIfa8u.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('export const home = 1;');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('a prerendered legal page (decision 070)', () => {
  const embedded = (html: string) =>
    JSON.parse(/<script type="application\/json" id="legal-text-data">(.*?)<\/script><\/body>/.exec(html)![1]!);

  it('embeds the text in force, `version: null` with the prerendered body while none is published, so the first render knows it', async () => {
    let inForce: PublicLegalText = { version: null };
    const get = await serve(webBuild({ compressed: true }), { legalText: async () => inForce });
    const builtIn = await get('/popup/rules', 'gzip');
    expect(builtIn.statusCode).toBe(200);
    const html = zlib.gunzipSync(builtIn.rawPayload).toString();
    expect(html).toContain('<div data-legal-body="rules"><p>Built-in rules</p></div>');
    expect(embedded(html)).toEqual({ page: 'rules', version: null });
    expect((await get('/popup/rules')).body).toBe(html);

    inForce = { version: 2, bodyHtml: '<p>Published rules</p>' };
    const published = (await get('/popup/rules')).body;
    expect(published).toContain('<div data-legal-body="rules"><p>Published rules</p></div>');
    expect(published).not.toContain('Built-in rules');
    expect(embedded(published)).toEqual({ page: 'rules', ...inForce });

    // Back to the built-in text: the kept copy of version 2 is not sent.
    inForce = { version: null };
    expect((await get('/popup/rules')).body).toBe(html);
    // Other prerendered pages carry no legal text.
    expectSent(await get('/how', 'gzip'), 200, 'gzip', buildGzip(HOW));
  });
});
