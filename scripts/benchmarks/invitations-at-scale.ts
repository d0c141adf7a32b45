// Invitations at scale (issue 12 section 3, decision 052): 10,000 testers in a PostgreSQL database,
// one invitation to all of them sent through the real app (POST /api/staff/invitations/Send by
// Fastify inject: the filters' subquery, the set-based INSERT ... SELECT, the audit row), then two
// server instances (two apps, two pools, the job queue on) send the e-mails into the outbox at
// INVITATION_MAILS_PER_MINUTE. Reports the queueing time, the e-mails sent per 15 seconds, the
// largest number sent in any 60-second window, and the time to send them all.
//
//   node --import tsx scripts/benchmarks/invitations-at-scale.ts
//
// BENCH_DATABASE_URL: a PostgreSQL server URL whose user may create databases (default: the
// machine's testerhub role). BENCH_TESTERS (10000) and BENCH_RATE (mails per minute, 3000) change
// the sizes. No SMTP server: the e-mails stay in the outbox, which is what the rate governs.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/core/config/env.ts';
import { openPostgres, resultRows, type Database } from '../../apps/server/src/core/db/client.ts';
import { createStaffMember, staffCookieFor, TEST_STAFF_TOTP_KEY } from '../../apps/server/test/staff-helpers.ts';
import { insertBenchTesters, withScaleDatabase } from './at-scale.ts';

const TESTERS = Number(process.env.BENCH_TESTERS ?? 10_000);
const RATE = Number(process.env.BENCH_RATE ?? 3000);

const one = async <T>(db: Database, query: ReturnType<typeof sql>) => resultRows<T>(await db.execute(query))[0]!;

await withScaleDatabase('bench_invitations', async (database, databaseUrl) => {
  await insertBenchTesters(database.db, TESTERS);
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SCHEDULED_JOBS: 'on',
    STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY,
    INVITATION_MAILS_PER_MINUTE: String(RATE),
  });
  const second = await openPostgres(databaseUrl);
  const apps = [];
  for (const handle of [database, second]) {
    const app = await buildApp({ config: { ...config, webDistDir: undefined }, database: handle });
    await app.ready();
    apps.push(app);
  }
  try {
    const { staff } = await createStaffMember(database.db, { roles: ['recruiter'] });
    const cookie = await staffCookieFor(database.db, staff.id);
    // Every bench tester: the whole table but the seed's few, whichever site.
    const body = { studyNo: 24106, filters: { minAge: 13 }, requestId: randomUUID() };
    const started = performance.now();
    const answer = await apps[0]!.inject({
      method: 'POST',
      url: '/api/staff/invitations/Send',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    const queuedSeconds = (performance.now() - started) / 1000;
    if (answer.statusCode !== 200) throw new Error(`Send answered ${answer.statusCode}: ${answer.body}`);
    const sent = answer.json() as { invitationId: number; matched: number; queued: number };
    console.log(
      `queued ${sent.queued.toLocaleString('en-US')} of ${sent.matched.toLocaleString('en-US')} matched in ${queuedSeconds.toFixed(2)} s`,
    );

    const sendStart = Date.now();
    let done = 0;
    let last = 0;
    while (done < sent.queued && Date.now() - sendStart < 30 * 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 15_000));
      done = Number(
        (
          await one<{ n: number }>(
            database.db,
            sql`select count(*)::int as n from invitation_recipients where send_id = ${sent.invitationId} and state <> 'queued'`,
          )
        ).n,
      );
      console.log(`  after ${Math.round((Date.now() - sendStart) / 1000)} s: ${done} sent (+${done - last})`);
      last = done;
    }
    const window = await one<{ most: number; first: string; last: string; outbox: number }>(
      database.db,
      sql`select
            (select max(c) from (select (select count(*) from invitation_recipients b
               where b.sent_at > a.sent_at - interval '60 seconds' and b.sent_at <= a.sent_at) as c
             from invitation_recipients a where a.sent_at is not null) w)::int as most,
            (select min(sent_at) from invitation_recipients)::text as first,
            (select max(sent_at) from invitation_recipients)::text as last,
            (select count(*) from email_outbox where kind = 'study-invitation')::int as outbox`,
    );
    const spanSeconds = (new Date(window.last).getTime() - new Date(window.first).getTime()) / 1000;
    console.log(
      `rate ${RATE}/min: ${done} e-mails in the outbox (${window.outbox} invitation rows) over ${spanSeconds.toFixed(0)} s from the first to the last; ` +
        `most in any 60-second window: ${window.most}`,
    );
  } finally {
    for (const app of apps) await app.close();
    await second.close();
  }
});
