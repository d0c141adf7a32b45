import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { CHANGE_ME, DEMO, login, postJson } from '../../../test/account-helpers.ts';

/**
 * Limits per target and per network (decision 075): a phone's re-engagement code, an e-mail's
 * username look-up, a username's reset mails and an account's current password can be tried only
 * so often a window however many addresses the tries come from; and the addresses of one IPv6 /64
 * count as one client. Clients reach the app through a proxy that TRUST_PROXY names, as in
 * production, so every address below is what X-Forwarded-For says.
 */

const ATTEMPTS = 3;
const PROXY = '10.0.0.5';
const testApp = useTestApp({
  env: { LOGIN_ATTEMPTS_PER_WINDOW: String(ATTEMPTS), RATE_LIMIT_WINDOW_SECONDS: '600', TRUST_PROXY: PROXY },
});

let addressCounter = 0;
/** A client address never used before in this file, so that no per-address limit is in the way. */
const freshAddress = () => `198.51.${Math.floor((addressCounter += 1) / 250)}.${(addressCounter % 250) + 1}`;

const send = (url: string, body: unknown, client: string) =>
  postJson(testApp.app, url, body, { remoteAddress: PROXY, headers: { 'x-forwarded-for': client } });

/** The statuses of `tries` calls, each from its own address, one after another. */
async function spread(tries: number, call: (client: string) => ReturnType<typeof send>) {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < tries; attempt += 1) statuses.push((await call(freshAddress())).statusCode);
  return statuses;
}

describe('limits per target, whatever the address', () => {
  it('refuses re-engagement codes for one phone past the limit, even the right code, from a new address each time', async () => {
    const wrongCodes = await spread(ATTEMPTS + 2, (client) =>
      send('/api/account/ReEngagement', { c: String(7000000 + addressCounter), p: '3125550100' }, client),
    );
    expect(wrongCodes).toEqual([...Array(ATTEMPTS).fill(200), 429, 429]);
    // The seeded code of this phone (1234567) is refused too now: the window is closed to guessing.
    expect((await send('/api/account/ReEngagement', { c: '1234567', p: '3125550100' }, freshAddress())).statusCode).toBe(429);
    // Another phone has its own count.
    expect((await send('/api/account/ReEngagement', { c: '1234567', p: '3125550101' }, freshAddress())).statusCode).toBe(200);
  });

  it('admits exactly the limit of concurrent re-engagement tries for one phone sent from many addresses', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        send('/api/account/ReEngagement', { c: String(8000000 + index), p: '3125550177' }, freshAddress()),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(ATTEMPTS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - ATTEMPTS);
  });

  it('refuses find-username past the limit for one e-mail address (any case) from many addresses', async () => {
    const statuses = await spread(ATTEMPTS + 1, (client) =>
      send(
        '/api/account/findusername',
        { firstname: `Guess${addressCounter}`, lastname: 'Name', emailAddress: addressCounter % 2 ? DEMO.email : DEMO.email.toUpperCase() },
        client,
      ),
    );
    expect(statuses).toEqual([...Array(ATTEMPTS).fill(200), 429]);
  });

  it('refuses forgot-password past the limit for one username (any case) from many addresses', async () => {
    const statuses = await spread(ATTEMPTS + 1, (client) =>
      send(
        '/api/account/forgotpassword',
        { username: addressCounter % 2 ? ' changeme01' : 'ChangeMe01', emailAddress: 'guess@mail.example.test' },
        client,
      ),
    );
    expect(statuses).toEqual([...Array(ATTEMPTS).fill(200), 429]);
  });

  it('counts current passwords guessed through the forced credential change with the account’s wrong logins', async () => {
    const guess = (client: string) =>
      send(
        '/api/account/initializeInformation',
        {
          Username: CHANGE_ME.username,
          CurrentPassword: `Guess#${addressCounter}aA`,
          NewPassword: 'Brand#New22',
          EmailAddress: 'chris.new@mail.example.test',
          PhoneNumber: '9725550199',
        },
        client,
      );
    expect(await spread(ATTEMPTS, guess)).toEqual(Array(ATTEMPTS).fill(200));
    expect((await guess(freshAddress())).statusCode).toBe(429);
    // A stranger's login to that account (no device cookie) is refused as well: one count for both.
    const strangerLogin = await login(testApp.app, CHANGE_ME.username, CHANGE_ME.password, {
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': freshAddress() },
    });
    expect(strangerLogin.statusCode).toBe(429);
  });
});

describe('limits per address, by network', () => {
  /** IsInfoExist is limited per address only: six times the login attempts. */
  const checksPerAddress = ATTEMPTS * 6;
  const check = (client: string) => send('/api/account/IsInfoExist', { username: 'someone99', email: '' }, client);

  it('counts two addresses of one IPv6 /64 as one client, and another /64 apart', async () => {
    for (let attempt = 0; attempt < checksPerAddress; attempt += 1)
      expect((await check(`2001:db8:1:2::${(attempt + 1).toString(16)}`)).statusCode).toBe(200);
    expect((await check('2001:db8:1:2:ffff:ffff:ffff:fffe')).statusCode).toBe(429);
    expect((await check('2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('counts an IPv4 client the same whether it comes as IPv4 or as IPv4-mapped IPv6', async () => {
    for (let attempt = 0; attempt < checksPerAddress; attempt += 1)
      expect((await check(attempt % 2 ? '203.0.113.77' : '::ffff:203.0.113.77')).statusCode).toBe(200);
    expect((await check('203.0.113.77')).statusCode).toBe(429);
    expect((await check('::ffff:203.0.113.77')).statusCode).toBe(429);
    expect((await check('203.0.113.78')).statusCode).toBe(200);
  });
});
