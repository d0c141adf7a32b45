// The load's data, straight in the database as the benchmarks prepare theirs (scripts/benchmarks/
// self-schedule-throughput.ts, spend-coin-throughput.ts): for the cluster tests (cluster-faults.mjs)
// and the capacity benchmark (benchmarks/cluster-throughput.mjs).
import { hash } from '@node-rs/argon2';

export const STUDIES = 10;
export const STUDY_BASE = 810_000;
export const BOOKERS = 6000;
export const SPENDERS = 300;
export const LOGINS = 20;
export const PASSWORD = 'Cluster#Pass1';

/** The session cookie of a prepared spender or booker. */
export const sessionCookieOf = (sessionSecret, username) => `th_session=${sessionSecret}-${username}`;

/**
 * Testers for each kind of request (`query(text, values)` answers rows): spenders with coins, bookers qualified for a study with seats,
 * testers who log in with PASSWORD; answers the groups' public ids and the cheapest reward's id.
 */
export async function prepareLoadData(query, sessionSecret) {
  const passwordHash = await hash(PASSWORD, { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 });
  await query(
    `insert into testers (username, email, password_hash, first_name, last_name, zip_code, address, city, state, sex, phone,
      race_id, ad_id, birth_date, site_id, email_confirmed_at, coins)
    select p.prefix || n, p.prefix || n || '@cluster.testerhub.example', $1, 'Cluster', 'Tester', '60614', '1 Bench St', 'Chicago',
      'IL', 'F', '3125550100', 'O', '1R', date '1980-01-01' + (n % 5000), '0000' || (1 + n % 4), now(), p.coins
    from (values ('spend', ${SPENDERS}, 100000000), ('book', ${BOOKERS}, 0), ('login', ${LOGINS}, 0)) as p(prefix, total, coins),
      generate_series(1, p.total) as n`,
    [passwordHash],
  );
  await query(`insert into coin_ledger (tester_id, amount, experience, reason, reference)
    select id, coins, 0, 'cluster-balance', id::text from testers where username ~ '^spend[0-9]+$'`);
  await query(`insert into studies (study_no, project_type, participant_type_id, minimum_age, color_name, tester_label,
      study_basic_info, coin_value, screening_exp, schedule_coins, schedule_exp, site_id, opens_at, closes_at)
    select ${STUDY_BASE} + n, 1 + n % 30, 1, 18, 'Blue', 'Adult', 'Cluster study ' || n, 25, 10, 50, 20,
      '0000' || (1 + n % 4), now() - interval '1 day', now() + interval '60 days'
    from generate_series(0, ${STUDIES - 1}) as n`);
  await query(`insert into session_groups (study_no, site_id, kind, color, cell, co_op_cost_cents, seats)
    select study_no, site_id, 'inPerson', 'Blue', 'B', 7500, ${BOOKERS} from studies where study_no >= ${STUDY_BASE}`);
  await query(`insert into group_sessions (group_id, tester_day, starts_at, ends_at)
    select g.id, 1, now() + interval '10 days' + (g.study_no % 24) * interval '1 hour',
      now() + interval '10 days' + (g.study_no % 24) * interval '1 hour' + interval '2 hours'
    from session_groups g where g.study_no >= ${STUDY_BASE}`);
  await query(`insert into screenings (tester_id, study_no, status, started_at, completed_at)
    select id, ${STUDY_BASE} + substring(username from '[0-9]+')::int % ${STUDIES}, 'qualified', now() - interval '1 hour', now() - interval '1 hour'
    from testers where username ~ '^book[0-9]+$'`);
  // A session per spender and booker: the cookie th_session=SECRET-USERNAME (its hash is the row's id_hash).
  await query(
    `insert into sessions (id_hash, tester_id, expires_at)
    select translate(rtrim(encode(sha256(convert_to($1 || '-' || username, 'UTF8')), 'base64'), '='), '+/', '-_'), id, now() + interval '1 day'
    from testers where username ~ '^(spend|book)[0-9]+$'`,
    [sessionSecret],
  );
  const groups = await query(`select study_no, public_id from session_groups where study_no >= ${STUDY_BASE} order by study_no`);
  const [reward] = await query('select id from reward_items where active order by coins limit 1');
  if (!reward) throw new Error('no active reward in the seed');
  return { groupIds: groups.map((group) => group.public_id), rewardId: reward.id };
}
