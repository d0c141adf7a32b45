import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../../test/test-app.ts';

const testApp = useTestApp();

describe('GET /api/docs', () => {
  it('publishes the API as an OpenAPI document with the calls of spec 1, section 7', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    const paths = Object.keys(document.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/themeStyle/GetStyles',
        '/api/reward/GetWinners',
        '/api/reward/GetFaqs',
        '/api/callout/GetReferralEvent',
      ]),
    );
    expect(paths).not.toContain('/api/docs');
  });

  it('describes the methods and answers the page relies on', async () => {
    const { paths } = (await testApp.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(paths['/api/themeStyle/GetStyles']).toHaveProperty('post');
    expect(paths['/api/themeStyle/GetStyles'].post.requestBody.content['application/json'].schema.type).toBe('string');
    const styleAnswer = paths['/api/themeStyle/GetStyles'].post.responses['200'].content['application/json'].schema;
    expect(styleAnswer.properties).toHaveProperty('styleFile');
    const winner = paths['/api/reward/GetWinners'].get.responses['200'].content['application/json'].schema.items;
    expect(Object.keys(winner.properties)).toEqual(expect.arrayContaining(['winnerTypeDesc', 'year', 'winnerTime', 'winner']));
    const faq = paths['/api/reward/GetFaqs'].get.responses['200'].content['application/json'].schema.items;
    expect(Object.keys(faq.properties)).toEqual(expect.arrayContaining(['type', 'question', 'answer']));
    const referral = paths['/api/callout/GetReferralEvent'].get.responses['200'].content['application/json'].schema.items;
    expect(Object.keys(referral.properties)).toContain('referralComment');
  });
});

describe('GET /api/docs in production', () => {
  it('is not there unless API_DOCS=true', async () => {
    // Over the file's database: the two apps only answer what they serve.
    const [closed, open] = await Promise.all([
      createTestApp({ env: { NODE_ENV: 'production' }, database: testApp.database }),
      createTestApp({ env: { NODE_ENV: 'production', API_DOCS: 'true' }, database: testApp.database }),
    ]);
    try {
      const hidden = await closed.app.inject({ method: 'GET', url: '/api/docs' });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.body).not.toContain('openapi');
      const shown = await open.app.inject({ method: 'GET', url: '/api/docs' });
      expect(shown.statusCode).toBe(200);
      expect(shown.json().openapi).toMatch(/^3\./);
    } finally {
      await Promise.all([closed.close(), open.close()]);
    }
  });
});
