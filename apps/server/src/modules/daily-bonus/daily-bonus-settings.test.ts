import { describe, expect, it } from 'vitest';
import { LOYALTY_SETTINGS_TEXTS, type DailyCalendarResponse } from '@testerhub/shared/loyalty-settings-schemas';
import { expectFieldError, getWith, OUR_PAGE, postJson } from '../../../test/account-helpers.ts';
import { balanceAndLedger, createLoggedInTester } from '../../../test/factories.ts';
import { auditRowsWhere, signedInStaff, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock, HOUR_MS } from '../../core/clock.ts';
import { dailyRewardDays } from '../../core/db/schema.ts';

/**
 * The daily calendar in the staff console (issue 12 section 6; decision 056): read and saved whole
 * by content staff, checked like the form checks it, refused when stale, audited, and seen by
 * testers from their next request with their place in the cycle kept.
 */

const clock = createFakeClock('2026-01-15T18:00:00Z');
const testApp = useTestApp({ clock, env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY } });
const db = () => testApp.database.db;

const contentStaff = () => signedInStaff(db(), ['content']);
const read = async (cookie: string) => {
  const answer = await getWith(testApp.app, '/api/staff/content/DailyCalendar', { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as DailyCalendarResponse;
};
const save = (cookie: string, body: unknown) => postJson(testApp.app, '/api/staff/content/SaveDailyCalendar', body, { cookie });
const testerGet = async (url: string, cookie: string) => (await getWith(testApp.app, url, { cookie, headers: OUR_PAGE })).json();
const auditRows = (staffId: string) => auditRowsWhere(db(), { staffId, action: 'loyalty.daily-calendar' });

describe('the daily calendar in the staff console', () => {
  it('is read whole, saved whole, audited, and pays testers the new figures from their next request, their place in the cycle kept', async () => {
    const { staff, cookie } = await contentStaff();
    const { tester, cookie: testerCookie } = await createLoggedInTester(db(), { coins: 0, exp: 0 });
    // The tester claims day 1 of the cycle under the old calendar.
    expect(await testerGet('/api/reward/GetDailyReward', testerCookie)).toMatchObject({ status: 'succeed', day: 1, reward: 10 });

    const before = await read(cookie);
    expect(before.days).toHaveLength(28);
    expect(before.days[1]).toEqual({ day: 2, coins: 10, exp: 5 });
    const days = before.days.map((row) => (row.day === 2 ? { day: 2, coins: 77, exp: 33 } : row));
    expect((await save(cookie, { version: before.version, days })).json()).toEqual({
      status: 'succeed',
      message: LOYALTY_SETTINGS_TEXTS.calendarSaved,
    });

    const after = await read(cookie);
    expect(after.version).toBe(before.version + 1);
    expect(after.days[1]).toEqual({ day: 2, coins: 77, exp: 33 });
    expect(await testerGet('/api/reward/GetDailyRewardList', testerCookie)).toMatchObject({ day: 1, receivedToday: true });
    expect((await testerGet('/api/reward/GetDailyRewardList', testerCookie)).rewards[1]).toEqual({ day: 2, coins: 77, exp: 33 });
    clock.advance(24 * HOUR_MS);
    expect(await testerGet('/api/reward/GetDailyReward', testerCookie)).toEqual({ status: 'succeed', day: 2, reward: 77, exp: 33 });
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 87, exp: 38, ledgerCoins: 87 });

    const [audit, ...more] = await auditRows(staff.id);
    expect(more).toHaveLength(0);
    expect(audit).toMatchObject({ targetType: 'loyalty-settings', targetId: 'daily-calendar' });
    expect((audit!.before as DailyCalendarResponse).days[1]).toEqual({ day: 2, coins: 10, exp: 5 });
    expect((audit!.after as DailyCalendarResponse).days[1]).toEqual({ day: 2, coins: 77, exp: 33 });
  });

  it('refuses what the form refuses (28 days in order, whole numbers from 0) and a stale version, writing nothing', async () => {
    const { staff, cookie } = await contentStaff();
    const current = await read(cookie);
    const stored = await db().select().from(dailyRewardDays);
    expectFieldError(
      await save(cookie, { version: current.version, days: current.days.slice(0, 27) }),
      'days',
      LOYALTY_SETTINGS_TEXTS.calendarDays,
    );
    const swapped = [current.days[1], current.days[0], ...current.days.slice(2)];
    expectFieldError(await save(cookie, { version: current.version, days: swapped }), 'days', LOYALTY_SETTINGS_TEXTS.calendarDays);
    const negative = current.days.map((row) => (row.day === 5 ? { ...row, coins: -1 } : row));
    expectFieldError(await save(cookie, { version: current.version, days: negative }), 'days.4.coins', LOYALTY_SETTINGS_TEXTS.notNegative);
    const fraction = current.days.map((row) => (row.day === 6 ? { ...row, exp: 1.5 } : row));
    expectFieldError(await save(cookie, { version: current.version, days: fraction }), 'days.5.exp', LOYALTY_SETTINGS_TEXTS.wholeNumber);

    const days = current.days.map((row) => ({ ...row, coins: row.coins + 1 }));
    expect((await save(cookie, { version: current.version - 1, days })).json()).toEqual({
      status: 'failed',
      message: LOYALTY_SETTINGS_TEXTS.stale,
    });
    expect(await db().select().from(dailyRewardDays)).toEqual(stored);
    expect(await auditRows(staff.id)).toHaveLength(0);
  });

  it('of 12 simultaneous saves from one version, keeps exactly one whole calendar and writes one audit row', async () => {
    const { staff, cookie } = await contentStaff();
    const current = await read(cookie);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        save(cookie, { version: current.version, days: current.days.map((row) => ({ ...row, coins: 1000 + index })) }),
      ),
    );
    const statuses = answers.map((answer) => answer.json().status);
    expect(statuses.filter((status) => status === 'succeed')).toHaveLength(1);
    const winner = statuses.indexOf('succeed');
    const after = await read(cookie);
    expect(after.version).toBe(current.version + 1);
    expect(new Set(after.days.map((row) => row.coins))).toEqual(new Set([1000 + winner]));
    expect(await auditRows(staff.id)).toHaveLength(1);
  });
});
