import { describe, expect, it } from 'vitest';
import { OUR_PAGE } from '../test/account-helpers.ts';
import { createLoggedInTester, createQualifiedScreening, createRewardItem, createSessionGroup, createStudy } from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { createFakeClock, HOUR_MS } from './core/clock.ts';

/**
 * The statements each hot call sends to the database (issue 27, "Guards, so that it stays"). Timing
 * is flaky on a shared machine; counting is not: a change that adds a statement to one of these
 * calls fails here, and whoever makes it decides, in this file, whether the call is worth it.
 * Each call is made once to warm what it caches (the session, the settings), then counted.
 */

// Wednesday 14 January 2026, noon in Chicago.
const NOW = new Date('2026-01-14T18:00:00Z');
const clock = createFakeClock(NOW);
const db = () => testApp.database.db;

let watched: string[] | null = null;
/** BEGIN and COMMIT are left out: PostgreSQL's driver reports them, the embedded database's does not. */
const TRANSACTION_EDGE = /^(begin|commit)$/i;
const testApp = useTestApp({ clock, onStatement: (query) => (TRANSACTION_EDGE.test(query.trim()) ? undefined : watched?.push(query)) });

interface Call {
  method: 'GET' | 'POST';
  url: string;
  cookie: string;
  body?: string;
}

async function answer(call: Call) {
  const response = await testApp.app.inject({
    method: call.method,
    url: call.url,
    headers: { cookie: call.cookie, ...OUR_PAGE, ...(call.body === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: call.body,
  });
  expect(response.statusCode, `${call.url}: ${response.body}`).toBe(200);
  return response.json();
}

/** The statements the database ran while the call was answered. */
async function statementsOf(call: Call): Promise<string[]> {
  watched = [];
  try {
    await answer(call);
    return watched;
  } finally {
    watched = null;
  }
}

/**
 * The statements each call sends today (savepoints included, plus a BEGIN and a COMMIT for
 * each call that writes). Exact, so that a saving is noticed too: lower the figure
 * then. Raising one needs its reason in the commit. Issue 27's goals: a spend at most 6, a booking
 * at most 12.
 */
const STATEMENTS = {
  GetPKTesterInfo: 0,
  GetScreeners: 2,
  GetCurrentSchedule: 1,
  GetRankerList: 2,
  SpendCoin: 5,
  SelfSchedule: 10,
  GetDailyReward: 6,
  ApplyEvent: 6,
};

describe('statements per hot call', () => {
  it('the portal reads, with a warm session', async () => {
    const { cookie } = await createLoggedInTester(db(), { coins: 300 });
    const counts: Record<string, number> = {};
    for (const [name, url] of [
      ['GetPKTesterInfo', '/api/account/GetPKTesterInfo'],
      ['GetScreeners', '/api/schedule/GetScreeners'],
      ['GetCurrentSchedule', '/api/schedule/GetCurrentSchedule'],
      ['GetRankerList', '/api/leaderboard/GetRankerList'],
    ] as const) {
      await answer({ method: 'GET', url, cookie });
      counts[name] = (await statementsOf({ method: 'GET', url, cookie })).length;
    }
    expect(counts).toEqual({
      GetPKTesterInfo: STATEMENTS.GetPKTesterInfo,
      GetScreeners: STATEMENTS.GetScreeners,
      GetCurrentSchedule: STATEMENTS.GetCurrentSchedule,
      GetRankerList: STATEMENTS.GetRankerList,
    });
  });

  it('SpendCoin', async () => {
    const { cookie } = await createLoggedInTester(db(), { coins: 3000 });
    const reward = await createRewardItem(db(), { coins: 100 });
    await answer({ method: 'GET', url: '/api/account/GetPKTesterInfo', cookie });
    const statements = await statementsOf({ method: 'POST', url: '/api/reward/SpendCoin', cookie, body: String(reward.id) });
    expect(statements).toHaveLength(STATEMENTS.SpendCoin);
  });

  it('SelfSchedule', async () => {
    const study = await createStudy(db(), { scheduleCoins: 75, scheduleExp: 25 });
    const group = await createSessionGroup(db(), {
      studyNo: study.studyNo,
      seats: 4,
      sessions: [{ startsAt: new Date(NOW.getTime() + 72 * HOUR_MS), endsAt: new Date(NOW.getTime() + 74 * HOUR_MS) }],
    });
    const { tester, cookie } = await createLoggedInTester(db());
    await createQualifiedScreening(db(), { testerId: tester.id, studyNo: study.studyNo, at: NOW });
    await answer({ method: 'GET', url: '/api/account/GetPKTesterInfo', cookie });
    const statements = await statementsOf({
      method: 'POST',
      url: '/api/schedule/SelfSchedule',
      cookie,
      body: JSON.stringify({ IsRequest: true, groupIDs: [group.publicId] }),
    });
    expect(statements).toHaveLength(STATEMENTS.SelfSchedule);
  });

  it('GetDailyReward and ApplyEvent', async () => {
    const { cookie } = await createLoggedInTester(db(), { coins: 500 });
    await answer({ method: 'GET', url: '/api/account/GetPKTesterInfo', cookie });
    const daily = await statementsOf({ method: 'GET', url: '/api/reward/GetDailyReward', cookie });
    const spin = await statementsOf({ method: 'GET', url: '/api/event/ApplyEvent', cookie });
    expect({ GetDailyReward: daily.length, ApplyEvent: spin.length }).toEqual({
      GetDailyReward: STATEMENTS.GetDailyReward,
      ApplyEvent: STATEMENTS.ApplyEvent,
    });
  });
});
