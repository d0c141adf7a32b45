import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';

/**
 * Addresses from old e-mails and the old domain (spec 2, section 2; issue 3, sections 1, 3, 4).
 * The app has no web build: the redirects run in an onRequest hook before any route.
 */

const PUBLIC_URL = 'https://testers.example.test';

const testApp = useTestApp({ env: { PUBLIC_URL, OLD_HOSTS: 'old.testerhub.test, www.old.testerhub.test' } });

const get = (url: string, host?: string) => testApp.app.inject({ method: 'GET', url, headers: host ? { host } : {} });

function redirectTarget(location: string | string[] | number | undefined) {
  expect(typeof location).toBe('string');
  return new URL(location as string, 'http://placeholder.invalid');
}

describe('the old confirmation links /treg/{id}?R=&E=', () => {
  it('redirects to the e-mail confirmation page with t, r and e', async () => {
    const response = await get('/treg/abc?R=1&E=2');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/community/checkConfirmEmail?t=abc&r=1&e=2');
  });

  it('works under any path containing /treg/ and with lower-case parameters', async () => {
    const response = await get('/community/treg/5f0c9a?r=code7&e=mail3');
    expect(response.statusCode).toBe(302);
    const target = redirectTarget(response.headers.location);
    expect(target.pathname).toBe('/community/checkConfirmEmail');
    expect(Object.fromEntries(target.searchParams)).toEqual({ t: '5f0c9a', r: 'code7', e: 'mail3' });
  });

  it('keeps encoded values intact', async () => {
    const response = await get('/treg/a%2Bb?R=x%26y&E=z');
    const target = redirectTarget(response.headers.location);
    expect(Object.fromEntries(target.searchParams)).toEqual({ t: 'a+b', r: 'x&y', e: 'z' });
  });

  it('sends a /treg/ link without R and E to login', async () => {
    const response = await get('/treg/abc');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/community/login');
    expect((await get('/treg/abc?R=1')).headers.location).toBe('/community/login');
  });
});

describe('the old self-scheduling links', () => {
  it('CommonAP.aspx?s=&t=&d= goes to the self-schedule route with s, t and d', async () => {
    const response = await get('/CommonAP.aspx?s=S&t=T&d=D');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/community/main/schedule/self?s=S&t=T&d=D');
  });

  it('CommonAP.aspx matches without regard to case, in any folder', async () => {
    const response = await get('/Community/commonap.ASPX?s=S1&t=T1&d=D1');
    expect(response.statusCode).toBe(302);
    const target = redirectTarget(response.headers.location);
    expect(target.pathname).toBe('/community/main/schedule/self');
    expect(Object.fromEntries(target.searchParams)).toEqual({ s: 'S1', t: 'T1', d: 'D1' });
  });

  it('ExternalScr.aspx?ex= goes to the self-schedule route with ex', async () => {
    const response = await get('/ExternalScr.aspx?ex=X');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/community/main/schedule/self?ex=X');
  });

  it('ExternalScr.aspx?ex=&sig= keeps the partner’s signature beside ex (decision 077)', async () => {
    const sig = 'ab'.repeat(32);
    const response = await get(`/ExternalScr.aspx?ex=X&sig=${sig}`);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/community/main/schedule/self?ex=X&sig=${sig}`);
  });
});

describe('the old domain (OLD_HOSTS)', () => {
  it('redirects a request for an old host to PUBLIC_URL with the same path, permanently', async () => {
    const response = await get('/popup/faqs', 'old.testerhub.test');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(`${PUBLIC_URL}/popup/faqs`);
  });

  it('keeps the query string and matches the host without regard to case or port', async () => {
    const response = await get('/community/join/account?u=abc', 'WWW.Old.TesterHub.test:80');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(`${PUBLIC_URL}/community/join/account?u=abc`);
  });

  it('leaves the current host alone', async () => {
    const response = await get('/api/health', 'testers.example.test');
    expect(response.statusCode).not.toBe(301);
    expect(response.headers.location).toBeUndefined();
  });
});
