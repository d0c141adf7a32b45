import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SESSION_ADMIN_TEXTS, type SessionGroupFields, type StaffGroupsResponse } from '@testerhub/shared/session-admin-schemas';
import { getWith, postJson } from '../../../../test/account-helpers.ts';
import { createLoggedInTester, createQualifiedScreening, createSessionGroup, createStudy } from '../../../../test/factories.ts';
import { auditRowsWhere, signedInStaff, TEST_STAFF_TOTP_KEY } from '../../../../test/staff-helpers.ts';
import { TEST_LINK_SECRET } from '../../../../test/schedule-mail-helpers.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { createFakeClock, HOUR_MS, MINUTE_MS } from '../../../core/clock.ts';
import { bookings, groupSessions, seatOffers, sessionGroups } from '../../../core/db/schema.ts';

/**
 * Session groups in the staff console (issue 12 section 2; decision 051): the list, create, edit,
 * open and close with their audit rows; seats never below the seats booked or held, also while
 * bookings race the change; more seats or an opened group move the waiting list.
 */

const NOW = new Date('2026-01-15T12:00:00Z');
const clock = createFakeClock(NOW);
const testApp = useTestApp({ clock, env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY, STUDY_LINK_SECRET: TEST_LINK_SECRET } });
const db = () => testApp.database.db;

const recruiter = () => signedInStaff(db(), ['recruiter']);

const call = (path: string, cookie: string, body: unknown) => postJson(testApp.app, `/api/staff/sessions/${path}`, body, { cookie });
const groupsOf = async (cookie: string, studyNo: number) => {
  const answer = await getWith(testApp.app, `/api/staff/sessions/Groups?studyNo=${studyNo}`, { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as StaffGroupsResponse;
};
const seatsOf = async (groupId: number) =>
  (
    await db()
      .select({ seats: sessionGroups.seats, taken: sessionGroups.taken, held: sessionGroups.held })
      .from(sessionGroups)
      .where(eq(sessionGroups.id, groupId))
  )[0]!;
const auditOf = (groupId: string) => auditRowsWhere(db(), { targetType: 'session-group', targetId: groupId });

/** An in-person group at the Chicago site, 20 January 2026, 9:00 to 11:00 on the site's clock. */
const fields = (overrides: Partial<SessionGroupFields> = {}): SessionGroupFields => ({
  kind: 'inPerson',
  siteId: '00001',
  videoLink: '',
  pickUpDate: '',
  pickUpTime: '',
  color: 'Green',
  cell: 'A1',
  coOpCost: 75.5,
  seats: 3,
  status: 'Open',
  isExternal: false,
  sessions: [{ date: '2026-01-20', start: '09:00', end: '11:00' }],
  ...overrides,
});

/** A one-seat group three days ahead booked by a qualified tester through SelfSchedule. */
async function bookedGroup(seats = 1) {
  const study = await createStudy(db(), { scheduleCoins: 0, scheduleExp: 0 });
  const startsAt = new Date(NOW.getTime() + 72 * HOUR_MS);
  const group = await createSessionGroup(db(), {
    studyNo: study.studyNo,
    seats,
    sessions: [{ startsAt, endsAt: new Date(startsAt.getTime() + 2 * HOUR_MS) }],
  });
  const qualified = async () => {
    const logged = await createLoggedInTester(db());
    await createQualifiedScreening(db(), { testerId: logged.tester.id, studyNo: study.studyNo, at: NOW });
    return logged;
  };
  const holder = await qualified();
  const booked = await postJson(
    testApp.app,
    '/api/schedule/SelfSchedule',
    { IsRequest: true, groupIDs: [group.publicId] },
    { cookie: holder.cookie },
  );
  expect(booked.json().status).toBe('succeed');
  return { study, group, holder, qualified };
}

describe('creating and listing groups', () => {
  it('creates a group from the site’s wall clock, audits it, and lists it with its form values', async () => {
    const { staff, cookie } = await recruiter();
    const study = await createStudy(db());
    const answer = await call('CreateGroup', cookie, {
      studyNo: study.studyNo,
      ...fields({
        sessions: [
          { date: '2026-01-21', start: '13:00', end: '15:30' },
          { date: '2026-01-20', start: '09:00', end: '11:00' },
        ],
      }),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const created = answer.json();
    expect(created).toMatchObject({ status: 'succeed', message: SESSION_ADMIN_TEXTS.created });

    const [row] = await db().select().from(sessionGroups).where(eq(sessionGroups.publicId, created.groupId));
    expect(row).toMatchObject({
      studyNo: study.studyNo,
      siteId: '00001',
      kind: 'inPerson',
      color: 'Green',
      cell: 'A1',
      coOpCostCents: 7550,
      seats: 3,
      taken: 0,
      status: 'Open',
    });
    const days = await db().select().from(groupSessions).where(eq(groupSessions.groupId, row!.id)).orderBy(groupSessions.testerDay);
    // Chicago is UTC-6 in January: 9:00 there is 15:00 UTC; the days are ordered by time.
    expect(days.map((day) => [day.testerDay, day.startsAt.toISOString(), day.endsAt.toISOString()])).toEqual([
      [1, '2026-01-20T15:00:00.000Z', '2026-01-20T17:00:00.000Z'],
      [2, '2026-01-21T19:00:00.000Z', '2026-01-21T21:30:00.000Z'],
    ]);
    const [audit] = await auditOf(created.groupId);
    expect(audit).toMatchObject({ staffId: staff.id, action: 'session-group.create', before: null });
    expect(audit!.after).toMatchObject({ seats: 3, cell: 'A1', coOpCostCents: 7550 });

    const listed = await groupsOf(cookie, study.studyNo);
    expect(listed.studyName).toBe(study.studyBasicInfo);
    expect(listed.sites.map((site) => site.siteId)).toContain('00001');
    const shown = listed.groups.find((group) => group.groupId === created.groupId)!;
    expect(shown).toMatchObject({ taken: 0, held: 0, seats: 3, timeZone: 'America/Chicago', coOpCost: 75.5 });
    expect(shown.fields.sessions).toEqual([
      { date: '2026-01-20', start: '09:00', end: '11:00' },
      { date: '2026-01-21', start: '13:00', end: '15:30' },
    ]);
  });

  it('lists when each group stops taking bookings (24 hours before its first session), and that it has once past (issue 29)', async () => {
    const { cookie } = await recruiter();
    const study = await createStudy(db());
    const startsIn = (hours: number) => {
      const startsAt = new Date(NOW.getTime() + hours * HOUR_MS);
      return [{ startsAt, endsAt: new Date(startsAt.getTime() + 2 * HOUR_MS) }];
    };
    const later = await createSessionGroup(db(), { studyNo: study.studyNo, seats: 4, sessions: startsIn(72) });
    const soon = await createSessionGroup(db(), { studyNo: study.studyNo, seats: 4, sessions: startsIn(10) });
    const window = async () =>
      new Map((await groupsOf(cookie, study.studyNo)).groups.map((group) => [group.groupId, [group.bookingClosesAt, group.bookingClosed]]));
    const listed = await window();
    expect(listed.get(later.publicId)).toEqual([new Date(NOW.getTime() + 48 * HOUR_MS).toISOString(), false]);
    expect(listed.get(soon.publicId)).toEqual([new Date(NOW.getTime() - 14 * HOUR_MS).toISOString(), true]);
    // At the 24th hour before its start the later group stops taking bookings too.
    clock.set(new Date(NOW.getTime() + 48 * HOUR_MS - 1));
    expect((await window()).get(later.publicId)![1]).toBe(false);
    clock.set(new Date(NOW.getTime() + 48 * HOUR_MS));
    expect((await window()).get(later.publicId)![1]).toBe(true);
    clock.set(NOW);
  });

  it('answers 400 with the field’s message, 404 for an unknown study, and failed for an unknown site, writing nothing', async () => {
    const { cookie } = await recruiter();
    const study = await createStudy(db());
    const bad = await call('CreateGroup', cookie, {
      studyNo: study.studyNo,
      ...fields({ kind: 'virtual', siteId: null, videoLink: 'ftp://x', seats: 0 }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(SESSION_ADMIN_TEXTS.videoLinkInvalid);
    expect((await getWith(testApp.app, '/api/staff/sessions/Groups?studyNo=999999', { cookie })).statusCode).toBe(404);
    expect((await call('CreateGroup', cookie, { studyNo: 999_999, ...fields() })).json()).toEqual({
      status: 'failed',
      message: SESSION_ADMIN_TEXTS.studyNotFound,
    });
    expect((await call('CreateGroup', cookie, { studyNo: study.studyNo, ...fields({ siteId: '99999' }) })).json()).toEqual({
      status: 'failed',
      message: SESSION_ADMIN_TEXTS.unknownSite,
      field: 'siteId',
    });
    expect(await db().select().from(sessionGroups).where(eq(sessionGroups.studyNo, study.studyNo))).toHaveLength(0);
  });

  it('creates a pick-up group with its pick-up moment and video link', async () => {
    const { cookie } = await recruiter();
    const study = await createStudy(db());
    const created = (
      await call('CreateGroup', cookie, {
        studyNo: study.studyNo,
        ...fields({ kind: 'pickUp', videoLink: 'https://video.example.test/room', pickUpDate: '2026-01-19', pickUpTime: '16:00' }),
      })
    ).json();
    expect(created.status).toBe('succeed');
    const [row] = await db().select().from(sessionGroups).where(eq(sessionGroups.publicId, created.groupId));
    expect(row!.pickUpAt!.toISOString()).toBe('2026-01-19T22:00:00.000Z');
    expect(row!.videoLink).toBe('https://video.example.test/room');
  });
});

describe('editing a group', () => {
  it('refuses seats below the seats booked, with the message and no audit row; the booked number itself is allowed', async () => {
    const { cookie } = await recruiter();
    const { group } = await bookedGroup(3);
    const listed = (await groupsOf(cookie, group.studyNo)).groups[0]!;
    const refused = await call('UpdateGroup', cookie, { groupId: group.publicId, ...listed.fields, seats: 0 });
    expect(refused.statusCode).toBe(400);
    // Three seats booked of three (the count as bookings leave it): two seats are refused.
    await db().update(sessionGroups).set({ taken: 3 }).where(eq(sessionGroups.id, group.id));
    const below = await call('UpdateGroup', cookie, { groupId: group.publicId, ...listed.fields, seats: 2 });
    expect(below.json()).toEqual({ status: 'failed', message: SESSION_ADMIN_TEXTS.seatsBelowBookings(3), field: 'seats' });
    expect(SESSION_ADMIN_TEXTS.seatsBelowBookings(3)).toBe(
      'Seats cannot be fewer than the 3 seats already booked or held for the waiting list.',
    );
    expect(await auditOf(group.publicId)).toHaveLength(0);
    expect(await seatsOf(group.id)).toMatchObject({ seats: 3, taken: 3 });
    await db().update(sessionGroups).set({ taken: 1 }).where(eq(sessionGroups.id, group.id));
    const exact = await call('UpdateGroup', cookie, { groupId: group.publicId, ...listed.fields, seats: 1, color: 'Red', coOpCost: 90 });
    expect(exact.json()).toMatchObject({ status: 'succeed', message: SESSION_ADMIN_TEXTS.updated });
    expect(await seatsOf(group.id)).toMatchObject({ seats: 1, taken: 1 });
    const [audit] = await auditOf(group.publicId);
    expect(audit).toMatchObject({ action: 'session-group.update' });
    expect([(audit!.before as { seats: number }).seats, (audit!.after as { seats: number; color: string }).seats]).toEqual([3, 1]);
  });

  it('keeps the kind, site and times of a group holding a booking, and changes them on an empty one', async () => {
    const { cookie } = await recruiter();
    const { group } = await bookedGroup(2);
    const listed = (await groupsOf(cookie, group.studyNo)).groups[0]!;
    const moved = await call('UpdateGroup', cookie, {
      groupId: group.publicId,
      ...listed.fields,
      sessions: [{ date: '2026-01-25', start: '10:00', end: '12:00' }],
    });
    expect(moved.json()).toEqual({ status: 'failed', message: SESSION_ADMIN_TEXTS.fixedWhileBooked });
    expect((await call('UpdateGroup', cookie, { groupId: group.publicId, ...listed.fields, siteId: '00002' })).json().status).toBe(
      'failed',
    );

    const study = await createStudy(db());
    const empty = (await call('CreateGroup', cookie, { studyNo: study.studyNo, ...fields() })).json();
    const changed = await call('UpdateGroup', cookie, {
      groupId: empty.groupId,
      ...fields({ sessions: [{ date: '2026-01-25', start: '10:00', end: '12:00' }] }),
    });
    expect(changed.json().status).toBe('succeed');
    const [row] = await db().select().from(sessionGroups).where(eq(sessionGroups.publicId, empty.groupId));
    const days = await db().select().from(groupSessions).where(eq(groupSessions.groupId, row!.id));
    expect(days.map((day) => day.startsAt.toISOString())).toEqual(['2026-01-25T16:00:00.000Z']);
    expect((await call('UpdateGroup', cookie, { groupId: '00000000-0000-4000-8000-000000000000', ...fields() })).json()).toEqual({
      status: 'failed',
      message: SESSION_ADMIN_TEXTS.groupNotFound,
    });
  });

  it('raising the seats offers the new seat to the first tester waiting for the group (scheduling’s promotion)', async () => {
    const { cookie } = await recruiter();
    const { study, group, qualified } = await bookedGroup(1);
    const waiters = [];
    for (let index = 0; index < 2; index += 1) {
      const waiter = await qualified();
      const answer = await postJson(
        testApp.app,
        '/api/schedule/SelfWaitList',
        { Study: study.guid, GroupIds: [group.publicId] },
        { cookie: waiter.cookie },
      );
      expect(answer.json().status).toBe('succeed');
      waiters.push(waiter);
      clock.advance(MINUTE_MS);
    }
    const listed = (await groupsOf(cookie, study.studyNo)).groups[0]!;
    expect((await call('UpdateGroup', cookie, { groupId: group.publicId, ...listed.fields, seats: 2 })).json().status).toBe('succeed');
    expect(await seatsOf(group.id)).toEqual({ seats: 2, taken: 1, held: 1 });
    const offers = await db().select().from(seatOffers).where(eq(seatOffers.groupId, group.id));
    expect(offers.map((offer) => [offer.testerId, offer.status])).toEqual([[waiters[0]!.tester.id, 'offered']]);
    // Now two of two seats are taken or held: one seat is refused, naming both.
    expect((await call('UpdateGroup', cookie, { groupId: group.publicId, ...listed.fields, seats: 1 })).json().message).toBe(
      SESSION_ADMIN_TEXTS.seatsBelowBookings(2),
    );
    clock.set(NOW);
  });
});

describe('opening and closing', () => {
  it('closes and opens a group with an audit row each; opening offers its free seat to the waiting list', async () => {
    const { staff, cookie } = await recruiter();
    const { study, group, qualified } = await bookedGroup(2);
    const closed = await call('SetGroupStatus', cookie, { groupId: group.publicId, status: 'Closed' });
    expect(closed.json()).toMatchObject({ status: 'succeed', message: SESSION_ADMIN_TEXTS.closed });
    const waiter = await qualified();
    expect(
      (
        await postJson(
          testApp.app,
          '/api/schedule/SelfWaitList',
          { Study: study.guid, GroupIds: [group.publicId] },
          { cookie: waiter.cookie },
        )
      ).json().status,
    ).toBe('succeed');
    expect(await db().select().from(seatOffers).where(eq(seatOffers.groupId, group.id))).toHaveLength(0);

    expect((await call('SetGroupStatus', cookie, { groupId: group.publicId, status: 'Open' })).json().message).toBe(
      SESSION_ADMIN_TEXTS.opened,
    );
    expect(await seatsOf(group.id)).toEqual({ seats: 2, taken: 1, held: 1 });
    const [offer] = await db().select().from(seatOffers).where(eq(seatOffers.groupId, group.id));
    expect(offer).toMatchObject({ testerId: waiter.tester.id, status: 'offered' });
    const audit = await auditOf(group.publicId);
    expect(audit.map((row) => [row.staffId, row.action])).toEqual([
      [staff.id, 'session-group.close'],
      [staff.id, 'session-group.open'],
    ]);
  });
});

describe('seats lowered while bookings race', () => {
  it('never leave a group with fewer seats than bookings, nor refuse a change wrongly (6 bookings and 12 edits at once)', async () => {
    const { cookie } = await recruiter();
    for (let round = 0; round < 2; round += 1) {
      const study = await createStudy(db(), { scheduleCoins: 0, scheduleExp: 0 });
      const startsAt = new Date(NOW.getTime() + 72 * HOUR_MS);
      const group = await createSessionGroup(db(), {
        studyNo: study.studyNo,
        seats: 6,
        sessions: [{ startsAt, endsAt: new Date(startsAt.getTime() + 2 * HOUR_MS) }],
      });
      const listed = (await groupsOf(cookie, study.studyNo)).groups[0]!;
      const testers = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const logged = await createLoggedInTester(db());
          await createQualifiedScreening(db(), { testerId: logged.tester.id, studyNo: study.studyNo, at: NOW });
          return logged;
        }),
      );
      const targets = [1, 2, 3, 4, 5, 6, 3, 2, 4, 1, 5, 2];
      const answers = await Promise.all([
        ...testers.map(({ cookie: testerCookie }) =>
          postJson(testApp.app, '/api/schedule/SelfSchedule', { IsRequest: true, groupIDs: [group.publicId] }, { cookie: testerCookie }),
        ),
        ...targets.map((seats) => call('UpdateGroup', cookie, { groupId: group.publicId, ...listed.fields, seats })),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
      const booked = answers.slice(0, 6).filter((answer) => answer.json().status === 'succeed').length;
      const edits = answers.slice(6).map((answer) => answer.json() as { status: string; message: string });
      edits.forEach((edit, index) => {
        if (edit.status !== 'failed') return;
        // Refused only when more seats were booked at that moment than the edit asked for.
        const held = Number(/^Seats cannot be fewer than the (\d+) seats? already booked/.exec(edit.message)?.[1]);
        expect(held).toBeGreaterThan(targets[index]!);
      });
      const live = await db()
        .select()
        .from(bookings)
        .where(and(eq(bookings.groupId, group.id), eq(bookings.status, 'booked')));
      const final = await seatsOf(group.id);
      expect(live).toHaveLength(booked);
      expect(final.taken).toBe(booked);
      expect(final.taken).toBeLessThanOrEqual(final.seats);
      // Every edit that succeeded left at least the bookings then held; the last one standing is a target that was asked for.
      expect(targets).toContain(final.seats);
      expect(booked).toBeGreaterThanOrEqual(1);
      const applied = await auditOf(group.publicId);
      expect(applied).toHaveLength(edits.filter((edit) => edit.status === 'succeed').length);
      for (const row of applied) expect((row.after as { seats: number }).seats).toBeGreaterThanOrEqual(0);
    }
  });
});
