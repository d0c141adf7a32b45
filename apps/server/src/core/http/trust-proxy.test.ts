import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, useTestApp } from '../../../test/test-app.ts';
import { postJson } from '../../../test/account-helpers.ts';

/**
 * X-Forwarded-For counts only from the proxies TRUST_PROXY names (GUIDE section 5); otherwise
 * the socket address is the client, so a per-address limit cannot be dodged by making up the header.
 */

const echoIp = (api: FastifyInstance) => api.get('/test/ip', async (request) => ({ ip: request.ip }));

const PROXY = '10.0.0.5';
const CLIENT = '198.51.100.7';

function ipOf(app: TestApp, remoteAddress: string, forwardedFor?: string) {
  return app.app
    .inject({ method: 'GET', url: '/api/test/ip', remoteAddress, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} })
    .then((response) => response.json().ip as string);
}

describe('without TRUST_PROXY in production', () => {
  const testApp = useTestApp({
    env: { NODE_ENV: 'production', PUBLIC_URL: 'https://testers.example.test', LOGIN_ATTEMPTS_PER_WINDOW: '2' },
    extraApiRoutes: echoIp,
  });

  it('ignores X-Forwarded-For: the client is the socket address', async () => {
    expect(await ipOf(testApp, CLIENT, '203.0.113.9')).toBe(CLIENT);
    expect(await ipOf(testApp, PROXY, `203.0.113.9, ${CLIENT}`)).toBe(PROXY);
  });

  it('keeps the per-address limit when every request claims another forwarded address', async () => {
    // 2 wrong logins per account per window: 12 look-ups per address (checksPerWindow = 6 x).
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const response = await postJson(testApp.app, '/api/account/GetLoginUsername', '00000000-0000-4000-8000-000000000000', {
        remoteAddress: CLIENT,
        headers: { 'x-forwarded-for': `203.0.113.${attempt + 1}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toContain(429);
  });
});

describe('TRUST_PROXY naming the proxy', () => {
  let byAddress: TestApp;
  let byHops: TestApp;
  beforeAll(async () => {
    byAddress = await createTestApp({ env: { NODE_ENV: 'production', TRUST_PROXY: `${PROXY}, 10.1.0.0/16` }, extraApiRoutes: echoIp });
    // The two apps only echo addresses: one database copy serves both.
    byHops = await createTestApp({
      env: { NODE_ENV: 'production', TRUST_PROXY: '1' },
      extraApiRoutes: echoIp,
      database: byAddress.database,
    });
  });
  afterAll(async () => {
    await byHops.close();
    await byAddress.close();
  });

  it('honours X-Forwarded-For from a configured address or range, and only from there', async () => {
    expect(await ipOf(byAddress, PROXY, CLIENT)).toBe(CLIENT);
    expect(await ipOf(byAddress, '10.1.2.3', CLIENT)).toBe(CLIENT);
    // A made-up entry before the client's is not believed: the proxy appends the real one last.
    expect(await ipOf(byAddress, PROXY, `203.0.113.9, ${CLIENT}`)).toBe(CLIENT);
    expect(await ipOf(byAddress, '192.0.2.44', CLIENT)).toBe('192.0.2.44');
  });

  it('with a hop count, takes the address the last hop saw', async () => {
    expect(await ipOf(byHops, PROXY, `203.0.113.9, ${CLIENT}`)).toBe(CLIENT);
  });
});
