import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../config/env.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app.ts';
import { peerIsTrustedProxy } from './request-id.ts';

/**
 * The request id (issue 26 section 5, decision 094): a trusted proxy's sane X-Request-Id is kept,
 * anything else gets a new one; it goes back as X-Request-Id, and every log line of the request
 * carries it, with one line per request naming the route template, status and duration.
 */

const PROXY = '10.0.0.5';
const CLIENT = '198.51.100.7';
const PROXY_ID = '4f1c2a9e8b7d6c5a4f1c2a9e8b7d6c5a'; // nginx's $request_id: 32 hex digits
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk, _encoding, callback) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
    callback();
  },
});

let testDatabase: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  // debug: every request has its line (at info only changes, failures and slow reads do, decision 011).
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug', TRUST_PROXY: `${PROXY}, 10.1.0.0/16` });
  app = await buildApp({
    config: { ...config, webDistDir: undefined },
    database: testDatabase.database,
    logDestination: sink,
    extraApiRoutes: (api) => {
      api.get('/test/logs-inside/:thing', async (request) => {
        request.log.info({ step: 'inside' }, 'a line from the handler');
        return { ok: true };
      });
    },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await testDatabase?.dispose();
});

const call = (remoteAddress: string, requestId?: string, url = '/api/test/logs-inside/abc?email=someone%40mail.example.test') =>
  app.inject({ method: 'GET', url, remoteAddress, headers: requestId === undefined ? {} : { 'x-request-id': requestId } });

const linesOf = (requestId: string) => lines.filter((line) => line.reqId === requestId);

describe('the request id', () => {
  it('keeps a trusted proxy’s X-Request-Id, sends it back, and puts it on every line of the request', async () => {
    const response = await call(PROXY, PROXY_ID);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toBe(PROXY_ID);
    const ofRequest = linesOf(PROXY_ID);
    expect(ofRequest.map((line) => line.msg)).toEqual(['a line from the handler', 'request']);
    // One line per request: the route template (not the URL's values), status and duration; nothing personal.
    expect(ofRequest[1]).toMatchObject({ method: 'GET', route: '/api/test/logs-inside/:thing', statusCode: 200, level: 20 });
    expect(typeof ofRequest[1]!.durationMs).toBe('number');
    expect(JSON.stringify(ofRequest)).not.toContain('someone');
    expect(lines.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toEqual([]);
  });

  it('trusts a proxy in a configured range, and an IPv4 proxy as a dual-stack socket reports it', async () => {
    expect((await call('10.1.2.3', `${PROXY_ID}-a`)).headers['x-request-id']).toBe(`${PROXY_ID}-a`);
    expect((await call(`::ffff:${PROXY}`, `${PROXY_ID}-b`)).headers['x-request-id']).toBe(`${PROXY_ID}-b`);
  });

  it('makes a new one for a client that is not a trusted proxy: a client cannot choose the id its lines are filed under', async () => {
    const response = await call(CLIENT, PROXY_ID + '-client');
    const id = response.headers['x-request-id'] as string;
    expect(id).toMatch(UUID);
    expect(linesOf(PROXY_ID + '-client')).toEqual([]);
    expect(linesOf(id).map((line) => line.msg)).toEqual(['a line from the handler', 'request']);
  });

  it('makes a new one when the proxy’s value is missing or not sane (too short, too long, odd characters)', async () => {
    for (const given of [undefined, '', 'short', 'x'.repeat(129), 'abc def 12345', 'abcdefgh\u00e9ijk', '"}{"level":60,"x":"']) {
      const response = await call(PROXY, given);
      expect(response.headers['x-request-id'], JSON.stringify(given)).toMatch(UUID);
    }
  });

  it('is sent back on a 404 and on an address that cannot be decoded', async () => {
    const missing = await call(CLIENT, undefined, '/api/no-such-route');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toMatch(UUID);
    const undecodable = await call(PROXY, PROXY_ID, '/api/%E0%A4%A');
    expect(undecodable.statusCode).toBe(400);
    expect(undecodable.headers['x-request-id']).toBe(PROXY_ID);
  });
});

describe('peerIsTrustedProxy', () => {
  it('answers as TRUST_PROXY says: none, every peer for a hop count, the listed addresses and ranges', () => {
    expect(peerIsTrustedProxy(false)(PROXY)).toBe(false);
    expect(peerIsTrustedProxy(1)(CLIENT)).toBe(true);
    const listed = peerIsTrustedProxy([PROXY, '10.1.0.0/16', 'fd00::/8', '::1']);
    expect([PROXY, '10.1.255.1', 'fd00::7', '::1', `::ffff:${PROXY}`].map(listed)).toEqual([true, true, true, true, true]);
    expect([CLIENT, '10.2.0.1', 'fe80::1', '127.0.0.1', undefined].map(listed)).toEqual([false, false, false, false, false]);
  });
});
