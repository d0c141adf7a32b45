import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import type { CalendarSession, CalendarSessionsResponse, DayListResponse } from '@testerhub/shared/calendar-schemas';
import { createBooking, createChild, createSessionGroup, createStudy, createTester } from '../../../../test/factories.ts';
import { useStaffTestApp } from '../../../../test/staff-helpers.ts';
import { createFakeClock } from '../../../core/clock.ts';
import { staffAuditLog } from '../../../core/db/schema.ts';

/** Wednesday 25 November 2026, noon in Chicago (sites 00001 and 00002), 1 p.m. in New York (00003). */
const NOW = new Date('2026-11-25T18:00:00Z');
const TODAY = '2026-11-25';
const HOUR = 3_600_000;
const clock = createFakeClock(NOW);

const { testApp, db, get, staffCookie, countStatements } = useStaffTestApp(clock);

async function sessionsOf(cookie: string, query: string): Promise<CalendarSessionsResponse> {
  const answer = await get(`/api/staff/calendar/Sessions?${query}`, cookie);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

/** A study with a one-session group at `siteId` (null: virtual) starting at `startsAt`, two hours long. */
async function sessionAt(
  siteId: string | null,
  startsAt: Date,
  group: { seats?: number; taken?: number; held?: number; overbook?: number } = {},
) {
  const study = await createStudy(db(), { studyBasicInfo: `Calendar study at ${siteId ?? 'home'}` });
  const created = await createSessionGroup(db(), {
    studyNo: study.studyNo,
    siteId,
    ...(siteId === null && { kind: 'virtual', videoLink: 'https://video.example/calendar' }),
    cell: `K${study.studyNo}`,
    color: 'Green',
    ...group,
    sessions: [{ startsAt, endsAt: new Date(startsAt.getTime() + 2 * HOUR) }],
  });
  return { study, group: created, startsAt, endsAt: new Date(startsAt.getTime() + 2 * HOUR) };
}

const ofStudy = (response: CalendarSessionsResponse, studyNo: number): CalendarSession[] =>
  response.sessions.filter((session) => session.studyNo === studyNo);

describe('the calendar of sessions', () => {
  it('is for recruiters, site staff and admins; rewards and content staff are refused', async () => {
    for (const roles of [['recruiter'], ['site-staff'], ['admin']] as StaffRole[][]) {
      const { cookie } = await staffCookie(roles);
      expect((await get(`/api/staff/calendar/Sessions?from=${TODAY}&days=7`, cookie)).statusCode, roles.join()).toBe(200);
      expect((await get(`/api/staff/calendar/DayList?date=${TODAY}&siteId=00001`, cookie)).statusCode, roles.join()).toBe(200);
    }
    for (const roles of [['rewards'], ['content']] as StaffRole[][]) {
      const { cookie } = await staffCookie(roles);
      expect((await get(`/api/staff/calendar/Sessions?from=${TODAY}&days=7`, cookie)).statusCode, roles.join()).toBe(403);
      expect((await get(`/api/staff/calendar/DayList?date=${TODAY}&siteId=00001`, cookie)).statusCode, roles.join()).toBe(403);
      expect((await get(`/api/staff/calendar/DayList.csv?date=${TODAY}&siteId=00001`, cookie)).statusCode, roles.join()).toBe(403);
    }
    const { cookie } = await staffCookie(['recruiter']);
    expect((await get(`/api/staff/calendar/Sessions?from=${TODAY}&days=3`, cookie)).statusCode).toBe(400);
    expect((await get(`/api/staff/calendar/Sessions?from=2026-02-30&days=1`, cookie)).statusCode).toBe(400);
    expect((await get(`/api/staff/calendar/DayList?date=0000-01-01&siteId=00001`, cookie)).statusCode).toBe(400);
    expect((await get(`/api/staff/calendar/DayList?date=${TODAY}&siteId=99999`, cookie)).statusCode).toBe(404);
  });

  it('counts seats taken, held and free, check-ins and no-shows from a booking, a check-in, a no-show and a held seat', async () => {
    const { cookie: recruiter } = await staffCookie(['recruiter']);
    const { cookie: siteStaff } = await staffCookie(['site-staff'], ['00001']);
    const { study, group, startsAt, endsAt } = await sessionAt('00001', new Date(NOW.getTime() - HOUR / 2), {
      seats: 4,
      taken: 3,
      held: 1,
      overbook: 1,
    });
    const [booked, toCheckIn, noShow] = await Promise.all(['Bea', 'Cal', 'Dot'].map((firstName) => createTester(db(), { firstName })));
    await createBooking(db(), { testerId: booked!.id, studyNo: study.studyNo, groupId: group.id, startsAt, endsAt });
    const coming = await createBooking(db(), { testerId: toCheckIn!.id, studyNo: study.studyNo, groupId: group.id, startsAt, endsAt });
    await createBooking(db(), { testerId: noShow!.id, studyNo: study.studyNo, groupId: group.id, startsAt, endsAt, status: 'noShow' });
    // The check-in through site staff's own call.
    const marked = await testApp.app.inject({
      method: 'POST',
      url: '/api/staff/check-in/MarkAttended',
      headers: { cookie: siteStaff, 'content-type': 'application/json' },
      payload: JSON.stringify({ bookingId: coming.id }),
    });
    expect(marked.json()).toMatchObject({ status: 'succeed' });

    const week = await sessionsOf(recruiter, `from=${TODAY}&days=7`);
    expect(ofStudy(week, study.studyNo)).toEqual([
      {
        sessionId: group.sessions[0]!.id,
        day: TODAY,
        startsAt: startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
        testerDay: 1,
        siteId: '00001',
        studyNo: study.studyNo,
        studyName: 'Calendar study at 00001',
        group: { cell: `K${study.studyNo}`, color: 'Green', kind: 'inPerson', status: 'Open' },
        seats: 4,
        taken: 3,
        held: 1,
        overbook: 1,
        free: 0,
        booked: 1,
        checkedIn: 1,
        noShows: 1,
      },
    ]);
    expect(week.sites).toEqual(
      expect.arrayContaining([
        { siteId: '00001', name: 'Chicago Test Center', timeZone: 'America/Chicago' },
        { siteId: '00003', name: 'New York Test Center', timeZone: 'America/New_York' },
        { siteId: null, name: 'Virtual sessions', timeZone: 'America/Chicago' },
      ]),
    );
  });

  it('puts each session on its own site’s day: 05:30 UTC is still Wednesday in Chicago but Thursday in New York', async () => {
    const { cookie } = await staffCookie(['recruiter']);
    const lateEvening = new Date('2026-11-26T05:30:00Z');
    const chicago = await sessionAt('00001', lateEvening);
    const newYork = await sessionAt('00003', lateEvening);
    const wednesday = await sessionsOf(cookie, `from=${TODAY}&days=1`);
    expect(ofStudy(wednesday, chicago.study.studyNo).map((session) => session.day)).toEqual([TODAY]);
    expect(ofStudy(wednesday, newYork.study.studyNo)).toEqual([]);
    const thursday = await sessionsOf(cookie, `from=2026-11-26&days=1&siteId=00003`);
    expect(ofStudy(thursday, newYork.study.studyNo).map((session) => session.day)).toEqual(['2026-11-26']);
    expect(ofStudy(thursday, chicago.study.studyNo)).toEqual([]);
  });

  it('shows site staff their own sites only: no other site, no virtual sessions, 403 when they ask for another site', async () => {
    const { cookie } = await staffCookie(['site-staff'], ['00001']);
    const own = await sessionAt('00001', new Date(NOW.getTime() + 2 * HOUR));
    const other = await sessionAt('00003', new Date(NOW.getTime() + 2 * HOUR));
    const virtual = await sessionAt(null, new Date(NOW.getTime() + 2 * HOUR));
    const week = await sessionsOf(cookie, `from=${TODAY}&days=7`);
    expect(week.sites).toEqual([{ siteId: '00001', name: 'Chicago Test Center', timeZone: 'America/Chicago' }]);
    expect(ofStudy(week, own.study.studyNo)).toHaveLength(1);
    expect(ofStudy(week, other.study.studyNo)).toEqual([]);
    expect(ofStudy(week, virtual.study.studyNo)).toEqual([]);
    expect(week.sessions.every((session) => session.siteId === '00001')).toBe(true);

    for (const url of [
      `/api/staff/calendar/Sessions?from=${TODAY}&days=7&siteId=00003`,
      `/api/staff/calendar/DayList?date=${TODAY}&siteId=00003`,
      `/api/staff/calendar/DayList.csv?date=${TODAY}&siteId=00003`,
    ]) {
      const refused = await get(url, cookie);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe('That site is not one of yours: choose one of your sites.');
    }

    // A recruiter sees every site and the virtual sessions.
    const recruiter = await staffCookie(['recruiter']);
    const all = await sessionsOf(recruiter.cookie, `from=${TODAY}&days=7`);
    for (const created of [own, other, virtual]) expect(ofStudy(all, created.study.studyNo)).toHaveLength(1);
  });

  it('reads the sessions in the same number of statements for one session or seven', async () => {
    const { cookie } = await staffCookie(['recruiter']);
    const day = '2026-12-02';
    const at = new Date('2026-12-02T16:00:00Z');
    const counted = async () => {
      const { result, statements } = await countStatements(() => sessionsOf(cookie, `from=${day}&days=1`));
      return { statements, sessions: result.sessions.length };
    };
    const first = await sessionAt('00001', at);
    await createBooking(db(), {
      testerId: (await createTester(db())).id,
      studyNo: first.study.studyNo,
      groupId: first.group.id,
      startsAt: first.startsAt,
      endsAt: first.endsAt,
    });
    await counted(); // warms the session and the test sites
    const one = await counted();
    for (const siteId of ['00001', '00002', '00003', '00001', '00002', '00003']) {
      const more = await sessionAt(siteId, at);
      await createBooking(db(), {
        testerId: (await createTester(db())).id,
        studyNo: more.study.studyNo,
        groupId: more.group.id,
        startsAt: more.startsAt,
        endsAt: more.endsAt,
      });
    }
    const seven = await counted();
    expect([one.sessions, seven.sessions]).toEqual([1, 7]);
    expect(seven.statements).toBe(one.statements);
    // The session's stored staff session, the sessions with their counts, the study names.
    expect(one.statements).toBeLessThanOrEqual(3);
  });
});

describe('the list of the day', () => {
  it('lists each household once with phone, children and ages, by time, and audits every read', async () => {
    const { staff, cookie } = await staffCookie(['site-staff'], ['00002']);
    const morning = await sessionAt('00002', new Date('2026-11-25T15:00:00Z'), { taken: 3 });
    const afternoon = await sessionAt('00002', new Date('2026-11-25T20:00:00Z'), { taken: 1 });
    // Tomorrow, and another site today: neither is on the list.
    const tomorrow = await sessionAt('00002', new Date('2026-11-26T15:00:00Z'), { taken: 1 });
    const elsewhere = await sessionAt('00001', new Date('2026-11-25T15:00:00Z'), { taken: 1 });

    const parent = await createTester(db(), { firstName: 'Paula', lastName: 'Parent', phone: '2145550199' });
    const child = await createChild(db(), { parentId: parent.id, birthDate: '2018-11-26', firstName: 'Kit', lastName: 'Parent' });
    const seat = { studyNo: morning.study.studyNo, groupId: morning.group.id, startsAt: morning.startsAt, endsAt: morning.endsAt };
    await createBooking(db(), { testerId: parent.id, ...seat });
    await createBooking(db(), { testerId: parent.id, childId: child.id, ...seat });
    const late = await createTester(db(), { firstName: 'Abe', lastName: 'Later', phone: '2145550111' });
    await createBooking(db(), {
      testerId: late.id,
      studyNo: afternoon.study.studyNo,
      groupId: afternoon.group.id,
      startsAt: afternoon.startsAt,
      endsAt: afternoon.endsAt,
      status: 'attended',
    });
    for (const other of [tomorrow, elsewhere]) {
      await createBooking(db(), {
        testerId: (await createTester(db(), { firstName: 'Notto', lastName: 'Day' })).id,
        studyNo: other.study.studyNo,
        groupId: other.group.id,
        startsAt: other.startsAt,
        endsAt: other.endsAt,
      });
    }
    const cancelled = await createTester(db(), { firstName: 'Cancel', lastName: 'Led' });
    await createBooking(db(), { testerId: cancelled.id, ...seat, status: 'cancelled' });

    const answer = await get(`/api/staff/calendar/DayList?date=${TODAY}&siteId=00002`, cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    const list: DayListResponse = answer.json();
    expect(list.site).toEqual({ siteId: '00002', name: 'Dallas Test Center', timeZone: 'America/Chicago' });
    expect(list.people).toEqual([
      expect.objectContaining({
        startsAt: '2026-11-25T15:00:00.000Z',
        testerName: 'Paula Parent',
        phone: '2145550199',
        testerBooked: true,
        // Kit turns 8 tomorrow: 7 on the day.
        children: [{ name: 'Kit Parent', age: 7 }],
        studyNo: morning.study.studyNo,
        studyName: 'Calendar study at 00002',
        cell: `K${morning.study.studyNo}`,
        status: 'booked',
      }),
      expect.objectContaining({ testerName: 'Abe Later', phone: '2145550111', testerBooked: true, children: [], status: 'checkedIn' }),
    ]);

    const csv = await get(`/api/staff/calendar/DayList.csv?date=${TODAY}&siteId=00002`, cookie);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="day-list-00002-${TODAY}.csv"`);
    expect(csv.body.split('\r\n')).toEqual([
      'Time,Ends,Tester,Phone,Tester booked,Children,Study,Cell,Status',
      `9:00 AM,11:00 AM,Paula Parent,2145550199,Yes,Kit Parent (7),${morning.study.studyNo} · Calendar study at 00002,K${morning.study.studyNo},Booked`,
      `2:00 PM,4:00 PM,Abe Later,2145550111,Yes,,${afternoon.study.studyNo} · Calendar study at 00002,K${afternoon.study.studyNo},Checked in`,
      '',
    ]);

    const audit = await db()
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.staffId, staff.id), eq(staffAuditLog.action, 'calendar.day-list')))
      .orderBy(staffAuditLog.id);
    expect(audit.map((row) => ({ target: [row.targetType, row.targetId], after: row.after }))).toEqual([
      { target: ['site', '00002'], after: { date: TODAY, format: 'page', people: 2 } },
      { target: ['site', '00002'], after: { date: TODAY, format: 'csv', people: 2 } },
    ]);
  });
});

describe('the first read, with no day asked (decision 145)', () => {
  it('starts on today on the chosen site’s clock, else the company’s; a week on its Monday', async () => {
    // 05:30 UTC on Monday 30 November 2026: 00:30 Monday in New York (00003), 23:30 Sunday in Chicago (00001, the company).
    clock.set('2026-11-30T05:30:00Z');
    try {
      const { cookie } = await staffCookie(['recruiter']);
      const mondayInNewYork = await sessionAt('00003', new Date('2026-11-30T14:00:00Z'));
      const newYorkDay = await sessionsOf(cookie, 'days=1&siteId=00003');
      expect(newYorkDay.from).toBe('2026-11-30');
      expect(ofStudy(newYorkDay, mondayInNewYork.study.studyNo)).toHaveLength(1);
      expect((await sessionsOf(cookie, 'days=1&siteId=00001')).from).toBe('2026-11-29');
      expect((await sessionsOf(cookie, 'days=1')).from).toBe('2026-11-29');
      expect((await sessionsOf(cookie, 'days=7&siteId=00003')).from).toBe('2026-11-30');
      expect((await sessionsOf(cookie, 'days=7')).from).toBe('2026-11-23');
      // A day asked is the day read, whatever the clocks say.
      expect((await sessionsOf(cookie, 'from=2026-11-25&days=1&siteId=00003')).from).toBe('2026-11-25');
    } finally {
      clock.set(NOW);
    }
  });
});
