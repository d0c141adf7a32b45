import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { DEMO, login } from '../../../test/account-helpers.ts';

/**
 * Strangers cannot lock a tester out (finding 7): a browser that has logged in to the account
 * carries a signed device cookie, and its wrong passwords are counted apart from everyone else's.
 */

const ATTEMPTS_PER_WINDOW = 3;
const DEVICE = /(^|_)th_device$/;

const testApp = useTestApp({
  env: { LOGIN_ATTEMPTS_PER_WINDOW: String(ATTEMPTS_PER_WINDOW), RATE_LIMIT_WINDOW_SECONDS: '600', DEVICE_COOKIE_SECRET: 'd'.repeat(40) },
});

function deviceCookieOf(response: Awaited<ReturnType<typeof login>>): string {
  const cookie = response.cookies.find((candidate) => DEVICE.test(candidate.name) && candidate.value);
  if (!cookie) throw new Error(`no device cookie in ${JSON.stringify(response.headers['set-cookie'])}`);
  expect(cookie.httpOnly).toBe(true);
  return `${cookie.name}=${cookie.value}`;
}

const strangerLogin = (password: string, attempt: number) =>
  login(testApp.app, DEMO.username, password, { remoteAddress: `10.60.${attempt}.1` });
const ownerLogin = (password: string, device: string) =>
  login(testApp.app, DEMO.username, password, { remoteAddress: '10.61.0.1', headers: { cookie: device } });

describe('the device cookie', () => {
  let device = '';

  it('is set at a successful login, signed: a changed one counts as none', async () => {
    const first = await login(testApp.app, DEMO.username, DEMO.password, { remoteAddress: '10.61.0.1' });
    expect(first.json().status).toBe('succeed');
    device = deviceCookieOf(first);
    const [name, value] = device.split('=') as [string, string];
    const forged = `${name}=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;

    // Strangers use up the account's attempts.
    for (let attempt = 1; attempt <= ATTEMPTS_PER_WINDOW + 2; attempt += 1) await strangerLogin(`Wrong#Pass${attempt}`, attempt);
    expect((await strangerLogin(DEMO.password, 99)).statusCode).toBe(429);

    // The owner's browser still gets in, with the cookie it was given; a forged cookie is a stranger's.
    expect((await ownerLogin(DEMO.password, forged)).statusCode).toBe(429);
    const owner = await ownerLogin(DEMO.password, device);
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json().status).toBe('succeed');
    device = deviceCookieOf(owner);
  });

  it("of one account does not help with another account's limit", async () => {
    for (let attempt = 1; attempt <= ATTEMPTS_PER_WINDOW + 2; attempt += 1)
      await login(testApp.app, 'changeme01', `Wrong#Pass${attempt}`, { remoteAddress: `10.62.${attempt}.1` });
    const response = await login(testApp.app, 'changeme01', 'Change#Me1', { remoteAddress: '10.61.0.1', headers: { cookie: device } });
    expect(response.statusCode).toBe(429);
  });

  it("counts the owner's own wrong passwords apart, and limits them too", async () => {
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= ATTEMPTS_PER_WINDOW + 2; attempt += 1)
      statuses.push((await ownerLogin(`Typo#Pass${attempt}`, device)).statusCode);
    expect(statuses.slice(0, ATTEMPTS_PER_WINDOW)).toEqual(Array(ATTEMPTS_PER_WINDOW).fill(200));
    expect(statuses.at(-1)).toBe(429);
  });
});
