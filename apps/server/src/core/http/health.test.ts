import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../../test/test-app.ts';

describe('GET /api/health', () => {
  const testApp = useTestApp();

  it('answers 200 with the database up', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('matches the path without regard to case', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/API/Health' });
    expect(response.statusCode).toBe(200);
  });

  it('answers 503 once the database cannot be reached', async () => {
    // A second app over its own copy, whose database is then really closed.
    const broken = await createTestApp();
    try {
      await broken.database.close();
      const response = await broken.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', database: 'down' });
      const again = await broken.app.inject({ method: 'GET', url: '/api/health' });
      expect(again.statusCode).toBe(503);
    } finally {
      await broken.close();
    }
  });
});
