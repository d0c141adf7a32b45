import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Faq } from '@testerhub/shared/public-content';
import { getWith, postJson } from '../../../test/account-helpers.ts';
import { useInstanceDatabases } from '../../../test/job-instances.ts';
import { createStaffMember, staffCookieFor, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../core/config/env.ts';

/**
 * Decision 057 across server instances: each instance keeps the public FAQs in memory for an hour
 * here, and a FAQ added through one instance shows on the other's public call at once (the notice
 * sent at commit). On PostgreSQL (TEST_DATABASE_URL) each instance has its own connection pool
 * and listening connection; on PGlite, which serves one process, both share the handle.
 */

const { db, handles } = useInstanceDatabases();
let apps: FastifyInstance[] = [];

beforeAll(async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY,
    PUBLIC_CONTENT_CACHE_SECONDS: '3600',
  });
  apps = [];
  for (const index of [0, 1]) {
    const app = await buildApp({ config: { ...config, webDistDir: undefined }, database: handles()[index % handles().length]! });
    await app.ready();
    apps.push(app);
  }
});
afterAll(async () => {
  for (const app of apps) await app.close();
});

const publicQuestions = async (app: FastifyInstance) =>
  ((await getWith(app, '/api/reward/GetFaqs')).json() as Faq[]).map((faq) => faq.question);

async function eventually(check: () => Promise<boolean>, ms = 3000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}

describe('two server instances on one database', () => {
  it('a FAQ added, then hidden, through one instance shows and goes on the other at once, though each cached the list for an hour', async () => {
    const [one, two] = apps as [FastifyInstance, FastifyInstance];
    const { staff } = await createStaffMember(db(), { roles: ['content'] });
    const cookie = await staffCookieFor(db(), staff.id);
    const question = 'Seen on both instances?';
    expect(await publicQuestions(two)).not.toContain(question); // the second instance keeps this list now

    const added = await postJson(one, '/api/staff/content/AddFaq', { type: 1, question, answer: '<p>Yes.</p>' }, { cookie });
    expect(added.json()).toMatchObject({ status: 'succeed' });
    expect(await publicQuestions(one)).toContain(question);
    expect(await eventually(async () => (await publicQuestions(two)).includes(question))).toBe(true);

    const { id, revision } = added.json().faq as { id: number; revision: number };
    const hidden = await postJson(
      one,
      '/api/staff/content/EditFaq',
      { id, revision, type: 1, question, answer: '<p>Yes.</p>', hidden: true },
      { cookie },
    );
    expect(hidden.json()).toMatchObject({ status: 'succeed' });
    expect(await eventually(async () => !(await publicQuestions(two)).includes(question))).toBe(true);
  });
});
