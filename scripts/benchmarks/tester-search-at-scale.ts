// The staff console's tester search at scale (issue 12 section 5, decision 053): 1,000,000
// testers with varied names, usernames, e-mails and phones in a PostgreSQL database; p50/p95/p99
// of GET /api/staff/testers/Search through the real app (Fastify inject: routing, the staff
// session check, the service, its index reads, serialisation), one request at a time, for each
// kind of search (e-mail, phone, name, last name, username, and short two-letter prefixes that
// match tens of thousands of testers) and for all of them mixed.
//
//   node --import tsx scripts/benchmarks/tester-search-at-scale.ts
//
// BENCH_DATABASE_URL: a PostgreSQL server URL whose user may create databases (default: the
// machine's testerhub role). A fresh database is made, filled with generate_series and dropped at
// the end. BENCH_TESTERS and BENCH_REQUESTS change the sizes; BENCH_EXPLAIN=1 prints each kind's plan.
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { staffMembers, staffSessions } from '../../apps/server/src/core/db/schema.ts';
import { hashToken, randomToken } from '../../apps/server/src/core/security/tokens.ts';
import { percentiles, scaleConfig, timed, withScaleDatabase } from './at-scale.ts';

const TESTERS = Number(process.env.BENCH_TESTERS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const WARM_UP = 50;

const FIRST = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Carlos',
  'Maria',
  'Daniel',
  'Karen',
  'Matthew',
  'Nancy',
  'Anthony',
  'Lisa',
  'Mark',
  'Betty',
  'Luis',
  'Sandra',
  'Steven',
  'Ashley',
  'Paul',
  'Kimberly',
  'Andrew',
  'Emily',
  'Joshua',
  'Donna',
  'Kevin',
  'Michelle',
];
const LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
];
const pgArray = (values: readonly string[]) => sql.raw(`array[${values.map((value) => `'${value}'`).join(', ')}]`);

/** Tester n's columns as the insert makes them (the queries below ask for real testers' prefixes). */
const firstOf = (n: number) => FIRST[n % FIRST.length]!;
const lastOf = (n: number) => `${LAST[Math.floor(n / FIRST.length) % LAST.length]!}${n % 3 === 0 ? '' : `-${n % 997}`}`;
const phoneOf = (n: number) => `2${String((n * 7919) % 1_000_000_000).padStart(9, '0')}`;

await withScaleDatabase('bench_tester_search', async (database) => {
  const { db } = database;
  await timed(`${TESTERS.toLocaleString('en-US')} testers with varied names and phones`, () =>
    db.execute(sql`
      insert into testers (username, email, password_hash, first_name, last_name, zip_code, address, city, state, sex, phone,
        race_id, ad_id, birth_date, site_id, email_confirmed_at)
      select 'user' || n, 'person' || n || '@mail' || (n % 50) || '.testerhub.example', 'x',
        (${pgArray(FIRST)})[1 + n % ${FIRST.length}],
        (${pgArray(LAST)})[1 + (n / ${FIRST.length}) % ${LAST.length}] || case when n % 3 = 0 then '' else '-' || (n % 997) end,
        '60614', '1 Bench St', 'Chicago', 'IL', case when n % 2 = 0 then 'F' else 'M' end,
        '2' || lpad(((n::bigint * 7919) % 1000000000)::text, 9, '0'), 'O', '1R', date '1950-01-01' + (n % 20000), '00001', now()
      from generate_series(1, ${TESTERS}) as n`),
  );
  await timed('analyze', () => db.execute(sql`analyze testers`));

  // A recruiter and a live staff session for the calls.
  const [staff] = await db
    .insert(staffMembers)
    .values({
      name: 'Bench Recruiter',
      email: 'bench.recruiter@staff.example.test',
      roles: ['recruiter'],
      siteIds: [],
      totpConfirmedAt: new Date(),
    })
    .returning();
  const sessionId = randomToken();
  await db.insert(staffSessions).values({
    idHash: hashToken(sessionId),
    staffId: staff!.id,
    lastSeenAt: new Date(),
    expiresAt: new Date(Date.now() + 24 * 3600_000),
  });
  const app = await buildApp({ config: { ...scaleConfig, webDistDir: undefined }, database });
  await app.ready();
  const cookie = `th_staff=${sessionId}`;

  const pick = () => 1 + Math.floor(Math.random() * TESTERS);
  const kinds: Record<string, () => string> = {
    'e-mail (person123456@m)': () => `person${pick()}@m`,
    'phone, formatted, 6 digits': () => {
      const phone = phoneOf(pick());
      return `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}`;
    },
    'first and last name (mary smith-4)': () => {
      const n = pick();
      return `${firstOf(n)} ${lastOf(n).slice(0, -1)}`.toLowerCase();
    },
    'last name (garcia-51)': () => lastOf(pick()).toLowerCase(),
    'username (user12345)': () => `user${pick()}`.slice(0, 9),
    'two letters (ma, jo, …)': () => ['ma', 'jo', 'sm', 'da', 'li', 'ro'][Math.floor(Math.random() * 6)]!,
  };
  const search = async (q: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/staff/testers/Search?q=${encodeURIComponent(q)}`, headers: { cookie } });
    if (response.statusCode !== 200) throw new Error(`Search ${q} answered ${response.statusCode}: ${response.body}`);
    return response.json() as { testers: unknown[] };
  };

  const all: number[] = [];
  for (const [kind, query] of Object.entries(kinds)) {
    const found = await search(query());
    if (found.testers.length === 0) throw new Error(`${kind}: the sample query found nobody`);
    for (let index = 0; index < WARM_UP; index += 1) await search(query());
    const times: number[] = [];
    for (let index = 0; index < REQUESTS; index += 1) {
      const q = query();
      const started = performance.now();
      await search(q);
      times.push(performance.now() - started);
    }
    all.push(...times);
    console.log(`${kind}: ${REQUESTS} sequential, ${percentiles(times)}`);
  }
  console.log(`all kinds mixed: ${all.length} requests, ${percentiles(all)}`);

  if (process.env.BENCH_EXPLAIN === '1') {
    for (const [label, where, order] of [
      ['e-mail', `lower(email) collate "C" like 'person12345@m%'`, `lower(email) collate "C"`],
      ['phone', `phone collate "C" like '212345%'`, `phone collate "C"`],
      [
        'full name',
        `lower(first_name || ' ' || last_name) collate "C" like 'mary smith%'`,
        `lower(first_name || ' ' || last_name) collate "C"`,
      ],
    ] as const) {
      const plan = await db.execute(sql.raw(`explain (analyze, buffers) select id from testers where ${where} order by ${order} limit 26`));
      console.log(`${label}:\n${(plan.rows as { 'QUERY PLAN': string }[]).map((row) => `  ${row['QUERY PLAN']}`).join('\n')}`);
    }
  }
  await app.close();
});
