#!/usr/bin/env node
// Quick-survey results at scale (issue 9, "What shows it is done"; GUIDE section 8): POST
// /api/quickQuestion/GetResult for one survey holding 100,000 testers' responses, on PostgreSQL,
// through the built server. Budget: p95 at most 20 ms. GetResult reads the answer counters
// (a few rows per question), never the responses, so the figure should not grow with them.
//
// It makes a database of its own on the PostgreSQL server named by --database-url (a role that
// may CREATE DATABASE), starts the built server on it (migrations and the demo seed run at
// start), adds --responses testers who answered demo survey 5001 (set-based SQL, counters
// rebuilt from the responses), logs in the demo tester (who answered it too), then sends
// --requests calls from --connections parallel clients and reports the latency percentiles.
// The database is dropped at the end. It builds nothing: run `npm run build -w @testerhub/server` first.
//
//   node scripts/benchmarks/survey-results-at-scale.mjs [--database-url postgres://testerhub:testerhub@127.0.0.1:5432/postgres]
//        [--responses 100000] [--requests 3000] [--connections 10] [--warmup 300]
//
// Exit code: 0 budget met, 1 budget missed, 2 could not measure.

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  SERVER_ENTRY,
  freePort,
  loadNote,
  machineSummary,
  makeTempDir,
  onCleanup,
  requireBuild,
  startServer,
  stopChild,
  waitForHealth,
} from './lib.mjs';

const { values: options } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://testerhub:testerhub@127.0.0.1:5432/postgres' },
    responses: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '3000' },
    connections: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '300' },
  },
});
const RESPONSES = Number(options.responses);
const REQUESTS = Number(options.requests);
const CONNECTIONS = Number(options.connections);
const WARMUP = Number(options.warmup);
const JOB_ID = 5001;
const BUDGET_P95_MS = 20;
const DEMO = { username: 'demotester1', password: 'Demo#Pass1' };

requireBuild([SERVER_ENTRY]);
console.log(`Quick-survey results at scale on ${machineSummary()}`);
console.log(`Date: ${new Date().toISOString()}\n${loadNote('at start')}`);

const adminUrl = new URL(options['database-url']);
const databaseName = `testerhub_bench_surveys_${randomBytes(4).toString('hex')}`;
const benchUrl = new URL(adminUrl);
benchUrl.pathname = `/${databaseName}`;

async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

await withClient(adminUrl, (admin) => admin.query(`CREATE DATABASE "${databaseName}"`));
const dataDir = makeTempDir('testerhub-bench-surveys-');
onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const port = await freePort();
const { child: server } = startServer({ port, dataDir, env: { DATABASE_URL: benchUrl.toString(), LOGIN_ATTEMPTS_PER_WINDOW: '1000' } });

let exitCode = 2;
try {
  await waitForHealth({ port, child: server });
  const filledIn = await fill();
  console.log(
    `Filled: ${filledIn.responders.toLocaleString('en-US')} testers answered survey ${JOB_ID} (${filledIn.rows.toLocaleString('en-US')} response rows) in ${filledIn.seconds.toFixed(1)} s`,
  );

  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/account/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error(`login failed: ${login.status}`);
  const call = async () => {
    const started = performance.now();
    const response = await fetch(`${base}/api/quickQuestion/GetResult`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: String(JOB_ID),
    });
    const body = await response.json();
    const elapsed = performance.now() - started;
    if (response.status !== 200 || body.status !== 'succeed')
      throw new Error(`GetResult answered ${response.status} ${JSON.stringify(body)}`);
    return { elapsed, body };
  };
  const { body } = await call();
  const total = body.results[1].answerCounts.reduce((sum, count) => sum + count, 0);
  console.log(`GetResult sees ${total.toLocaleString('en-US')} answers to the radio question`);
  if (total < RESPONSES) throw new Error('the counters do not hold the generated responses');

  const run = async (count) => {
    const times = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < count) {
          next += 1;
          times.push((await call()).elapsed);
        }
      }),
    );
    return times.sort((a, b) => a - b);
  };
  await run(WARMUP);
  const started = performance.now();
  const times = await run(REQUESTS);
  const seconds = (performance.now() - started) / 1000;
  const at = (fraction) => times[Math.min(times.length - 1, Math.ceil(fraction * times.length) - 1)];
  const p95 = at(0.95);
  console.log(`\n${REQUESTS} requests, ${CONNECTIONS} connections, ${(REQUESTS / seconds).toFixed(0)} requests/s`);
  console.log(`latency ms: p50 ${at(0.5).toFixed(2)}  p95 ${p95.toFixed(2)}  p99 ${at(0.99).toFixed(2)}  max ${times.at(-1).toFixed(2)}`);
  console.log(`${loadNote('at end')}`);
  exitCode = p95 <= BUDGET_P95_MS ? 0 : 1;
  console.log(
    exitCode === 0
      ? `Budget met: p95 ${p95.toFixed(2)} ms <= ${BUDGET_P95_MS} ms`
      : `Budget missed: p95 ${p95.toFixed(2)} ms > ${BUDGET_P95_MS} ms`,
  );
} catch (error) {
  console.error(error);
} finally {
  await stopChild(server);
  await withClient(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`)).catch((error) =>
    console.error(error),
  );
}
process.exit(exitCode);

/** RESPONSES testers who answered the survey, set-based, and the counters rebuilt from all its responses. */
async function fill() {
  const started = performance.now();
  return withClient(benchUrl, async (db) => {
    await db.query('BEGIN');
    await db.query(
      `insert into testers (username, email, password_hash, first_name, last_name, zip_code, address, city, state, sex, phone, race_id, ad_id, birth_date, site_id, email_confirmed_at)
       select 'benchResponder' || g, 'bench' || g || '@bench.testerhub.example', 'no-login', 'Bench', 'Responder', '60614', '1 Bench Way', 'Chicago', 'IL',
              case when g % 2 = 0 then 'F' else 'M' end, '3125550100', 'O', '1R', date '1970-01-01' + (g % 15000), '00001', now()
       from generate_series(1, $1::int) g`,
      [RESPONSES],
    );
    await db.query(
      `insert into quick_survey_completions (job_id, tester_id, completed_at)
       select $1, id, now() from testers where username like 'benchResponder%' or lower(username) = lower($2)`,
      [JOB_ID, DEMO.username],
    );
    // Question 0 checkbox (COFFEE, TEA, JUICE, WATER; some NONE, some with a comment for Other), 1 radio, 2 textbox.
    await db.query(
      `insert into quick_survey_responses (job_id, tester_id, question_index, value_keys, coded_response)
       select $1, c.tester_id, q.question_index,
         case q.question_index
           when 0 then case when h % 17 = 0 then array['NONE'] else (array[['COFFEE','TEA'],['TEA','JUICE'],['COFFEE','WATER'],['JUICE','WATER']])[h % 4 + 1:h % 4 + 1] end
           when 1 then array[(array['0','1','2','3'])[h % 4 + 1]]
           else '{}'::text[] end,
         case when q.question_index = 2 or (q.question_index = 0 and h % 17 <> 0 and h % 9 = 0) then 'Bench comment' else '' end
       from quick_survey_completions c
       cross join lateral (select abs(hashtext(c.tester_id::text)) as h) hashed
       cross join (values (0), (1), (2)) q(question_index)
       where c.job_id = $1 and not exists (
         select 1 from quick_survey_responses r where r.job_id = c.job_id and r.tester_id = c.tester_id)`,
      [JOB_ID],
    );
    await db.query('delete from quick_survey_answer_counts where job_id = $1', [JOB_ID]);
    await db.query(
      `insert into quick_survey_answer_counts (job_id, question_index, answer_key, count)
       select r.job_id, r.question_index, k.answer_key, count(*)::int
       from quick_survey_responses r
       join quick_survey_questions q on q.job_id = r.job_id and q.question_index = r.question_index and q.style <> 'textbox'
       cross join lateral (
         select unnest(r.value_keys) as answer_key
         union all select 'OTHER' where q.style = 'checkbox' and r.coded_response <> ''
       ) k
       where r.job_id = $1
       group by r.job_id, r.question_index, k.answer_key`,
      [JOB_ID],
    );
    await db.query('COMMIT');
    await db.query('ANALYZE');
    const { rows } = await db.query(
      'select count(*)::int as rows, count(distinct tester_id)::int as responders from quick_survey_responses where job_id = $1',
      [JOB_ID],
    );
    return { ...rows[0], seconds: (performance.now() - started) / 1000 };
  });
}
