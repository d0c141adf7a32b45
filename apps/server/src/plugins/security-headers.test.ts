import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** GUIDE section 5: helmet with a strict CSP (no inline script), HSTS in production over https, nosniff, Referrer-Policy, frame-ancestors. */

let httpApp: TestApp;
let httpsApp: TestApp;

beforeAll(async () => {
  [httpApp, httpsApp] = await Promise.all([createTestApp(), createTestApp({ env: { PUBLIC_URL: 'https://testers.example.test' } })]);
});

afterAll(async () => {
  await Promise.all([httpApp.close(), httpsApp.close()]);
});

describe('security headers', () => {
  it.each([
    ['a public read', '/api/reward/GetFaqs', 200],
    ['a refused authenticated read', '/api/account/GetPKTesterInfo', 401],
    ['an unknown API path', '/api/no-such-call', 404],
  ])('are on every answer: %s', async (_what, url, status) => {
    const response = await httpApp.app.inject({ url });
    expect(response.statusCode).toBe(status);
    const csp = String(response.headers['content-security-policy']);
    expect(csp.split(';')).toEqual(
      expect.arrayContaining(["default-src 'self'", "script-src 'self'", "object-src 'none'", "frame-ancestors 'none'", "base-uri 'self'", "form-action 'self'"]),
    );
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('sends HSTS and upgrade-insecure-requests only when the site is served over https', async () => {
    const plain = await httpApp.app.inject({ url: '/api/reward/GetFaqs' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(String(plain.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');

    const secure = await httpsApp.app.inject({ url: '/api/reward/GetFaqs' });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(secure.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });
});
