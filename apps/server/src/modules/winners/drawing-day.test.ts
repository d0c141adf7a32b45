import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comeBackText, EVENT_TEXTS } from '@testerhub/shared/winners-schemas';
import type { WheelAndDrawingResponse } from '@testerhub/shared/loyalty-settings-schemas';
import { winnersOn } from '../../../test/winners-helpers.ts';
import { getWith, OUR_PAGE, postJson } from '../../../test/account-helpers.ts';
import { createLoggedInTester, createTester } from '../../../test/factories.ts';
import { useInstanceDatabases } from '../../../test/job-instances.ts';
import { createStaffMember, staffCookieFor, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock } from '../../core/clock.ts';
import { eventSettings, goldCardDrawings, goldCardEntries, staffAuditLog } from '../../core/db/schema.ts';
import { drawingWeekOf, lastEndedWeek, ruleWithDay } from './drawing-week.ts';

/**
 * The drawing's day chosen by content staff (issue 12 section 6; decision 065): the week ends when
 * the chosen weekday comes, in the company's zone (Chicago here); a change mid-week keeps the
 * running week and its entries until the first new drawing day; the hourly job draws each week
 * once, on every instance, without a restart.
 */

// Wednesday 14 January 2026, noon in Chicago; the Monday week began on the 12th.
const WEDNESDAY = '2026-01-14T18:00:00Z';
/** `hhmm` on `day` in Chicago (CST, UTC-6, in January). */
const chicago = (day: string, hhmm: string) => `${day}T${hhmm}:00-06:00`;

const clock = createFakeClock(WEDNESDAY);
const testApp = useTestApp({ clock, env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY } });
const db = () => testApp.database.db;
const MONDAY_RULE = { drawingDay: 1, drawingWeekKept: null, drawingDayFrom: null };

async function contentCookie() {
  const { staff } = await createStaffMember(db(), { roles: ['content'] });
  return { staffId: staff.id, cookie: await staffCookieFor(db(), staff.id) };
}
async function setDay(cookie: string, drawingDay: number) {
  const read = (await getWith(testApp.app, '/api/staff/content/WheelAndDrawing', { cookie })).json() as WheelAndDrawingResponse;
  const { version, goldCardCost, goldCardPrize } = read.drawing;
  const answer = await postJson(
    testApp.app,
    '/api/staff/content/SaveDrawing',
    { version, goldCardCost, goldCardPrize, drawingDay },
    { cookie },
  );
  expect(answer.json()).toMatchObject({ status: 'succeed' });
}
const testerGet = async (url: string, cookie: string) => (await getWith(testApp.app, url, { cookie, headers: OUR_PAGE })).json();
const enter = (cookie: string) => testerGet('/api/event/ApplyGoldCardEvent', cookie);
const drawingsOf = (weeks: string[]) => db().select().from(goldCardDrawings).where(inArray(goldCardDrawings.weekStart, weeks));
const entriesOf = (testerIds: string[]) => db().select().from(goldCardEntries).where(inArray(goldCardEntries.testerId, testerIds));
/** Puts the drawing back on Monday with no change pending, behind the service's back (each test starts from it). */
const mondayAgain = () => db().update(eventSettings).set(MONDAY_RULE);

describe('the drawing week', () => {
  it('starts on the drawing day; with Monday it is the company week; a change keeps the running week until the new day', () => {
    expect(drawingWeekOf('2026-01-14', MONDAY_RULE)).toBe('2026-01-12');
    expect(drawingWeekOf('2026-01-18', MONDAY_RULE)).toBe('2026-01-12');
    expect(drawingWeekOf('2026-01-19', MONDAY_RULE)).toBe('2026-01-19');
    expect(drawingWeekOf('2026-01-14', { ...MONDAY_RULE, drawingDay: 5 })).toBe('2026-01-09');

    // Wednesday: to Thursday (the week ends tomorrow), to Tuesday (it ends next Tuesday), to Wednesday (it ends today).
    const thursday = ruleWithDay('2026-01-14', MONDAY_RULE, 4);
    expect(thursday).toEqual({ drawingDay: 4, drawingWeekKept: '2026-01-12', drawingDayFrom: '2026-01-15' });
    expect(drawingWeekOf('2026-01-14', thursday)).toBe('2026-01-12');
    expect(drawingWeekOf('2026-01-15', thursday)).toBe('2026-01-15');
    expect(lastEndedWeek('2026-01-14', thursday)).toEqual({ current: '2026-01-12', ended: null });
    expect(lastEndedWeek('2026-01-15', thursday)).toEqual({ current: '2026-01-15', ended: '2026-01-12' });
    expect(lastEndedWeek('2026-01-22', thursday)).toEqual({ current: '2026-01-22', ended: '2026-01-15' });

    const tuesday = ruleWithDay('2026-01-14', MONDAY_RULE, 2);
    expect(tuesday.drawingDayFrom).toBe('2026-01-20');
    expect(drawingWeekOf('2026-01-19', tuesday)).toBe('2026-01-12');
    expect(lastEndedWeek('2026-01-19', tuesday)).toEqual({ current: '2026-01-12', ended: null });
    expect(lastEndedWeek('2026-01-20', tuesday)).toEqual({ current: '2026-01-20', ended: '2026-01-12' });

    expect(ruleWithDay('2026-01-14', MONDAY_RULE, 3).drawingDayFrom).toBe('2026-01-14');
    expect(ruleWithDay('2026-01-14', thursday, 4)).toBe(thursday);
    // A second change before the first's day came keeps the same running week.
    expect(ruleWithDay('2026-01-14', thursday, 6)).toEqual({ drawingDay: 6, drawingWeekKept: '2026-01-12', drawingDayFrom: '2026-01-17' });
  });

  it("the tester's text keeps the spec's words on Monday and names the chosen day otherwise", () => {
    expect(comeBackText(1)).toBe(EVENT_TEXTS.comeBackMonday);
    expect(comeBackText(4)).toBe('You are in! Come back next Thursday');
    expect(comeBackText(7)).toBe('You are in! Come back next Sunday');
  });
});

describe('a change of the drawing day mid-week', () => {
  it('to Thursday on Wednesday: entries before and after stay in the running week, drawn once on Thursday; a new week opens', async () => {
    await mondayAgain();
    clock.set(chicago('2026-01-14', '09:00'));
    const events = winnersOn(db(), clock);
    const { staffId, cookie } = await contentCookie();
    const early = await createLoggedInTester(db(), { coins: 500 });
    expect(await enter(early.cookie)).toMatchObject({ status: 'succeed' });

    clock.set(chicago('2026-01-14', '12:00'));
    await setDay(cookie, 4);
    const late = await createLoggedInTester(db(), { coins: 500 });
    expect(await enter(late.cookie)).toMatchObject({ status: 'succeed' });
    expect(await testerGet('/api/event/CheckGoldRewardAvailable', early.cookie)).toMatchObject({ status: 'applied', drawingDay: 4 });
    expect(await testerGet('/api/event/GetWinnerList', early.cookie)).toMatchObject({ drawingDay: 4 });
    expect(await entriesOf([early.tester.id, late.tester.id])).toEqual(
      expect.arrayContaining([expect.objectContaining({ weekStart: '2026-01-12' }), expect.objectContaining({ weekStart: '2026-01-12' })]),
    );
    const [audit] = await db()
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.staffId, staffId), eq(staffAuditLog.action, 'loyalty.drawing')));
    expect(audit).toMatchObject({ before: expect.objectContaining({ drawingDay: 1 }), after: expect.objectContaining({ drawingDay: 4 }) });

    // Wednesday night: the week has not ended. Thursday 00:05: it is drawn, once.
    clock.set(chicago('2026-01-14', '23:05'));
    expect(await events.drawDue()).toEqual({ status: 'notDue' });
    clock.set(chicago('2026-01-15', '00:05'));
    const drawn = await events.drawDue();
    expect(drawn).toMatchObject({ status: 'drawn', week: '2026-01-12', entries: 2 });
    expect([early.tester.id, late.tester.id]).toContain(drawn.status === 'drawn' ? drawn.winnerId : null);
    clock.set(chicago('2026-01-15', '01:05'));
    expect(await events.drawDue()).toEqual({ status: 'alreadyDrawn' });

    // Thursday: a new week, entered again; drawn the next Thursday.
    clock.set(chicago('2026-01-15', '10:00'));
    expect(await testerGet('/api/event/CheckGoldRewardAvailable', early.cookie)).toMatchObject({ status: 'available' });
    expect(await enter(early.cookie)).toMatchObject({ status: 'succeed' });
    clock.set(chicago('2026-01-21', '23:05'));
    expect(await events.drawDue()).toEqual({ status: 'alreadyDrawn' });
    clock.set(chicago('2026-01-22', '00:05'));
    expect(await events.drawDue()).toMatchObject({ status: 'drawn', week: '2026-01-15', entries: 1, winnerId: early.tester.id });

    // Nothing lost: every entry's week was drawn, each once.
    const entries = await entriesOf([early.tester.id, late.tester.id]);
    expect(entries).toHaveLength(3);
    const drawings = await drawingsOf(['2026-01-12', '2026-01-15']);
    expect(drawings.map((row) => [row.weekStart, row.entries]).sort()).toEqual([
      ['2026-01-12', 2],
      ['2026-01-15', 1],
    ]);
  });

  it('to Tuesday on Wednesday: the running week runs on past Monday to Tuesday, one entry a tester in it, drawn once', async () => {
    await db()
      .delete(goldCardDrawings)
      .where(inArray(goldCardDrawings.weekStart, ['2026-01-12', '2026-01-19', '2026-01-20']));
    await mondayAgain();
    clock.set(chicago('2026-01-14', '12:00'));
    const events = winnersOn(db(), clock);
    const { cookie } = await contentCookie();
    const tester = await createLoggedInTester(db(), { coins: 500 });
    await setDay(cookie, 2);
    expect(await enter(tester.cookie)).toMatchObject({ status: 'succeed' });

    // Monday, the old day: nothing ends, and the tester is still in the week.
    clock.set(chicago('2026-01-19', '09:05'));
    expect(await events.drawDue()).toMatchObject({ status: 'notDue' });
    expect(await enter(tester.cookie)).toMatchObject({ status: 'applied' });
    const other = await createLoggedInTester(db(), { coins: 500 });
    expect(await enter(other.cookie)).toMatchObject({ status: 'succeed' });

    clock.set(chicago('2026-01-20', '00:05'));
    expect(await events.drawDue()).toMatchObject({ status: 'drawn', week: '2026-01-12' });
    const [row] = await drawingsOf(['2026-01-12']);
    expect(row!.entries).toBeGreaterThanOrEqual(2);
    expect(await entriesOf([tester.tester.id, other.tester.id])).toHaveLength(2);
    clock.set(chicago('2026-01-20', '12:00'));
    expect(await testerGet('/api/event/CheckGoldRewardAvailable', tester.cookie)).toMatchObject({ status: 'available', drawingDay: 2 });
  });

  it('a week left with undrawn entries (the job did not run) is drawn by the next run', async () => {
    await mondayAgain();
    const tester = await createTester(db(), { coins: 0 });
    await db()
      .insert(goldCardEntries)
      .values({ testerId: tester.id, weekStart: '2025-12-01', cost: 100, createdAt: new Date('2025-12-02T12:00:00Z') });
    clock.set(chicago('2026-01-14', '12:00'));
    const answer = await winnersOn(db(), clock).drawDue();
    expect(answer).toMatchObject({ swept: expect.arrayContaining(['2025-12-01']) });
    expect(await drawingsOf(['2025-12-01'])).toEqual([expect.objectContaining({ winnerId: tester.id, entries: 1 })]);
  });
});

describe('a drawing on Friday with two server instances', () => {
  const instances = useInstanceDatabases();

  it('the stored day applies to both without a restart; the week is drawn once', async () => {
    const drawingClock = createFakeClock(chicago('2026-02-04', '12:00')); // Wednesday
    const [first, second] = instances.handles().length > 1 ? instances.handles() : [instances.handles()[0]!, instances.handles()[0]!];
    const one = winnersOn(first!.db, drawingClock);
    const two = winnersOn(second!.db, drawingClock);
    await instances.db().update(eventSettings).set({ drawingDay: 5, drawingWeekKept: '2026-02-02', drawingDayFrom: '2026-02-06' });
    const entrants = await Promise.all([1, 2, 3].map(() => createTester(instances.db(), { coins: 300 })));
    for (const tester of entrants) expect((await one.enterGoldCard(tester.id)).status).toBe('succeed');

    drawingClock.set(chicago('2026-02-05', '23:05'));
    expect(await Promise.all([one.drawDue(), two.drawDue()])).toEqual([{ status: 'notDue' }, { status: 'notDue' }]);
    drawingClock.set(chicago('2026-02-06', '00:05'));
    const runs = await Promise.all([one.drawDue(), two.drawDue(), one.drawDue(), two.drawDue()]);
    expect(runs.filter((run) => run.status === 'drawn')).toHaveLength(1);
    expect(runs.filter((run) => run.status === 'alreadyDrawn')).toHaveLength(3);
    const rows = await instances.db().select().from(goldCardDrawings).where(eq(goldCardDrawings.weekStart, '2026-02-02'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ entries: 3 });
    expect(entrants.map((tester) => tester.id)).toContain(rows[0]!.winnerId);

    // The next week starts on Friday: an entry there is drawn the Friday after.
    expect((await two.enterGoldCard(entrants[0]!.id)).status).toBe('succeed');
    drawingClock.set(chicago('2026-02-13', '00:05'));
    expect(await Promise.all([one.drawDue(), two.drawDue()])).toEqual(
      expect.arrayContaining([expect.objectContaining({ status: 'drawn', week: '2026-02-06', entries: 1 }), { status: 'alreadyDrawn' }]),
    );
  });
});
