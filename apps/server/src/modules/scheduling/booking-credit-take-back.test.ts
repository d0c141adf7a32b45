import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  balanceAndLedger,
  createChild,
  createLoggedInTester,
  createQualifiedScreening,
  createSessionGroup,
  createStudy,
} from '../../../test/factories.ts';
import { cancelTokenIn, mailsTo } from '../../../test/schedule-mail-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock, HOUR_MS } from '../../core/clock.ts';
import { bookings, coinLedger, levels, screenings, testers } from '../../core/db/schema.ts';
import { createLedgerService } from '../ledger/ledger-service.ts';
import { BOOKING_TAKE_BACK_REASON, bookingTakeBackReference } from './scheduling-service.ts';

/**
 * A cancelled booking gives back the scheduling credit it paid (decision 080): book-and-cancel
 * loops print no coins, a credit already spent floors the balance at zero and records the shortfall,
 * a change of time keeps the credit, and simultaneous loops and cancels hold the same invariant.
 */

const NOW = new Date('2026-01-15T12:00:00Z');
const clock = createFakeClock(NOW);
const db = () => testApp.database.db;
const testApp = useTestApp({ clock });

const COINS = 100;
const EXP = 50;

beforeAll(async () => {
  // Level 2 at the experience one booking pays: the take-back must bring the level down again.
  await db().delete(levels);
  await db()
    .insert(levels)
    .values([
      { level: 1, expRequired: 0 },
      { level: 2, expRequired: EXP },
    ]);
});

const post = (url: string, cookie: string, payload: unknown) =>
  testApp.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', cookie }, payload: JSON.stringify(payload) });

let hour = 48;
/** A study paying 100 coins and 50 experience for a booking, with two groups (far apart in time), the tester qualified for it. */
async function qualifiedStudy(testerId: string) {
  const study = await createStudy(db(), { scheduleCoins: COINS, scheduleExp: EXP });
  const groupAt = async (startHours: number) =>
    createSessionGroup(db(), {
      studyNo: study.studyNo,
      seats: 5,
      sessions: [
        { startsAt: new Date(NOW.getTime() + startHours * HOUR_MS), endsAt: new Date(NOW.getTime() + (startHours + 2) * HOUR_MS) },
      ],
    });
  hour += 10;
  const group = await groupAt(hour);
  const later = await groupAt(hour + 5);
  await createQualifiedScreening(db(), { testerId, studyNo: study.studyNo, at: NOW });
  return { study, group, later };
}

const book = (cookie: string, groupId: string) => post('/api/schedule/SelfSchedule', cookie, { IsRequest: true, groupIDs: [groupId] });
const cancel = (cookie: string, studyNo: number) => post('/api/schedule/CancelSchedule', cookie, studyNo);

async function standing(testerId: string) {
  const [row] = await db().select({ level: testers.level }).from(testers).where(eq(testers.id, testerId));
  const live = await db()
    .select()
    .from(bookings)
    .where(and(eq(bookings.testerId, testerId), eq(bookings.status, 'booked')));
  return { ...(await balanceAndLedger(db(), testerId)), level: row!.level, live: live.length };
}

const takeBacks = (testerId: string) =>
  db()
    .select()
    .from(coinLedger)
    .where(and(eq(coinLedger.testerId, testerId), eq(coinLedger.reason, BOOKING_TAKE_BACK_REASON)));

describe('a cancelled booking gives back its scheduling credit', () => {
  it('book-and-cancel loops over five studies leave the balance, experience and level where they started; the one held booking keeps its 100', async () => {
    const { tester, cookie } = await createLoggedInTester(db());
    for (let round = 0; round < 5; round += 1) {
      const { study, group } = await qualifiedStudy(tester.id);
      const booked = await book(cookie, group.publicId);
      expect(booked.json()).toMatchObject({ status: 'succeed', coins: COINS, exp: EXP });
      expect(await standing(tester.id)).toMatchObject({ coins: COINS, exp: EXP, level: 2, live: 1 });
      const cancelled = await cancel(cookie, study.studyNo);
      expect(cancelled.json()).toEqual({ status: 'succeed', coinsTakenBack: COINS });
      expect(await standing(tester.id)).toMatchObject({ coins: 0, exp: 0, level: 1, live: 0, ledgerCoins: 0, ledgerExp: 0 });
    }
    const { group } = await qualifiedStudy(tester.id);
    expect((await book(cookie, group.publicId)).json()).toMatchObject({ status: 'succeed', coins: COINS });
    expect(await standing(tester.id)).toMatchObject({ coins: COINS, exp: EXP, live: 1 });
    const rows = await takeBacks(tester.id);
    expect(rows).toHaveLength(5);
    expect(rows.every((row) => row.coins === -COINS && row.experience === -EXP && row.shortfallCoins === 0)).toBe(true);
  });

  it('takes back only what is left when the coins were already spent: the balance floors at 0 and the shortfall is recorded on the take-back', async () => {
    const { tester, cookie } = await createLoggedInTester(db());
    const { study, group } = await qualifiedStudy(tester.id);
    expect((await book(cookie, group.publicId)).json()).toMatchObject({ status: 'succeed', coins: COINS });
    // Spent 70 of the 100 meanwhile (a reward, a wheel spin: any spend).
    const ledger = createLedgerService(db(), { clock, onTesterChanged: () => undefined });
    await ledger.record({ testerId: tester.id, coins: -70, experience: 0, reason: 'redeem', reference: 'spent-before-cancel' });

    const cancelled = await cancel(cookie, study.studyNo);
    expect(cancelled.json()).toEqual({ status: 'succeed', coinsTakenBack: 30 });
    expect(await standing(tester.id)).toMatchObject({ coins: 0, exp: 0, level: 1, ledgerCoins: 0, ledgerExp: 0 });
    const [row] = await takeBacks(tester.id);
    expect(row).toMatchObject({ coins: -30, experience: -EXP, shortfallCoins: 70, shortfallExperience: 0 });
    expect(row!.reference).toBe(
      bookingTakeBackReference((await db().select().from(bookings).where(eq(bookings.testerId, tester.id)))[0]!.id),
    );

    // The earnings history says what happened, with the part already spent.
    const history = await testApp.app.inject({ method: 'GET', url: '/api/reward/GetEarningsHistory', headers: { cookie } });
    expect(history.json().entries[0]).toMatchObject({
      coins: -30,
      exp: -EXP,
      description: 'Booking cancelled: its scheduling coins taken back (70 already spent, not taken back)',
    });

    // Nothing left at all: the take-back still records what it was owed, and takes nothing.
    const second = await qualifiedStudy(tester.id);
    await book(cookie, second.group.publicId);
    await ledger.record({ testerId: tester.id, coins: -COINS, experience: 0, reason: 'redeem', reference: 'spent-everything' });
    expect((await cancel(cookie, second.study.studyNo)).json()).toEqual({ status: 'succeed', coinsTakenBack: 0 });
    expect(await standing(tester.id)).toMatchObject({ coins: 0, exp: 0, ledgerCoins: 0 });
    expect((await takeBacks(tester.id)).map((entry) => [entry.coins, entry.shortfallCoins])).toContainEqual([0, COINS]);
  });

  it('a change of time keeps the credit with the booking: nothing paid again, nothing taken back until the cancel', async () => {
    const { tester, cookie } = await createLoggedInTester(db());
    const { study, group, later } = await qualifiedStudy(tester.id);
    await book(cookie, group.publicId);
    const changed = await post('/api/schedule/confirmChangeSchedule', cookie, { ProtectedGroupID: [later.publicId] });
    expect(changed.json().status).toBe('succeed');
    expect(await standing(tester.id)).toMatchObject({ coins: COINS, exp: EXP, live: 1 });
    expect(await takeBacks(tester.id)).toHaveLength(0);
    expect((await cancel(cookie, study.studyNo)).json()).toEqual({ status: 'succeed', coinsTakenBack: COINS });
    expect(await standing(tester.id)).toMatchObject({ coins: 0, exp: 0, live: 0 });
  });
});

describe('children booked by their parent', () => {
  it("each child's booking pays the parent once, and cancelling the study takes every child's credit back from the parent", async () => {
    const { tester, cookie } = await createLoggedInTester(db());
    const study = await createStudy(db(), {
      projectType: 27,
      participantTypeId: 1,
      childMinimumAge: 6,
      childMaximumAge: 12,
      scheduleCoins: COINS,
      scheduleExp: EXP,
    });
    const group = await createSessionGroup(db(), {
      studyNo: study.studyNo,
      seats: 5,
      sessions: [{ startsAt: new Date(NOW.getTime() + 90 * HOUR_MS), endsAt: new Date(NOW.getTime() + 92 * HOUR_MS) }],
    });
    const kids = [];
    for (let index = 0; index < 3; index += 1) {
      const child = await createChild(db(), { parentId: tester.id, birthDate: `${NOW.getUTCFullYear() - 8}-01-15`, createdAt: NOW });
      await db()
        .insert(screenings)
        .values({ testerId: tester.id, childId: child.id, studyNo: study.studyNo, status: 'qualified', startedAt: NOW, completedAt: NOW });
      kids.push(child);
    }
    for (const child of kids) {
      const booked = await post('/api/schedule/SelfSchedule', cookie, {
        IsRequest: true,
        groupIDs: [group.publicId],
        Child: child.publicId,
      });
      expect(booked.json()).toMatchObject({ status: 'succeed', coins: COINS });
    }
    expect(await standing(tester.id)).toMatchObject({ coins: 3 * COINS, exp: 3 * EXP, live: 3 });
    expect((await cancel(cookie, study.studyNo)).json()).toEqual({ status: 'succeed', coinsTakenBack: 3 * COINS });
    expect(await standing(tester.id)).toMatchObject({ coins: 0, exp: 0, live: 0, ledgerCoins: 0 });
    expect(await takeBacks(tester.id)).toHaveLength(3);
  });
});

describe('migration 0040', () => {
  it('notes on each live booking made before it the credit its person was paid for the study, so its cancel takes that back', async () => {
    const { tester, cookie } = await createLoggedInTester(db());
    const child = await createChild(db(), { parentId: tester.id, birthDate: `${NOW.getUTCFullYear() - 8}-01-15`, createdAt: NOW });
    const own = await qualifiedStudy(tester.id);
    await book(cookie, own.group.publicId);
    await db().insert(screenings).values({
      testerId: tester.id,
      childId: child.id,
      studyNo: own.study.studyNo,
      status: 'qualified',
      startedAt: NOW,
      completedAt: NOW,
    });
    await post('/api/schedule/SelfSchedule', cookie, { IsRequest: true, groupIDs: [own.group.publicId], Child: child.publicId });
    // As before the migration: the credits paid, the bookings without their note.
    await db().update(bookings).set({ creditCoins: 0, creditExp: 0 }).where(eq(bookings.testerId, tester.id));

    const migration = readFileSync(new URL('../../core/db/migrations/0043_booking_credit_take_back.sql', import.meta.url), 'utf8');
    await db().execute(sql.raw(migration.split('--> statement-breakpoint').at(-1)!));

    const noted = await db().select().from(bookings).where(eq(bookings.testerId, tester.id));
    expect(noted.map((booking) => [booking.childId, booking.creditCoins, booking.creditExp])).toEqual(
      expect.arrayContaining([
        [null, COINS, EXP],
        [child.id, COINS, EXP],
      ]),
    );
    expect((await cancel(cookie, own.study.studyNo)).json()).toEqual({ status: 'succeed', coinsTakenBack: 2 * COINS });
    expect(await standing(tester.id)).toMatchObject({ coins: 0, exp: 0, ledgerCoins: 0 });
  });
});

describe('the take-back under simultaneous calls', () => {
  it('10 simultaneous book-and-cancel loops of one tester leave exactly 100 coins per booking still held, never less than 0', async () => {
    const { tester, cookie } = await createLoggedInTester(db());
    const studies = [];
    for (let index = 0; index < 10; index += 1) studies.push(await qualifiedStudy(tester.id));
    await Promise.all(
      studies.map(async ({ study, group }) => {
        for (let round = 0; round < 2; round += 1) {
          await book(cookie, group.publicId);
          await cancel(cookie, study.studyNo);
        }
        await book(cookie, group.publicId);
      }),
    );
    const after = await standing(tester.id);
    const credits = await db()
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.testerId, tester.id), eq(coinLedger.reason, 'selfSchedule')));
    // Some loops got through (the others met the one-upcoming-study rule): the race was real.
    expect(credits.length).toBeGreaterThan(after.live);
    expect(after.coins).toBe(COINS * after.live);
    expect(after.exp).toBe(EXP * after.live);
    expect(after.coins).toBe(after.ledgerCoins);
    expect(after.coins).toBeGreaterThanOrEqual(0);
  });

  it("the e-mail's one-click cancel link takes the credit back too, once, when it races the schedule page's cancel", async () => {
    const { tester, cookie } = await createLoggedInTester(db());
    const { study, group } = await qualifiedStudy(tester.id);
    await book(cookie, group.publicId);
    const [mail] = await mailsTo(db(), tester.email, 'schedule-booked');
    const answers = await Promise.all([
      post('/api/schedule/CancelByLink', '', { token: cancelTokenIn(mail!.text) }),
      cancel(cookie, study.studyNo),
    ]);
    expect(answers.filter((answer) => answer.statusCode === 200 && answer.json().status === 'succeed')).toHaveLength(1);
    expect(await takeBacks(tester.id)).toHaveLength(1);
    expect(await standing(tester.id)).toMatchObject({ coins: 0, exp: 0, live: 0, ledgerCoins: 0 });
  });

  it('two simultaneous cancels of one booking take its credit back once', async () => {
    const { tester, cookie } = await createLoggedInTester(db());
    const { study, group } = await qualifiedStudy(tester.id);
    await book(cookie, group.publicId);
    const answers = await Promise.all([cancel(cookie, study.studyNo), cancel(cookie, study.studyNo)]);
    const succeeded = answers.filter((answer) => answer.statusCode === 200);
    expect(succeeded.map((answer) => answer.json())).toEqual([{ status: 'succeed', coinsTakenBack: COINS }]);
    expect(answers.filter((answer) => answer.statusCode === 404)).toHaveLength(1);
    expect(await takeBacks(tester.id)).toHaveLength(1);
    expect(await standing(tester.id)).toMatchObject({ coins: 0, exp: 0, ledgerCoins: 0 });
  });
});
