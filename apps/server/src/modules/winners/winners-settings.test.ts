import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LOYALTY_SETTINGS_TEXTS, type WheelAndDrawingResponse } from '@testerhub/shared/loyalty-settings-schemas';
import { expectFieldError, getWith, OUR_PAGE, postJson } from '../../../test/account-helpers.ts';
import { createLoggedInTester } from '../../../test/factories.ts';
import { auditRowsWhere, signedInStaff, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock } from '../../core/clock.ts';
import { eventSettings, wheelSegments, wheelSpins } from '../../core/db/schema.ts';

/**
 * The wheel's and the drawing's settings in the staff console (issue 12 section 6; decision 056):
 * read and saved by content staff, checked like the form checks them (odds adding up to 100 %,
 * costs of 1 or more), refused when stale, audited, seen by testers from their next request, and
 * one consistent set for each spin while staff save.
 */

const clock = createFakeClock('2026-01-14T18:00:00Z');
const testApp = useTestApp({ clock, env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY } });
const db = () => testApp.database.db;

const contentStaff = () => signedInStaff(db(), ['content']);
const read = async (cookie: string) => {
  const answer = await getWith(testApp.app, '/api/staff/content/WheelAndDrawing', { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as WheelAndDrawingResponse;
};
const saveWheel = (cookie: string, body: unknown) => postJson(testApp.app, '/api/staff/content/SaveWheel', body, { cookie });
const saveDrawing = (cookie: string, body: unknown) => postJson(testApp.app, '/api/staff/content/SaveDrawing', body, { cookie });
const testerGet = async (url: string, cookie: string) => (await getWith(testApp.app, url, { cookie, headers: OUR_PAGE })).json();
const auditRows = (staffId: string, action: string) => auditRowsWhere(db(), { staffId, action });
const TWO_SEGMENTS = [
  { coins: 5, percent: 62.5 },
  { coins: 500, percent: 37.5 },
];

describe('the wheel in the staff console', () => {
  it('is read with its odds in percent, saved whole and audited; the tester’s next GetEventCount and spin use it', async () => {
    const { staff, cookie } = await contentStaff();
    const before = await read(cookie);
    expect(before.wheel).toMatchObject({ spinCost: 50, spinsPerWeek: 3 });
    expect(before.wheel.segments).toHaveLength(9);
    expect(before.wheel.segments.reduce((sum, segment) => sum + segment.percent, 0)).toBeCloseTo(100, 6);
    expect(before.wheel.segments.find((segment) => segment.coins === 5000)).toEqual({ coins: 5000, percent: 0.05 });

    const answer = await saveWheel(cookie, { version: before.wheel.version, spinCost: 75, spinsPerWeek: 4, segments: TWO_SEGMENTS });
    expect(answer.json()).toEqual({ status: 'succeed', message: LOYALTY_SETTINGS_TEXTS.wheelSaved });
    const after = await read(cookie);
    expect(after.wheel).toEqual({ version: before.wheel.version + 1, spinCost: 75, spinsPerWeek: 4, segments: TWO_SEGMENTS });
    expect(after.drawing).toEqual(before.drawing);

    const { cookie: testerCookie } = await createLoggedInTester(db(), { coins: 1000 });
    const count = await testerGet('/api/event/GetEventCount', testerCookie);
    expect(count).toMatchObject({ coins: 75, count: 4, totalCount: 4 });
    expect([...count.winningRate].sort((a: { coins: number }, b: { coins: number }) => a.coins - b.coins)).toEqual([
      { coins: 5, rate: 62500 },
      { coins: 500, rate: 37500 },
    ]);
    const spun = await testerGet('/api/event/ApplyEvent', testerCookie);
    expect(spun).toMatchObject({ status: 'succeed', count: 3 });
    expect([5, 500]).toContain(spun.reward);
    expect(await testerGet('/api/event/checkCoins', testerCookie)).toMatchObject({ checkWheel: true });

    const [audit, ...more] = await auditRows(staff.id, 'loyalty.wheel');
    expect(more).toHaveLength(0);
    expect(audit).toMatchObject({ targetType: 'loyalty-settings', targetId: 'wheel' });
    expect(audit!.before).toMatchObject({ spinCost: 50, spinsPerWeek: 3 });
    expect(audit!.after).toEqual(after.wheel);
  });

  it('refuses odds that do not add up to 100 %, too fine a percentage, one segment, a cost below 1, writing nothing', async () => {
    const { staff, cookie } = await contentStaff();
    const { wheel } = await read(cookie);
    const base = { version: wheel.version, spinCost: 50, spinsPerWeek: 3 };
    const odds = [
      { coins: 5, percent: 62.5 },
      { coins: 500, percent: 37.499 },
    ];
    expectFieldError(await saveWheel(cookie, { ...base, segments: odds }), 'segments', LOYALTY_SETTINGS_TEXTS.oddsTotal('99.999'));
    const fine = [
      { coins: 5, percent: 62.4995 },
      { coins: 500, percent: 37.5005 },
    ];
    expectFieldError(await saveWheel(cookie, { ...base, segments: fine }), 'segments.0.percent', LOYALTY_SETTINGS_TEXTS.percent);
    expectFieldError(
      await saveWheel(cookie, { ...base, segments: [{ coins: 5, percent: 100 }] }),
      'segments',
      LOYALTY_SETTINGS_TEXTS.segmentCount,
    );
    expectFieldError(
      await saveWheel(cookie, { ...base, spinCost: 0, segments: TWO_SEGMENTS }),
      'spinCost',
      LOYALTY_SETTINGS_TEXTS.atLeastOne,
    );
    expectFieldError(
      await saveWheel(cookie, { ...base, spinsPerWeek: -1, segments: TWO_SEGMENTS }),
      'spinsPerWeek',
      LOYALTY_SETTINGS_TEXTS.notNegative,
    );
    const negativeCoins = [
      { coins: -5, percent: 50 },
      { coins: 5, percent: 50 },
    ];
    expectFieldError(await saveWheel(cookie, { ...base, segments: negativeCoins }), 'segments.0.coins', LOYALTY_SETTINGS_TEXTS.notNegative);
    expect((await saveWheel(cookie, { ...base, version: wheel.version + 5, segments: TWO_SEGMENTS })).json()).toEqual({
      status: 'failed',
      message: LOYALTY_SETTINGS_TEXTS.stale,
    });
    expect((await read(cookie)).wheel).toEqual(wheel);
    expect(await auditRows(staff.id, 'loyalty.wheel')).toHaveLength(0);
  });

  it('of 12 simultaneous saves keeps one whole wheel; spins meanwhile each use one set (cost and odds of one save)', async () => {
    const { staff, cookie } = await contentStaff();
    const { wheel } = await read(cookie);
    // A known starting set: every spin of it costs 10 and pays 1.
    const oldSet = {
      spinCost: 10,
      spinsPerWeek: 50,
      segments: [
        { coins: 1, percent: 100 },
        { coins: 2, percent: 0 },
      ],
    };
    expect((await saveWheel(cookie, { version: wheel.version, ...oldSet })).json().status).toBe('succeed');
    const { tester, cookie: testerCookie } = await createLoggedInTester(db(), { coins: 10_000 });
    const start = (await read(cookie)).wheel.version;
    // Save n: cost 100 + n, every spin pays 1000 + n.
    const setOf = (n: number) => ({
      version: start,
      spinCost: 100 + n,
      spinsPerWeek: 50,
      segments: [
        { coins: 1000 + n, percent: 100 },
        { coins: 0, percent: 0 },
      ],
    });
    const [saves] = await Promise.all([
      Promise.all(Array.from({ length: 12 }, (_, n) => saveWheel(cookie, setOf(n)))),
      Promise.all(Array.from({ length: 12 }, () => testerGet('/api/event/ApplyEvent', testerCookie))),
    ]);
    const statuses = saves.map((answer) => answer.json().status);
    expect(statuses.filter((status) => status === 'succeed')).toHaveLength(1);
    const winner = statuses.indexOf('succeed');
    const stored = await db().select().from(wheelSegments);
    expect(stored.map(({ coins, rate }) => ({ coins, rate })).sort((a, b) => a.coins - b.coins)).toEqual([
      { coins: 0, rate: 0 },
      { coins: 1000 + winner, rate: 100_000 },
    ]);
    expect(await db().select({ spinCost: eventSettings.spinCost }).from(eventSettings)).toEqual([{ spinCost: 100 + winner }]);
    for (const row of await db().select().from(wheelSpins).where(eq(wheelSpins.testerId, tester.id))) {
      expect([`10:1`, `${100 + winner}:${1000 + winner}`]).toContain(`${row.cost}:${row.coins}`);
    }
    // One audit row for the known set, one for the winning save.
    expect(await auditRows(staff.id, 'loyalty.wheel')).toHaveLength(2);
  });
});

describe('the drawing in the staff console', () => {
  it('saves its cost and prize for the next entry, refuses a cost below 1, an empty prize and a stale version', async () => {
    const { staff, cookie } = await contentStaff();
    const { drawing, wheel } = await read(cookie);
    expectFieldError(await saveDrawing(cookie, { ...drawing, goldCardCost: 0 }), 'goldCardCost', LOYALTY_SETTINGS_TEXTS.atLeastOne);
    expectFieldError(await saveDrawing(cookie, { ...drawing, goldCardPrize: '  ' }), 'goldCardPrize', LOYALTY_SETTINGS_TEXTS.prizeRequired);
    expectFieldError(await saveDrawing(cookie, { ...drawing, drawingDay: 8 }), 'drawingDay', LOYALTY_SETTINGS_TEXTS.drawingDay);
    const answer = await saveDrawing(cookie, {
      version: drawing.version,
      goldCardCost: 120,
      goldCardPrize: ' $30 e-gift card ',
      drawingDay: 1,
    });
    expect(answer.json()).toEqual({ status: 'succeed', message: LOYALTY_SETTINGS_TEXTS.drawingSaved });
    expect(
      (await saveDrawing(cookie, { version: drawing.version, goldCardCost: 130, goldCardPrize: 'Other', drawingDay: 1 })).json(),
    ).toEqual({
      status: 'failed',
      message: LOYALTY_SETTINGS_TEXTS.stale,
    });
    const after = await read(cookie);
    expect(after.drawing).toEqual({ version: drawing.version + 1, goldCardCost: 120, goldCardPrize: '$30 e-gift card', drawingDay: 1 });
    expect(after.wheel).toEqual(wheel);

    const { cookie: testerCookie } = await createLoggedInTester(db(), { coins: 500 });
    expect(await testerGet('/api/event/CheckGoldRewardAvailable', testerCookie)).toEqual({
      status: 'available',
      goldCardCoin: 120,
      prize: '$30 e-gift card',
      drawingDay: 1,
    });
    expect(await testerGet('/api/event/ApplyGoldCardEvent', testerCookie)).toEqual({ status: 'succeed', coins: 380 });
    expect(await auditRows(staff.id, 'loyalty.drawing')).toHaveLength(1);
  });
});
