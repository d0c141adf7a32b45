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
  [httpApp, httpsApp] = await Promise.all([createTestApp(), createTestApp({ env: { PUBLIC_URL: 'https://testers.example.test' } })]);
});

afterAll(async () => {
  await Promise.all([httpApp.close(), httpsApp.close()]);
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
