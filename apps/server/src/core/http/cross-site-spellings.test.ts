import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { DEMO, getWith, loginCookie, OUR_PAGE } from '../../../test/account-helpers.ts';

/**
 * The cross-site guard decides from the matched route and its method, not from the URL as
 * written (GUIDE section 5): every spelling that reaches the Logout handler, and HEAD on it, needs
 * our header; every state-changing method needs our origin, however its path is spelled.
 */

const testApp = useTestApp({
  extraApiRoutes: (api) => {
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const)
      api.route({ method, url: '/test/change', handler: async () => ({ changed: true }) });
  },
});

const FOREIGN = { origin: 'https://evil.example.test', 'sec-fetch-site': 'cross-site' } as const;

const logoutSpellings = [
  '/api/account/Logout',
  '/api/account/logout',
  '/API/ACCOUNT/LOGOUT',
  '/api/account/%4Cogout',
  '/api/account/%4cogout',
  '/api/%61ccount/Logout',
  '/api/account/Logout/',
  '/api/account/Logout?next=1',
  '/api/account/Logout/?',
  '//api/account/Logout',
  '/api//account/Logout',
  'http://localhost/api/account/Logout',
  'http://evil.example.test/api/account/%4Cogout',
];

describe('a foreign page cannot log a tester out', () => {
  it.each(logoutSpellings.flatMap((url) => [['GET', url] as const, ['HEAD', url] as const]))(
    '%s %s without our header leaves the session alive',
    async (method, url) => {
      const cookie = await loginCookie(testApp.app, DEMO.username, DEMO.password);
      const response = await testApp.app.inject({ method, url, headers: { cookie, ...FOREIGN } });
      expect([403, 404], `${response.statusCode} ${response.body}`).toContain(response.statusCode);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect((await getWith(testApp.app, '/api/account/CheckAuthorize', { cookie })).statusCode).toBe(200);
    },
  );

  it.each(['/api/account/Logout', '/api/account/%4Cogout', '/API/account/logout/'])('%s with our header logs out', async (url) => {
    const cookie = await loginCookie(testApp.app, DEMO.username, DEMO.password);
    const response = await testApp.app.inject({ method: 'GET', url, headers: { cookie, ...OUR_PAGE } });
    expect(response.statusCode).toBe(200);
    expect((await getWith(testApp.app, '/api/account/CheckAuthorize', { cookie })).statusCode).toBe(401);
  });
});

describe('state-changing methods from another site, however the path is spelled', () => {
  const posts = [
    '/api/themeStyle/GetStyles',
    '/API/themestyle/getstyles',
    '/api/themeStyle/%47etStyles',
    '/api/themeStyle/GetStyles/',
    'http://localhost/api/themeStyle/GetStyles',
  ];
  it.each(posts)('POST %s is refused with 403', async (url) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url,
      payload: JSON.stringify('navDivTheme2'),
      headers: { 'content-type': 'application/json', ...FOREIGN },
    });
    expect(response.statusCode, response.body).toBe(403);
  });

  it.each(['PUT', 'PATCH', 'DELETE'] as const)('%s on an API route is refused with 403, under any spelling', async (method) => {
    for (const url of ['/api/test/change', '/API/TEST/%43hange', 'http://localhost/api/test/change/']) {
      const response = await testApp.app.inject({ method, url, headers: FOREIGN });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(403);
    }
    const ours = await testApp.app.inject({ method, url: '/api/test/change', headers: { origin: testApp.config.publicUrl } });
    expect(ours.statusCode).toBe(200);
  });
});
