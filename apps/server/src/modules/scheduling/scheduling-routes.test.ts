import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createBooking, createLoggedInTester, createSessionGroup, createStudy } from '../../../test/factories.ts';
import { createTestApp, useTestApp } from '../../../test/test-app.ts';
import { createFakeClock, HOUR_MS } from '../../core/clock.ts';
import { bookings, sessionGroups, testers } from '../../core/db/schema.ts';

/**
 * The schedule calls over HTTP (spec 3, section 7 "Schedule"; decision 022): the answers' shapes,
 * 400 naming the field for bad input, 401 without a session, 404 for another tester's booking.
 */

const NOW = new Date('2026-01-15T12:00:00Z');
const clock = createFakeClock(NOW);
const db = () => testApp.database.db;

const testApp = useTestApp({ clock });

const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR_MS);
const session = (startHours: number) => ({ startsAt: at(startHours), endsAt: at(startHours + 2) });

const get = (url: string, cookie?: string) => testApp.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, cookie: string | undefined, payload: unknown) =>
  testApp.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

/** A booking of the tester in the group, with its seat counted. */
async function bookInto(testerId: string, group: Awaited<ReturnType<typeof createSessionGroup>>) {
  await db()
    .update(sessionGroups)
    .set({ taken: sql`${sessionGroups.taken} + 1` })
    .where(eq(sessionGroups.id, group.id));
  const first = group.sessions[0]!;
  const last = group.sessions[group.sessions.length - 1]!;
  return createBooking(db(), { testerId, studyNo: group.studyNo, groupId: group.id, startsAt: first.startsAt, endsAt: last.endsAt });
}

/** A study with three groups (in person, two-day, full) and a tester booked in the first. */
async function bookedTester() {
  clock.set(NOW);
  const study = await createStudy(db());
  const first = await createSessionGroup(db(), { studyNo: study.studyNo, sessions: [session(48)] });
  const twoDay = await createSessionGroup(db(), { studyNo: study.studyNo, sessions: [session(72), session(96)], coOpCostCents: 12050 });
  const full = await createSessionGroup(db(), { studyNo: study.studyNo, seats: 1, taken: 1, sessions: [session(120)] });
  const { tester, cookie } = await createLoggedInTester(db());
  const booking = await bookInto(tester.id, first);
  return { study, first, twoDay, full, tester, cookie, booking };
}

const ROUTES: [method: 'GET' | 'POST', url: string, body?: unknown][] = [
  ['GET', '/api/schedule/GetCurrentSchedule'],
  ['GET', '/api/schedule/Index'],
  ['POST', '/api/schedule/GetScheduledGroupTime', { studyNo: 24101 }],
  ['POST', '/api/schedule/confirmChangeSchedule', { ProtectedGroupID: ['00000000-0000-4000-8000-000000000000'] }],
  ['POST', '/api/schedule/CancelSchedule', 24101],
  ['POST', '/api/schedule/CancelMultiSchedule', [24101]],
];

describe('the schedule calls', () => {
  it('answer 401 without a session', async () => {
    for (const [method, url, body] of ROUTES) {
      const response = method === 'GET' ? await get(url) : await post(url, undefined, body);
      expect(response.statusCode, url).toBe(401);
    }
  });
});

describe('GET /api/schedule/GetCurrentSchedule and /Index', () => {
  it("answers 'Nothing currently scheduled' as an empty list", async () => {
    const { cookie } = await createLoggedInTester(db());
    expect((await get('/api/schedule/GetCurrentSchedule', cookie)).json()).toEqual({
      status: 'succeed',
      scheduleStamps: [],
      isExternalStudy: false,
      noticeHours: 24,
    });
    expect((await get('/api/schedule/index', cookie)).json()).toEqual({ status: 'succeed', scheduleStamps: [] });
  });

  it("answers the tester's own stamps only, one per session day, flagging an external study", async () => {
    const { study, twoDay, tester, cookie } = await bookedTester();
    const other = await createLoggedInTester(db());
    await bookInto(other.tester.id, twoDay);
    const otherStudy = await createStudy(db());
    const external = await createSessionGroup(db(), { studyNo: otherStudy.studyNo, isExternal: true, sessions: [session(200)] });
    await bookInto(tester.id, external);

    const response = await get('/api/schedule/getCurrentSchedule', cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.isExternalStudy).toBe(true);
    expect(body.scheduleStamps.map((stamp: { studyNo: number; isExternal: boolean; changeable: boolean }) => stamp)).toMatchObject([
      { studyNo: study.studyNo, testerID: tester.id, isExternal: false, changeable: true, location: expect.stringContaining('Chicago') },
      { studyNo: otherStudy.studyNo, isExternal: true, isExternalStudy: true, changeable: false },
    ]);
    const index = (await get('/api/schedule/Index', cookie)).json();
    expect(Object.keys(index).sort()).toEqual(['scheduleStamps', 'status']);
    expect(index.scheduleStamps).toEqual(body.scheduleStamps);
  });
});

describe('POST /api/schedule/GetScheduledGroupTime', () => {
  it("lists the study's groups with days, compensation, availability and the current one", async () => {
    const { study, first, twoDay, full, cookie } = await bookedTester();
    const response = await post('/api/schedule/GetScheduledGroupTime', cookie, { studyNo: study.studyNo });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject([
      { groupId: first.publicId, isCurrent: true, available: true, totalTesterDays: 1, isMultiDay: false },
      {
        groupId: twoDay.publicId,
        isCurrent: false,
        available: true,
        totalTesterDays: 2,
        isMultiDay: true,
        coOpCost: 120.5,
        sessions: [
          { testerDay: 1, startsAt: at(72).toISOString() },
          { testerDay: 2, startsAt: at(96).toISOString() },
        ],
      },
      { groupId: full.publicId, available: false },
    ]);
  });

  it("answers 404 for a study the tester is not booked in (another tester's booking)", async () => {
    const { study } = await bookedTester();
    const { cookie } = await createLoggedInTester(db());
    expect((await post('/api/schedule/GetScheduledGroupTime', cookie, { studyNo: study.studyNo })).statusCode).toBe(404);
  });

  it('answers 400 naming studyNo for bad input', async () => {
    const { cookie } = await createLoggedInTester(db());
    for (const body of [{}, { studyNo: 'x' }, { studyNo: 0 }, { studyNo: 1.5 }, { studyNo: 1e12 }, { studyNo: null }]) {
      const response = await post('/api/schedule/GetScheduledGroupTime', cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().field).toBe('studyNo');
    }
    for (const body of ['not json', '[]', '7']) {
      expect((await post('/api/schedule/GetScheduledGroupTime', cookie, body)).statusCode, body).toBe(400);
    }
  });
});

describe('POST /api/schedule/confirmChangeSchedule', () => {
  it('moves the booking (succeed with the url), and keeps it on a full group (notAvailable with the refreshed list)', async () => {
    const { first, twoDay, full, tester, cookie } = await bookedTester();
    const moved = await post('/api/schedule/confirmChangeSchedule', cookie, { ProtectedGroupID: [twoDay.publicId] });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ status: 'succeed', url: '/community/main/schedule/check' });
    const refused = await post('/api/schedule/confirmChangeSchedule', cookie, { ProtectedGroupID: [full.publicId] });
    expect(refused.json().status).toBe('notAvailable');
    expect(refused.json().url).toBe('');
    expect(refused.json().filteredScheduleView.map((group: { groupId: string }) => group.groupId)).toEqual([
      first.publicId,
      twoDay.publicId,
      full.publicId,
    ]);
    const rows = await db().select().from(bookings).where(eq(bookings.testerId, tester.id));
    expect(rows).toMatchObject([{ groupId: twoDay.id, status: 'booked' }]);
  });

  it('answers changeEmailAddress for an invalid e-mail, and notChangeable inside the notice window', async () => {
    const { twoDay, tester, cookie } = await bookedTester();
    await db().update(testers).set({ email: 'broken-address' }).where(eq(testers.id, tester.id));
    const answer = await post('/api/schedule/confirmChangeSchedule', cookie, { ProtectedGroupID: [twoDay.publicId] });
    expect(answer.json().status).toBe('changeEmailAddress');
    clock.set(at(30));
    expect((await post('/api/schedule/confirmChangeSchedule', cookie, { ProtectedGroupID: [twoDay.publicId] })).json().status).toBe(
      'notChangeable',
    );
    clock.set(NOW);
  });

  it("answers 404 for an unknown group or one of a study the tester is not booked in (another tester's)", async () => {
    const { twoDay } = await bookedTester();
    const { cookie } = await createLoggedInTester(db());
    expect((await post('/api/schedule/confirmChangeSchedule', cookie, { ProtectedGroupID: [twoDay.publicId] })).statusCode).toBe(404);
    const unknown = { ProtectedGroupID: ['00000000-0000-4000-8000-000000000000'] };
    expect((await post('/api/schedule/confirmChangeSchedule', cookie, unknown)).statusCode).toBe(404);
  });

  it('answers 400 naming ProtectedGroupID for bad input', async () => {
    const { cookie } = await createLoggedInTester(db());
    const cases: [unknown, string][] = [
      [{}, 'ProtectedGroupID'],
      [{ ProtectedGroupID: [] }, 'ProtectedGroupID'],
      [{ ProtectedGroupID: 'x' }, 'ProtectedGroupID'],
      [{ ProtectedGroupID: ['not-a-uuid'] }, 'ProtectedGroupID.0'],
      [{ ProtectedGroupID: [42] }, 'ProtectedGroupID.0'],
      [{ ProtectedGroupID: ['\u0000'] }, 'ProtectedGroupID.0'],
    ];
    for (const [body, field] of cases) {
      const response = await post('/api/schedule/confirmChangeSchedule', cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().field, JSON.stringify(body)).toBe(field);
    }
  });
});

describe('POST /api/schedule/CancelSchedule and /CancelMultiSchedule', () => {
  it('cancels before the window; answers 101 inside it', async () => {
    const { study, tester, cookie } = await bookedTester();
    clock.set(at(48 - 24));
    expect((await post('/api/schedule/CancelSchedule', cookie, study.studyNo)).json()).toEqual({ status: '101', coinsTakenBack: 0 });
    clock.set(at(48 - 25));
    expect((await post('/api/schedule/CancelSchedule', cookie, study.studyNo)).json()).toEqual({ status: 'succeed', coinsTakenBack: 0 });
    const rows = await db().select().from(bookings).where(eq(bookings.testerId, tester.id));
    expect(rows.map((row) => row.status)).toEqual(['cancelled']);
    clock.set(NOW);
  });

  it('answers 102 for an invalid e-mail address', async () => {
    const { study, tester, cookie } = await bookedTester();
    await db().update(testers).set({ email: 'broken-address-2' }).where(eq(testers.id, tester.id));
    expect((await post('/api/schedule/CancelSchedule', cookie, study.studyNo)).json()).toEqual({ status: '102', coinsTakenBack: 0 });
  });

  it("refuses another tester's booking with 404 and leaves it booked", async () => {
    const { study, booking } = await bookedTester();
    const { cookie } = await createLoggedInTester(db());
    expect((await post('/api/schedule/CancelSchedule', cookie, study.studyNo)).statusCode).toBe(404);
    expect((await post('/api/schedule/CancelMultiSchedule', cookie, [study.studyNo])).statusCode).toBe(404);
    const [row] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.status).toBe('booked');
  });

  it('cancels several studies at once', async () => {
    const { study, tester, cookie } = await bookedTester();
    const second = await createStudy(db());
    await bookInto(tester.id, await createSessionGroup(db(), { studyNo: second.studyNo, sessions: [session(300)] }));
    expect((await post('/api/schedule/CancelMultiSchedule', cookie, [study.studyNo, second.studyNo])).json()).toEqual({
      status: 'succeed',
      coinsTakenBack: 0,
    });
    expect((await get('/api/schedule/GetCurrentSchedule', cookie)).json().scheduleStamps).toEqual([]);
  });

  it('answer 400 for bad input, naming the field', async () => {
    const { cookie } = await createLoggedInTester(db());
    for (const body of ['"x"', '{}', '-1', '0', '1.5', '[1]', 'null', 'nope']) {
      const response = await post('/api/schedule/CancelSchedule', cookie, body);
      expect(response.statusCode, body).toBe(400);
      if (body !== 'nope') expect(response.json().field, body).toBe('body');
    }
    const multi: [string, string][] = [
      ['[]', 'body'],
      ['7', 'body'],
      ['[1, "a"]', '1'],
      ['[0]', '0'],
      [JSON.stringify(Array.from({ length: 21 }, (_, index) => index + 1)), 'body'],
    ];
    for (const [body, field] of multi) {
      const response = await post('/api/schedule/CancelMultiSchedule', cookie, body);
      expect(response.statusCode, body).toBe(400);
      expect(response.json().field, body).toBe(field);
    }
  });
});

describe('SCHEDULE_NOTICE_HOURS', () => {
  it('moves the window: with 12 hours a cancel 13 hours ahead succeeds, and the answer says 12', async () => {
    const twelve = await createTestApp({ clock, env: { SCHEDULE_NOTICE_HOURS: '12' }, database: testApp.database });
    try {
      clock.set(NOW);
      const study = await createStudy(twelve.database.db);
      const group = await createSessionGroup(twelve.database.db, { studyNo: study.studyNo, sessions: [session(13)] });
      const { tester, cookie } = await createLoggedInTester(twelve.database.db);
      await createBooking(twelve.database.db, {
        testerId: tester.id,
        studyNo: study.studyNo,
        groupId: group.id,
        startsAt: at(13),
        endsAt: at(15),
      });
      const schedule = await twelve.app.inject({ method: 'GET', url: '/api/schedule/GetCurrentSchedule', headers: { cookie } });
      expect(schedule.json()).toMatchObject({ noticeHours: 12, scheduleStamps: [{ changeable: true }] });
      const cancel = await twelve.app.inject({
        method: 'POST',
        url: '/api/schedule/CancelSchedule',
        headers: { cookie, 'content-type': 'application/json' },
        payload: String(study.studyNo),
      });
      expect(cancel.json()).toEqual({ status: 'succeed', coinsTakenBack: 0 });
    } finally {
      await twelve.close();
    }
  });
});
