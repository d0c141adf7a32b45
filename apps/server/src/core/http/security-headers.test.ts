import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * GUIDE section 5: helmet with a strict CSP (no inline script), HSTS in production over https,
 * nosniff, Referrer-Policy, frame-ancestors. Pages get the document set; JSON answers a
 * smaller set whose CSP allows nothing.
 */

let httpApp: TestApp;
let httpsApp: TestApp;

beforeAll(async () => {
  httpApp = await createTestApp();
  // The two apps only read: one database copy serves both.
  httpsApp = await createTestApp({ env: { PUBLIC_URL: 'https://testers.example.test' }, database: httpApp.database });
});

afterAll(async () => {
  await httpsApp.close();
  await httpApp.close();
});

const directives = (header: unknown) => String(header).split(';');

describe('security headers', () => {
  it.each([
    ['a public read', '/api/reward/GetFaqs', 200],
    ['a refused authenticated read', '/api/account/GetPKTesterInfo', 401],
    ['an unknown API path', '/api/no-such-call', 404],
  ])('on API answers allow nothing to load, frame or sniff them: %s', async (_what, url, status) => {
    const response = await httpApp.app.inject({ url });
    expect(response.statusCode).toBe(status);
    expect(directives(response.headers['content-security-policy'])).toEqual(["default-src 'none'", "frame-ancestors 'none'"]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('on pages: a strict CSP without inline or evaluated script, no framing, nosniff and the referrer policy', async () => {
    const response = await httpApp.app.inject({ url: '/some/page' });
    const csp = directives(response.headers['content-security-policy']);
    expect(csp).toEqual(
      expect.arrayContaining([
        "default-src 'self'",
        "script-src 'self'",
        "object-src 'none'",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ]),
    );
    expect(csp.join(';')).not.toContain("'unsafe-eval'");
    expect(csp.find((directive) => directive.startsWith('script-src'))).not.toContain("'unsafe-inline'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Agrees with frame-ancestors 'none': framed by nobody, not even the site itself.
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('sends HSTS and upgrade-insecure-requests only when the site is served over https', async () => {
    for (const url of ['/api/reward/GetFaqs', '/some/page']) {
      const plain = await httpApp.app.inject({ url });
      expect(plain.headers['strict-transport-security'], url).toBeUndefined();
      const secure = await httpsApp.app.inject({ url });
      expect(secure.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
    expect(String((await httpApp.app.inject({ url: '/some/page' })).headers['content-security-policy'])).not.toContain(
      'upgrade-insecure-requests',
    );
    expect(String((await httpsApp.app.inject({ url: '/some/page' })).headers['content-security-policy'])).toContain(
      'upgrade-insecure-requests',
    );
  });
});

describe('security headers on answers Fastify gives before or outside the routes', () => {
  const expectApiHeaders = (response: Awaited<ReturnType<TestApp['app']['inject']>>) => {
    expect(directives(response.headers['content-security-policy'])).toEqual(["default-src 'none'", "frame-ancestors 'none'"]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  };

  it.each(['/api/%E0%A4%A', '/api/account/%', '/api/reward/GetFaqs%ZZ'])(
    'a URL that cannot be decoded (%s): 400 JSON with the headers',
    async (url) => {
      const response = await httpApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expectApiHeaders(response);
    },
  );

  it('the same outside /api gets the document headers', async () => {
    const response = await httpApp.app.inject({ method: 'GET', url: '/page/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('HSTS on the 400 of an undecodable URL over https', async () => {
    const response = await httpsApp.app.inject({ method: 'GET', url: '/api/%E0%A4%A' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('a body above the limit: 413 with the headers', async () => {
    const response = await httpApp.app.inject({
      method: 'POST',
      url: '/api/account/IsInfoExist',
      payload: JSON.stringify({ username: 'x'.repeat(200 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
    expectApiHeaders(response);
  });

  it.each([
    ['an unknown path in capitals', 'GET', '/API/NO-SUCH-CALL', 404],
    ['a method the route does not have', 'DELETE', '/api/reward/GetFaqs', 404],
    ['JSON that does not parse', 'POST', '/api/account/IsInfoExist', 400],
    ['an absolute-form target', 'GET', 'http://localhost/api/no-such-call', 404],
  ] as const)('%s: the API headers', async (_what, method, url, status) => {
    const response = await httpApp.app.inject(
      method === 'POST' ? { method, url, payload: '{oops', headers: { 'content-type': 'application/json' } } : { method, url },
    );
    expect(response.statusCode).toBe(status);
    expectApiHeaders(response);
  });
});

/** Writes raw bytes to a listening app and reads its answer's status, headers and body until it closes. */
async function rawExchange(app: TestApp, request: string) {
  if (!app.app.server.listening) await app.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.app.server.address() as AddressInfo;
  const raw = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('what Node refuses before Fastify sees it (issue 24, item 11)', () => {
  it.each([
    ['a huge path', `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`, 431],
    ['a malformed header line', 'GET /api/reward/GetFaqs HTTP/1.1\r\nHost: 127.0.0.1\r\nNo colon here\r\n\r\n', 400],
    ['an unknown method', 'BREW /api/reward/GetFaqs HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', 400],
  ])('%s: the status, the JSON shape and the API headers', async (_what, request, status) => {
    const answer = await rawExchange(httpApp, request);
    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.body)).toMatchObject({ statusCode: status });
    expect(directives(answer.headers['content-security-policy'])).toEqual(["default-src 'none'", "frame-ancestors 'none'"]);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
  });

  it('HSTS on them over https', async () => {
    const answer = await rawExchange(httpsApp, 'BREW / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
