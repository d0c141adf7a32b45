import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@testerhub/shared/api-errors';
import { useTestApp } from '../../../test/test-app.ts';

const SECRET = 'connection to db-internal.example:5432 failed for user admin';

const testApp = useTestApp({
  extraApiRoutes: (api) => {
    api.get('/test/throws', async () => {
      throw new Error(SECRET);
    });
    api.post('/test/throws-sync', () => {
      throw new TypeError(SECRET);
    });
    api.get('/test/rejects-with-status', async () => {
      throw Object.assign(new Error(SECRET), { statusCode: 502 });
    });
  },
});

describe('unknown /api path', () => {
  it.each([
    ['GET', '/api/no/such/route'],
    ['POST', '/api/account/NoSuchCall'],
    ['GET', '/api/reward/GetWinnersX'],
  ] as const)('%s %s answers 404 JSON', async (method, url) => {
    const response = await testApp.app.inject({
      method,
      url,
      headers: { 'content-type': 'application/json' },
      payload: method === 'POST' ? '{}' : undefined,
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = apiErrorSchema.parse(response.json());
    expect(body.statusCode).toBe(404);
    expect(body.error).toBe('Not Found');
    expect(body.message).toContain(url);
  });
});

describe('a server fault', () => {
  it.each([
    ['GET', '/api/test/throws'],
    ['POST', '/api/test/throws-sync'],
    ['GET', '/api/test/rejects-with-status'],
  ] as const)('%s %s answers 500 JSON with a request id and nothing of the error', async (method, url) => {
    const response = await testApp.app.inject({ method, url });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = apiErrorSchema.strict().parse(response.json());
    expect(body).toMatchObject({ statusCode: 500, error: 'Internal Server Error' });
    expect(body.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(response.body).not.toContain('db-internal');
    expect(response.body).not.toContain('TypeError');
    expect(response.body).not.toMatch(/stack|\.ts:\d+|at [\w.<>]+ \(/);
  });

  it('gives every failing request its own id', async () => {
    const first = (await testApp.app.inject({ method: 'GET', url: '/api/test/throws' })).json();
    const second = (await testApp.app.inject({ method: 'GET', url: '/api/test/throws' })).json();
    expect(first.requestId).not.toBe(second.requestId);
  });

  it('leaves the server serving', async () => {
    await testApp.app.inject({ method: 'GET', url: '/api/test/throws' });
    const health = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });
});

describe('cross-site protection of state-changing calls', () => {
  const styles = (headers: Record<string, string>) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/themeStyle/GetStyles',
      payload: JSON.stringify('navDivTheme2'),
      headers: { 'content-type': 'application/json', ...headers },
    });

  it('refuses a POST from another site with 403 JSON', async () => {
    const response = await styles({ origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(403);
    expect(apiErrorSchema.parse(response.json())).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    expect(response.body).not.toContain('styleFile');
  });

  it('refuses a foreign Origin even without Sec-Fetch-Site', async () => {
    const response = await styles({ origin: 'http://evil.example' });
    expect(response.statusCode).toBe(403);
  });

  it('refuses Sec-Fetch-Site cross-site even without Origin', async () => {
    const response = await styles({ 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(403);
  });

  it('accepts the same POST from the site itself', async () => {
    const response = await styles({ origin: testApp.config.publicUrl, 'sec-fetch-site': 'same-origin' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveProperty('styleFile');
  });

  it('leaves GET reads alone, whatever their origin', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/reward/GetFaqs',
      headers: { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });
});
