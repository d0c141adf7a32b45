import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../../test/test-app.ts';
import { migrationsHead } from '../db/client.ts';
import { createReadiness, type Readiness } from './readiness.ts';

// One app and database copy for the file; the tests that close or change their database make a copy
// of their own, those with readiness of their own build a second app over this one's database.
const testApp = useTestApp();

describe('GET /api/health (liveness)', () => {
  it('answers 200 while the process runs', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('matches the path without regard to case', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/API/Health' });
    expect(response.statusCode).toBe(200);
  });

  it('still answers 200 with the database unreachable: an outage is readiness, not a reason to restart the process', async () => {
    const broken = await createTestApp();
    try {
      await broken.database.close();
      const response = await broken.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    } finally {
      await broken.close();
    }
  });
});

describe('GET /api/ready (readiness)', () => {
  it('answers 200 with the database up, the migrations at head and no shutdown under way', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: 'up', migrations: 'current', draining: false });
  });

  it('answers 503 once the database cannot be reached, and again on the next ask', async () => {
    // A second app over its own copy, whose database is then really closed.
    const broken = await createTestApp();
    try {
      await broken.database.close();
      const response = await broken.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', database: 'down', migrations: 'unknown', draining: false });
      const again = await broken.app.inject({ method: 'GET', url: '/api/ready' });
      expect(again.statusCode).toBe(503);
    } finally {
      await broken.close();
    }
  });

  it('answers 503 "behind" while the database lacks this build\'s last migration', async () => {
    const behind = await createTestApp();
    try {
      await behind.database.executeSql('DELETE FROM drizzle.__drizzle_migrations WHERE created_at = $1', [migrationsHead()]);
      const response = await behind.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', database: 'up', migrations: 'behind', draining: false });
    } finally {
      await behind.close();
    }
  });

  it('answers 503 "draining" from the moment the shutdown begins, while health still answers 200', async () => {
    let readiness: Readiness | undefined;
    const draining = await createTestApp({ database: testApp.database, readiness: (database) => (readiness = createReadiness(database)) });
    try {
      expect((await draining.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      readiness!.startDraining();
      const response = await draining.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', database: 'up', migrations: 'current', draining: true });
      expect((await draining.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await draining.close();
    }
  });

  it('answers 503 "down" within its time-out when the database hangs', async () => {
    const hanging = await createTestApp({
      database: testApp.database,
      readiness: (database) => createReadiness({ ...database, ping: () => new Promise<void>(() => undefined) }, { timeoutMs: 200 }),
    });
    try {
      const response = await hanging.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ database: 'down' });
    } finally {
      await hanging.close();
    }
  });
});
