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
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
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
