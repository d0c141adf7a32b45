import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from './config/env.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { DEMO, login, postJson } from '../../test/account-helpers.ts';
import type { FastifyInstance } from 'fastify';

/**
 * Logs never hold secrets or personal data (GUIDE section 5): field names that carry them are
 * redacted at any depth, and an error's query parameters and details are dropped, also when the
 * error comes from the database driver. The log is read from an injected destination.
 */

const EMAIL = 'secret.person@mail.example.test';
const PHONE = '3125550123';
const PASSWORD = 'Hidden#Pass9';
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, callback) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    callback();
  },
});

let testDatabase: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  const database = testDatabase.database;
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' });
  app = await buildApp({
    config: { ...config, webDistDir: undefined },
    database,
    logDestination: sink,
    extraApiRoutes: (api) => {
      // A query that fails in the database with personal data among its parameters.
      api.post('/test/db-fails', async (request) => {
        const body = request.body as { email: string; phone: string };
        await database.db.execute(sql`select ${body.email}::int + ${body.phone}::int`);
        return {};
      });
      // An error that carries what a driver's error may carry.
      api.get('/test/throws-with-data', async () => {
        throw Object.assign(new Error('insert failed'), {
          query: `insert into testers (email) values ('${EMAIL}')`,
          params: [EMAIL, PHONE, HASH],
          parameters: [EMAIL],
          detail: `Key (lower(email))=(${EMAIL}) already exists.`,
          cause: Object.assign(new Error('duplicate key'), { detail: `Key (phone)=(${PHONE}) already exists.`, password: PASSWORD }),
        });
      });
    },
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await testDatabase.dispose();
});

function expectNothingPersonal(text: string) {
  for (const secret of [EMAIL, PHONE, PASSWORD, HASH, DEMO.password, DEMO.email, 'Wrong#Pass1', 'argon2id']) {
    expect(text, `the log holds ${secret}`).not.toContain(secret);
  }
}

describe('log lines', () => {
  it('of a 500 from the database hold no query parameters, body or e-mail address', async () => {
    lines.length = 0;
    const response = await postJson(app, `/api/test/db-fails?email=${encodeURIComponent(EMAIL)}&phone=${PHONE}`, {
      email: EMAIL,
      phone: PHONE,
    });
    expect(response.statusCode).toBe(500);
    const text = lines.join('\n');
    expect(text).toContain('request failed');
    expectNothingPersonal(text);
  });

  it("of a 500 drop an error's query, params, parameters and detail, and its cause's", async () => {
    lines.length = 0;
    const response = await app.inject({ method: 'GET', url: `/api/test/throws-with-data?e=${encodeURIComponent(EMAIL)}` });
    expect(response.statusCode).toBe(500);
    const text = lines.join('\n');
    expect(text).toContain('insert failed');
    expectNothingPersonal(text);
  });

  it('of login attempts hold no username, password or session id', async () => {
    lines.length = 0;
    const failed = await login(app, DEMO.username, 'Wrong#Pass1');
    expect(failed.json().status).toBe('failed');
    const succeeded = await login(app, DEMO.username, DEMO.password);
    expect(succeeded.json().status).toBe('succeed');
    const sessionId = succeeded.cookies.find((cookie) => cookie.name.endsWith('th_session'))!.value;
    const text = lines.join('\n');
    expect(text).toContain('login attempt');
    expectNothingPersonal(text);
    expect(text).not.toContain(DEMO.username);
    expect(text).not.toContain(sessionId);
  });

  it('redact the fields that carry secrets at any depth', () => {
    lines.length = 0;
    app.log.info(
      {
        password: PASSWORD,
        user: { emailAddress: EMAIL, phoneNo: PHONE, profile: { passwordHash: HASH, Email: EMAIL } },
        headers: { cookie: 'th_session=abc', authorization: 'Bearer xyz' },
        list: [{ token: 'tok-secret-1' }, { code: 'code-secret-2' }],
        kept: 'visible',
      },
      'shape check',
    );
    const text = lines.join('\n');
    expectNothingPersonal(text);
    for (const secret of ['th_session=abc', 'Bearer xyz', 'tok-secret-1', 'code-secret-2']) expect(text).not.toContain(secret);
    expect(text).toContain('visible');
  });
});
