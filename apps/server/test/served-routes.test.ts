import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { servedRoutes } from './served-routes.ts';

it('lists a route whose path starts another’s, which Fastify prints as a branch under it', async () => {
  const app = Fastify();
  for (const path of ['/api/staff/content/LegalText', '/api/staff/content/LegalTexts', '/api/staff/content/LegalTextVersions'])
    app.get(path, async () => ({}));
  app.post('/api/staff/content/LegalTexts', async () => ({}));
  await app.ready();
  expect(servedRoutes(app).filter((route) => route.method !== 'HEAD')).toEqual(
    expect.arrayContaining([
      { method: 'GET', path: '/api/staff/content/LegalText' },
      { method: 'GET', path: '/api/staff/content/LegalTexts' },
      { method: 'POST', path: '/api/staff/content/LegalTexts' },
      { method: 'GET', path: '/api/staff/content/LegalTextVersions' },
    ]),
  );
  expect(servedRoutes(app).filter((route) => route.method !== 'HEAD')).toHaveLength(4);
  await app.close();
});
