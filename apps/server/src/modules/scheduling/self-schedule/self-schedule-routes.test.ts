import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  GiveCoinsExternalScreenerResponse,
  SelectedSchedulesResponse,
  SelfScheduleResponse,
} from '@testerhub/shared/self-schedule-schemas';
import {
  balanceAndLedger,
  createBooking,
  createLoggedInTester,
  createQualifiedScreening,
  createSessionGroup,
  createStudy,
} from '../../../../test/factories.ts';
import { createTestApp, useTestApp } from '../../../../test/test-app.ts';
import { createFakeClock, HOUR_MS, MINUTE_MS } from '../../../core/clock.ts';
import {
  bookings,
  coinLedger,
  externalScreenerTokens,
  sessionGroups,
  studies,
  studyReturnSecrets,
  studyWaitingList,
} from '../../../core/db/schema.ts';
import { hashToken, randomToken } from '../../../core/security/tokens.ts';
import { signStudyLinkData } from '../../screening/study-link-token.ts';
import { externalReturnSignature } from '../../studies/external-return-signature.ts';
import { DEMO_EXTERNAL_RETURN_SECRET } from '../../studies/studies-seed.ts';

/**
 * The self-schedule calls over HTTP (spec 3 "Self-schedule", sections 4 and 7; decision 024): each
 * status reached, 400 naming the field for bad input, 401 without a session, another tester's link
 * and token refused, the credit paid once, and the outside screener's 30-minute gate on the clock.
 */

const NOW = new Date('2026-01-15T12:00:00Z');
const SECRET = 'self-schedule-test-secret-0123456789abcdef';
const clock = createFakeClock(NOW);
const db = () => testApp.database.db;

const testApp = useTestApp({ clock, env: { STUDY_LINK_SECRET: SECRET } });

const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR_MS);
const session = (startHours: number) => ({ startsAt: at(startHours), endsAt: at(startHours + 2) });

const get = (url: string, cookie?: string) => testApp.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, cookie: string | undefined, payload?: unknown) =>
  testApp.app.inject({
    method: 'POST',
    url,
    headers: { ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });

/** The d a passed screener signs for the tester and study, issued at `issued`. */
const dFor = (testerId: string, studyNo: number, issued = clock.now(), secret = SECRET) =>
  signStudyLinkData({ testerId, studyNo, quotaId: null, issuedAt: Math.floor(issued.getTime() / 1000) }, secret);

/** A study paying 120 coins and 40 experience for a booking, with an Open group, a two-day one and a full one. */
async function studyWithGroups() {
  const study = await createStudy(db(), { scheduleCoins: 120, scheduleExp: 40 });
  const open = await createSessionGroup(db(), { studyNo: study.studyNo, sessions: [session(48)] });
  const twoDay = await createSessionGroup(db(), { studyNo: study.studyNo, sessions: [session(72), session(96)], coOpCostCents: 12050 });
  const full = await createSessionGroup(db(), { studyNo: study.studyNo, seats: 1, taken: 1, sessions: [session(120)] });
  const closed = await createSessionGroup(db(), { studyNo: study.studyNo, status: 'Closed', sessions: [session(144)] });
  return { study, open, twoDay, full, closed };
}

/** A logged-in tester who qualified for the study, and the link their screener gave them. */
async function qualifiedTester(study: { studyNo: number; guid: string }, overrides: Parameters<typeof createLoggedInTester>[1] = {}) {
  const { tester, cookie } = await createLoggedInTester(db(), overrides);
  await createQualifiedScreening(db(), { testerId: tester.id, studyNo: study.studyNo, at: clock.now() });
  const link = { Study: study.guid, Tester: tester.id, Data: dFor(tester.id, study.studyNo) };
  return { tester, cookie, link };
}

const selected = async (cookie: string, body?: unknown) => {
  const response = await post('/api/schedule/GetSelectedSchedules', cookie, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SelectedSchedulesResponse;
};
const schedule = async (cookie: string, body: unknown) => {
  const response = await post('/api/schedule/SelfSchedule', cookie, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SelfScheduleResponse;
};
const liveBookings = (testerId: string) =>
  db()
    .select()
    .from(bookings)
    .where(and(eq(bookings.testerId, testerId), eq(bookings.status, 'booked')));

/** An outside screener's token issued to the tester for the study, as DoScreeners stores it. */
async function externalToken(testerId: string, studyNo: number) {
  const token = randomToken();
  await db()
    .insert(externalScreenerTokens)
    .values({ tokenHash: hashToken(token), testerId, studyNo, createdAt: clock.now() });
  return token;
}

/** The return secret staff set for an outside screener's study (decision 077): 32 characters or more. */
const RETURN_SECRET = 'partner-return-secret-for-tests-0123456789';
async function setReturnSecret(database: typeof testApp.database.db, studyNo: number, secret = RETURN_SECRET) {
  await database.insert(studyReturnSecrets).values({ studyNo, secret, setAt: clock.now() });
}
/** The outside screener's return as the partner signs it. */
const signedReturn = (ex: string, secret = RETURN_SECRET) => ({ ex, sig: externalReturnSignature(secret, ex) });

const ROUTES: [method: 'GET' | 'POST', url: string, body?: unknown][] = [
  ['POST', '/api/schedule/GetSelectedSchedules', {}],
  ['POST', '/api/schedule/SelfSchedule', { IsRequest: false }],
  [
    'POST',
    '/api/schedule/SelfWaitList',
    { Study: '00000000-0000-4000-8000-000000000000', GroupIds: ['00000000-0000-4000-8000-000000000000'] },
  ],
  ['POST', '/api/schedule/NotInterest', { StudyNo: 24101 }],
  ['GET', '/api/schedule/ReSelfSchedule'],
  ['POST', '/api/schedule/GiveCoinsExternalScreener', { ex: 'a'.repeat(43) }],
];

describe('the self-schedule calls', () => {
  it('answer 401 without a session', async () => {
    for (const [method, url, body] of ROUTES) {
      const response = method === 'GET' ? await get(url) : await post(url, undefined, body);
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('answer 400 naming the field for bad input, never 5xx', async () => {
    clock.set(NOW);
    const { study, open, twoDay } = await studyWithGroups();
    const { cookie, link } = await qualifiedTester(study);
    const cases: [url: string, body: unknown, field: string][] = [
      ['/api/schedule/GetSelectedSchedules', { ...link, Study: 'not-a-guid' }, 'Study'],
      ['/api/schedule/GetSelectedSchedules', { Study: link.Study, Tester: link.Tester }, 'Data'],
      ['/api/schedule/GetSelectedSchedules', { ...link, Data: 'a b' }, 'Data'],
      ['/api/schedule/GetSelectedSchedules', { ...link, Tester: 5 }, 'Tester'],
      ['/api/schedule/SelfSchedule', { groupIDs: [open.publicId] }, 'IsRequest'],
      ['/api/schedule/SelfSchedule', { IsRequest: true }, 'groupIDs'],
      ['/api/schedule/SelfSchedule', { IsRequest: true, groupIDs: ['nope'] }, 'groupIDs.0'],
      ['/api/schedule/SelfSchedule', { IsRequest: true, pickUpgroupIDs: 'x' }, 'pickUpgroupIDs'],
      ['/api/schedule/SelfSchedule', { IsRequest: true, groupIDs: [open.publicId], Child: 'x' }, 'Child'],
      // A child id is well formed but refused until the children slice.
      ['/api/schedule/SelfSchedule', { IsRequest: true, groupIDs: [open.publicId], Child: 7 }, 'Child'],
      // Two groups of one study.
      ['/api/schedule/SelfSchedule', { IsRequest: true, groupIDs: [open.publicId, twoDay.publicId] }, 'groupIDs'],
      ['/api/schedule/SelfWaitList', { Study: study.guid, GroupIds: [] }, 'GroupIds'],
      ['/api/schedule/SelfWaitList', { GroupIds: [open.publicId] }, 'Study'],
      ['/api/schedule/SelfWaitList', { Study: study.guid, GroupIds: [open.publicId], Child: 3 }, 'Child'],
      ['/api/schedule/NotInterest', { StudyNo: 'one' }, 'StudyNo'],
      ['/api/schedule/NotInterest', { StudyNo: 0 }, 'StudyNo'],
      ['/api/schedule/GiveCoinsExternalScreener', {}, 'ex'],
      ['/api/schedule/GiveCoinsExternalScreener', { ex: 'short' }, 'ex'],
      ['/api/schedule/GiveCoinsExternalScreener', { ex: `${'a'.repeat(40)}\u0000` }, 'ex'],
      ['/api/schedule/GiveCoinsExternalScreener', { ex: 'a'.repeat(43), sig: 'z'.repeat(64) }, 'sig'],
      ['/api/schedule/GiveCoinsExternalScreener', { ex: 'a'.repeat(43), sig: 'ab' }, 'sig'],
    ];
    for (const [url, body, field] of cases) {
      const response = await post(url, cookie, body);
      expect(response.statusCode, `${url} ${JSON.stringify(body)}: ${response.body}`).toBe(400);
      expect(response.json().field, `${url} ${JSON.stringify(body)}`).toBe(field);
    }
    expect(await liveBookings(link.Tester)).toEqual([]);
  });
});

describe('POST /api/schedule/GetSelectedSchedules', () => {
  it('answers single with the link study’s choices: Open groups to pick, full and Closed ones for Notify me', async () => {
    clock.set(NOW);
    const { study, open, twoDay, full, closed } = await studyWithGroups();
    const { cookie, link } = await qualifiedTester(study);
    const answer = await selected(cookie, link);
    expect(answer.status).toBe('single');
    expect(answer.availableAt).toBeNull();
    expect(answer.filteredScheduleView).toHaveLength(1);
    const [view] = answer.filteredScheduleView;
    expect(view).toMatchObject({ studyNo: study.studyNo, studyGuid: study.guid, coins: 120, exp: 40, isExternalScreener: false });
    expect(view!.groups.map((group) => [group.groupId, group.status, group.available])).toEqual([
      [open.publicId, 'Open', true],
      [twoDay.publicId, 'Open', true],
      [full.publicId, 'Closed', false],
      [closed.publicId, 'Closed', false],
    ]);
    expect(view!.groups[1]).toMatchObject({ totalTesterDays: 2, isMultiDay: true, coOpCost: 120.5, timeZone: 'America/Chicago' });
    // The stored values may come in any case.
    expect((await selected(cookie, { ...link, Study: link.Study.toUpperCase(), Tester: link.Tester.toUpperCase() })).status).toBe('single');
  });

  it('says why each group cannot be picked: past its booking close (notice window) with free seats, full, or closed (issue 29)', async () => {
    clock.set(NOW);
    const { study, open, full, closed } = await studyWithGroups();
    // Free seats, but its first session starts 10 hours from now: inside the 24-hour notice window.
    const soon = await createSessionGroup(db(), { studyNo: study.studyNo, seats: 5, sessions: [session(10)] });
    // Full and inside the notice window as well: booking has closed, so no seat of it opens again.
    const soonFull = await createSessionGroup(db(), { studyNo: study.studyNo, seats: 1, taken: 1, sessions: [session(12)] });
    const { cookie, link } = await qualifiedTester(study);
    const [view] = (await selected(cookie, link)).filteredScheduleView;
    const byId = new Map(view!.groups.map((group) => [group.groupId, group]));
    const why = (groupId: string) => {
      const group = byId.get(groupId)!;
      return [group.status, group.unavailableBecause, group.bookingClosesAt, group.noticeHours];
    };
    expect(why(soon.publicId)).toEqual(['Closed', 'bookingClosed', at(10 - 24).toISOString(), 24]);
    expect(why(soonFull.publicId)).toEqual(['Closed', 'bookingClosed', at(12 - 24).toISOString(), 24]);
    expect(why(open.publicId)).toEqual(['Open', null, at(48 - 24).toISOString(), 24]);
    expect(why(full.publicId)).toEqual(['Closed', 'full', at(120 - 24).toISOString(), 24]);
    expect(why(closed.publicId)).toEqual(['Closed', 'closed', at(144 - 24).toISOString(), 24]);
    // A refused booking's refreshed choices say the same.
    const refused = await schedule(cookie, { ...link, IsRequest: true, groupIDs: [soon.publicId] });
    expect(refused.status).toBe('notAvailable');
    expect(refused.returnSchedules[0]!.groups.find((group) => group.groupId === soon.publicId)!.unavailableBecause).toBe('bookingClosed');

    // The open group's booking closes at its 24th hour before the start: open one millisecond before, closed at it.
    clock.set(new Date(at(24).getTime() - 1));
    expect((await selected(cookie, link)).filteredScheduleView[0]!.groups.find((group) => group.groupId === open.publicId)).toMatchObject({
      status: 'Open',
      unavailableBecause: null,
    });
    clock.set(at(24));
    expect((await selected(cookie, link)).filteredScheduleView[0]!.groups.find((group) => group.groupId === open.publicId)).toMatchObject({
      status: 'Closed',
      unavailableBecause: 'bookingClosed',
    });
    clock.set(NOW);
  });

  it('answers failed for a forged or expired d, notMatched for another tester’s link or another study', async () => {
    clock.set(NOW);
    const { study } = await studyWithGroups();
    const other = await studyWithGroups();
    const { tester, cookie, link } = await qualifiedTester(study);
    const someoneElse = await qualifiedTester(study);

    expect(
      (await selected(cookie, { ...link, Data: dFor(tester.id, study.studyNo, NOW, 'another-secret-that-is-32-chars-long!!') })).status,
    ).toBe('failed');
    const [body, signature] = link.Data.split('.');
    expect((await selected(cookie, { ...link, Data: `${body}.${signature!.slice(1)}x` })).status).toBe('failed');
    // Another tester's whole link, and this tester's t with the other's d.
    expect((await selected(cookie, someoneElse.link)).status).toBe('notMatched');
    expect((await selected(cookie, { ...someoneElse.link, Tester: tester.id })).status).toBe('notMatched');
    expect((await selected(cookie, { ...link, Tester: someoneElse.tester.id })).status).toBe('notMatched');
    // s of another study than d's.
    expect((await selected(cookie, { ...link, Study: other.study.guid })).status).toBe('notMatched');

    // A link lasts SELF_SCHEDULE_LINK_DAYS (7 by default).
    clock.set(NOW.getTime() + 7 * 24 * HOUR_MS - MINUTE_MS);
    await db().update(sessionGroups).set({ status: 'Open' }).where(eq(sessionGroups.studyNo, study.studyNo));
    expect((await selected(cookie, link)).status).not.toBe('failed');
    clock.set(NOW.getTime() + 7 * 24 * HOUR_MS + MINUTE_MS);
    expect((await selected(cookie, link)).status).toBe('failed');
  });

  it('answers noSchedules, notRequested, hasSchedule, scheduledFromOther and waitlist', async () => {
    clock.set(NOW);
    const bare = await createStudy(db());
    const qualified = await qualifiedTester(bare);
    expect(await selected(qualified.cookie, qualified.link)).toEqual({
      status: 'noSchedules',
      filteredScheduleView: [],
      availableAt: null,
    });

    // A d this server signed, but no passed screener behind it.
    const { study, open } = await studyWithGroups();
    const stranger = await createLoggedInTester(db());
    expect(
      (await selected(stranger.cookie, { Study: study.guid, Tester: stranger.tester.id, Data: dFor(stranger.tester.id, study.studyNo) }))
        .status,
    ).toBe('notRequested');
    expect((await selected(stranger.cookie, {})).status).toBe('notRequested');

    const booked = await qualifiedTester(study);
    expect((await schedule(booked.cookie, { ...booked.link, IsRequest: true, groupIDs: [open.publicId] })).status).toBe('succeed');
    expect((await selected(booked.cookie, booked.link)).status).toBe('hasSchedule');

    const elsewhere = await qualifiedTester(study);
    const another = await createStudy(db());
    await createBooking(db(), { testerId: elsewhere.tester.id, studyNo: another.studyNo, startsAt: at(30) });
    expect((await selected(elsewhere.cookie, elsewhere.link)).status).toBe('scheduledFromOther');
    expect((await selected(elsewhere.cookie, {})).status).toBe('scheduledFromOther');

    const declined = await qualifiedTester(study);
    expect((await post('/api/schedule/NotInterest', declined.cookie, { StudyNo: study.studyNo })).json()).toEqual({
      status: 'succeed',
      url: '/community/main/screener',
    });
    expect((await selected(declined.cookie, declined.link)).status).toBe('waitlist');
    expect((await selected(declined.cookie, {})).status).toBe('waitlist');
  });

  it('answers every study waiting for the tester to an empty body (or none): multi, then single once one is booked', async () => {
    clock.set(NOW);
    const first = await studyWithGroups();
    const second = await studyWithGroups();
    const { tester, cookie } = await qualifiedTester(first.study);
    clock.advance(MINUTE_MS);
    await createQualifiedScreening(db(), { testerId: tester.id, studyNo: second.study.studyNo, at: clock.now() });
    const answer = await selected(cookie, {});
    expect(answer.status).toBe('multi');
    expect(answer.filteredScheduleView.map((view) => view.studyNo)).toEqual([first.study.studyNo, second.study.studyNo]);
    expect((await selected(cookie)).status).toBe('multi');

    // Both at once: one group per study, one transaction, both paid.
    const booked = await schedule(cookie, { IsRequest: true, groupIDs: [first.open.publicId, second.twoDay.publicId] });
    expect(booked).toEqual({ status: 'succeed', coins: 240, exp: 80, returnSchedules: [], url: '/community/main/schedule/check' });
    expect((await liveBookings(tester.id)).map((booking) => booking.studyNo).sort()).toEqual(
      [first.study.studyNo, second.study.studyNo].sort(),
    );
    expect((await selected(cookie, {})).status).toBe('hasSchedule');
  });
});

describe('POST /api/schedule/SelfSchedule', () => {
  it('books the chosen group and pays the scheduling credit once through the ledger', async () => {
    clock.set(NOW);
    const { study, open } = await studyWithGroups();
    const { tester, cookie, link } = await qualifiedTester(study);
    const before = await balanceAndLedger(db(), tester.id);

    const checked = await schedule(cookie, { ...link, Child: null, IsRequest: false, groupIDs: [open.publicId] });
    expect(checked.status).toBe('checked');
    expect(checked.returnSchedules[0]!.studyNo).toBe(study.studyNo);
    expect(await liveBookings(tester.id)).toEqual([]);

    const answer = await schedule(cookie, { ...link, Child: null, IsRequest: true, groupIDs: [open.publicId], pickUpgroupIDs: [] });
    expect(answer).toEqual({ status: 'succeed', coins: 120, exp: 40, returnSchedules: [], url: '/community/main/schedule/check' });
    const [booking] = await liveBookings(tester.id);
    expect(booking).toMatchObject({ studyNo: study.studyNo, groupId: open.id, childId: null, startsAt: at(48) });
    const after = await balanceAndLedger(db(), tester.id);
    expect(after.coins - before.coins).toBe(120);
    expect(after.exp - before.exp).toBe(40);
    expect(after.coins).toBe(after.ledgerCoins);
    const [entry] = await db()
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.testerId, tester.id), eq(coinLedger.reason, 'selfSchedule')));
    expect(entry).toMatchObject({ coins: 120, experience: 40, reference: String(study.studyNo) });

    // A retry books nothing more and pays nothing more.
    expect((await schedule(cookie, { ...link, IsRequest: true, groupIDs: [open.publicId] })).status).toBe('hasSchedule');
    expect(await balanceAndLedger(db(), tester.id)).toEqual(after);
    const [group] = await db().select().from(sessionGroups).where(eq(sessionGroups.id, open.id));
    expect(group!.taken).toBe(1);
  });

  it('refuses a Closed or full group with notAvailable and the refreshed choices, booking nothing', async () => {
    clock.set(NOW);
    const { study, full, closed, open } = await studyWithGroups();
    const { tester, cookie, link } = await qualifiedTester(study);
    for (const group of [full, closed]) {
      const answer = await schedule(cookie, { ...link, IsRequest: true, groupIDs: [group.publicId] });
      expect(answer.status).toBe('notAvailable');
      expect(answer.coins).toBe(0);
      expect(answer.returnSchedules[0]!.groups.find((each) => each.groupId === open.publicId)!.status).toBe('Open');
    }
    // A group id nobody has is answered the same way.
    const unknown = await schedule(cookie, { ...link, IsRequest: true, groupIDs: ['00000000-0000-4000-8000-000000000000'] });
    expect(unknown.status).toBe('notAvailable');
    expect(await liveBookings(tester.id)).toEqual([]);
  });

  it('offers no time of a study staff closed, and refuses its Open group with notAvailable (decision 050)', async () => {
    clock.set(NOW);
    const { study, open } = await studyWithGroups();
    const { tester, cookie, link } = await qualifiedTester(study);
    expect((await selected(cookie, link)).status).toBe('single');
    await db().update(studies).set({ closesAt: clock.now() }).where(eq(studies.studyNo, study.studyNo));
    expect((await selected(cookie, link)).status).toBe('noSchedules');
    const answer = await schedule(cookie, { ...link, IsRequest: true, groupIDs: [open.publicId] });
    expect(answer).toMatchObject({ status: 'notAvailable', coins: 0, returnSchedules: [] });
    expect(await liveBookings(tester.id)).toEqual([]);
  });

  it('refuses another tester’s link, a group of another study than the link’s, and an unqualified study', async () => {
    clock.set(NOW);
    const { study, open } = await studyWithGroups();
    const other = await studyWithGroups();
    const { tester, cookie, link } = await qualifiedTester(study);
    const someoneElse = await qualifiedTester(study);
    expect((await schedule(cookie, { ...someoneElse.link, IsRequest: true, groupIDs: [open.publicId] })).status).toBe('notMatched');
    expect((await schedule(cookie, { ...link, Data: `${link.Data}x`, IsRequest: true, groupIDs: [open.publicId] })).status).toBe('failed');
    expect((await schedule(cookie, { ...link, IsRequest: true, groupIDs: [other.open.publicId] })).status).toBe('notMatched');
    expect((await schedule(cookie, { IsRequest: true, groupIDs: [other.open.publicId] })).status).toBe('notRequested');
    expect(await liveBookings(tester.id)).toEqual([]);
  });

  it('books all studies or none: an overlap in the second leaves the first unbooked and unpaid', async () => {
    clock.set(NOW);
    const first = await studyWithGroups();
    const second = await createStudy(db(), { scheduleCoins: 10 });
    const clash = await createSessionGroup(db(), { studyNo: second.studyNo, sessions: [{ startsAt: at(49), endsAt: at(51) }] });
    const { tester, cookie } = await qualifiedTester(first.study);
    await createQualifiedScreening(db(), { testerId: tester.id, studyNo: second.studyNo, at: clock.now() });
    const before = await balanceAndLedger(db(), tester.id);
    const answer = await schedule(cookie, { IsRequest: true, groupIDs: [first.open.publicId, clash.publicId] });
    expect(answer.status).toBe('overlap');
    expect(answer.returnSchedules.map((view) => view.studyNo).sort()).toEqual([first.study.studyNo, second.studyNo].sort());
    expect(await liveBookings(tester.id)).toEqual([]);
    expect(await balanceAndLedger(db(), tester.id)).toEqual(before);
    const groups = await db().select().from(sessionGroups).where(eq(sessionGroups.studyNo, first.study.studyNo));
    expect(groups.find((group) => group.id === first.open.id)!.taken).toBe(0);
  });

  it('answers changeEmailAddress for an invalid e-mail address, and does not offer a cancelled study again', async () => {
    clock.set(NOW);
    const { study, open } = await studyWithGroups();
    const invalid = await qualifiedTester(study, { email: 'not-an-address' });
    expect((await schedule(invalid.cookie, { ...invalid.link, IsRequest: true, groupIDs: [open.publicId] })).status).toBe(
      'changeEmailAddress',
    );

    const { tester, cookie, link } = await qualifiedTester(study);
    expect((await schedule(cookie, { ...link, IsRequest: true, groupIDs: [open.publicId] })).status).toBe('succeed');
    expect((await post('/api/schedule/CancelSchedule', cookie, study.studyNo)).json()).toEqual({ status: 'succeed', coinsTakenBack: 120 });
    expect((await selected(cookie, link)).status).toBe('notRequested');
    expect((await schedule(cookie, { ...link, IsRequest: true, groupIDs: [open.publicId] })).status).toBe('notRequested');
    const paid = await db()
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.testerId, tester.id), eq(coinLedger.reason, 'selfSchedule')));
    expect(paid).toHaveLength(1);
  });
});

describe('POST /api/schedule/SelfWaitList and /NotInterest', () => {
  it('puts the tester on the one waiting list for Closed groups only, once per study', async () => {
    clock.set(NOW);
    const { study, open, full, closed } = await studyWithGroups();
    const other = await studyWithGroups();
    const { tester, cookie } = await qualifiedTester(study);
    const wait = (GroupIds: string[], Study = study.guid) => post('/api/schedule/SelfWaitList', cookie, { Study, Child: null, GroupIds });

    expect((await wait([open.publicId])).json()).toEqual({ status: 'groupOpen', url: '' });
    expect((await wait([full.publicId, open.publicId])).json().status).toBe('groupOpen');
    expect((await wait([other.closed.publicId])).json().status).toBe('notAvailable');
    expect((await wait([closed.publicId], other.study.guid)).json().status).toBe('notRequested');
    expect((await wait([closed.publicId], '00000000-0000-4000-8000-000000000000')).json().status).toBe('notRequested');
    expect(await db().select().from(studyWaitingList).where(eq(studyWaitingList.testerId, tester.id))).toEqual([]);

    expect((await wait([full.publicId, closed.publicId])).json()).toEqual({ status: 'succeed', url: '/community/main/screener' });
    expect((await wait([closed.publicId])).json().status).toBe('succeed');
    const rows = await db().select().from(studyWaitingList).where(eq(studyWaitingList.testerId, tester.id));
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        studyNo: study.studyNo,
        testerId: tester.id,
        childId: null,
        reason: 'notify',
        groupIds: [closed.id],
        addedAt: NOW,
      },
    ]);

    // Not interested after a notify: still one row, now saying so.
    expect((await post('/api/schedule/NotInterest', cookie, { StudyNo: study.studyNo, Child: null })).json().status).toBe('succeed');
    const after = await db().select().from(studyWaitingList).where(eq(studyWaitingList.testerId, tester.id));
    expect(after).toMatchObject([{ reason: 'notInterested', groupIds: [] }]);
  });

  it('refuses Notify me for a time past its booking close (notice window): no seat of it is ever offered (issue 29)', async () => {
    clock.set(NOW);
    const { study } = await studyWithGroups();
    const soon = await createSessionGroup(db(), { studyNo: study.studyNo, seats: 1, taken: 1, sessions: [session(10)] });
    const { tester, cookie } = await qualifiedTester(study);
    const answer = await post('/api/schedule/SelfWaitList', cookie, { Study: study.guid, Child: null, GroupIds: [soon.publicId] });
    expect(answer.json()).toEqual({ status: 'notAvailable', url: '' });
    expect(await db().select().from(studyWaitingList).where(eq(studyWaitingList.testerId, tester.id))).toEqual([]);
  });

  it('refuses a study the tester did not qualify for or is booked in', async () => {
    clock.set(NOW);
    const { study, open, closed } = await studyWithGroups();
    const stranger = await createLoggedInTester(db());
    expect((await post('/api/schedule/NotInterest', stranger.cookie, { StudyNo: study.studyNo })).json().status).toBe('notRequested');
    expect((await post('/api/schedule/NotInterest', stranger.cookie, { StudyNo: 2_000_000_000 })).json().status).toBe('notRequested');
    const { cookie, link } = await qualifiedTester(study);
    expect((await schedule(cookie, { ...link, IsRequest: true, groupIDs: [open.publicId] })).status).toBe('succeed');
    expect((await post('/api/schedule/NotInterest', cookie, { StudyNo: study.studyNo })).json().status).toBe('hasSchedule');
    expect((await post('/api/schedule/SelfWaitList', cookie, { Study: study.guid, GroupIds: [closed.publicId] })).json().status).toBe(
      'hasSchedule',
    );
  });
});

describe('GET /api/schedule/ReSelfSchedule', () => {
  it('gives a fresh link to the one waiting study, the bare page for several, else an empty url and why', async () => {
    clock.set(NOW);
    const none = await createLoggedInTester(db());
    expect((await get('/api/schedule/ReSelfSchedule', none.cookie)).json()).toEqual({
      url: '',
      detail: 'You have no study waiting to be scheduled.',
    });

    const { study } = await studyWithGroups();
    const { tester, cookie } = await qualifiedTester(study);
    const one = (await get('/api/schedule/ReSelfSchedule', cookie)).json() as { url: string; detail: string };
    expect(one.detail).toBe('You have a study waiting to be scheduled.');
    const url = new URL(one.url, 'http://localhost');
    expect(url.pathname).toBe('/community/main/schedule/self');
    const link = { Study: url.searchParams.get('s'), Tester: url.searchParams.get('t'), Data: url.searchParams.get('d') };
    expect(link).toMatchObject({ Study: study.guid, Tester: tester.id });
    expect((await selected(cookie, link)).status).toBe('single');

    const second = await studyWithGroups();
    await createQualifiedScreening(db(), { testerId: tester.id, studyNo: second.study.studyNo, at: clock.now() });
    expect((await get('/api/schedule/ReSelfSchedule', cookie)).json().url).toBe('/community/main/schedule/self');
  });
});

describe('POST /api/schedule/GiveCoinsExternalScreener', () => {
  it('pays the screening credit once per token, refuses a used, unknown or other tester’s token, and opens the study 30 minutes later', async () => {
    clock.set(NOW);
    const study = await createStudy(db(), {
      screenerKind: 'external',
      externalUrl: 'https://surveys.testerhub.example/s/1',
      coinValue: 30,
      screeningExp: 15,
    });
    await setReturnSecret(db(), study.studyNo);
    const group = await createSessionGroup(db(), { studyNo: study.studyNo, sessions: [session(48)] });
    const { tester, cookie } = await createLoggedInTester(db());
    const other = await createLoggedInTester(db());
    const ex = await externalToken(tester.id, study.studyNo);
    const before = await balanceAndLedger(db(), tester.id);
    const give = (who: string, token: string) => post('/api/schedule/GiveCoinsExternalScreener', who, signedReturn(token));

    // Another tester's token is refused and stays unused.
    expect((await give(other.cookie, ex)).json()).toEqual({ status: 'failed', coins: 0, exp: 0, availableAt: null });
    expect((await give(cookie, randomToken())).json().status).toBe('failed');
    // Before the return the study is not waiting for the tester.
    expect((await selected(cookie, {})).status).toBe('notRequested');

    const paid = (await give(cookie, ex)).json() as GiveCoinsExternalScreenerResponse;
    const opensAt = new Date(NOW.getTime() + 30 * MINUTE_MS).toISOString();
    expect(paid).toEqual({ status: 'succeed', coins: 30, exp: 15, availableAt: opensAt });
    const after = await balanceAndLedger(db(), tester.id);
    expect([after.coins - before.coins, after.exp - before.exp]).toEqual([30, 15]);
    expect((await give(cookie, ex)).json().status).toBe('failed');
    expect(await balanceAndLedger(db(), tester.id)).toEqual(after);

    // The 30-minute gate (view 4), on the injected clock.
    clock.advance(29 * MINUTE_MS);
    expect(await selected(cookie, {})).toEqual({ status: 'externalPending', filteredScheduleView: [], availableAt: opensAt });
    expect((await get('/api/schedule/ReSelfSchedule', cookie)).json()).toEqual({
      url: '',
      detail: 'Your schedule information is not ready yet. Please check back in a few minutes.',
    });
    expect((await schedule(cookie, { IsRequest: true, groupIDs: [group.publicId] })).status).toBe('externalPending');
    expect(await liveBookings(tester.id)).toEqual([]);

    clock.advance(MINUTE_MS);
    const open = await selected(cookie, {});
    expect(open.status).toBe('single');
    expect(open.filteredScheduleView[0]).toMatchObject({ studyNo: study.studyNo, isExternalScreener: true });
    const link = new URL((await get('/api/schedule/ReSelfSchedule', cookie)).json().url, 'http://localhost');
    const linked = { Study: link.searchParams.get('s'), Tester: link.searchParams.get('t'), Data: link.searchParams.get('d') };
    expect((await schedule(cookie, { ...linked, IsRequest: true, groupIDs: [group.publicId] })).status).toBe('succeed');

    // A second token for the same study is used up but pays nothing more.
    const again = await give(cookie, await externalToken(tester.id, study.studyNo));
    expect(again.json()).toMatchObject({ status: 'succeed', coins: 0, exp: 0 });
  });

  it('honours EXTERNAL_SCHEDULE_DELAY_MINUTES', async () => {
    const quick = await createTestApp({ clock, env: { EXTERNAL_SCHEDULE_DELAY_MINUTES: '5' }, database: testApp.database });
    try {
      clock.set(NOW);
      const study = await createStudy(quick.database.db, {
        screenerKind: 'external',
        externalUrl: 'https://surveys.testerhub.example/s/2',
      });
      await setReturnSecret(quick.database.db, study.studyNo);
      await createSessionGroup(quick.database.db, { studyNo: study.studyNo, sessions: [session(48)] });
      const { tester, cookie } = await createLoggedInTester(quick.database.db);
      const token = randomToken();
      await quick.database.db
        .insert(externalScreenerTokens)
        .values({ tokenHash: hashToken(token), testerId: tester.id, studyNo: study.studyNo, createdAt: NOW });
      const call = (url: string, payload: unknown) =>
        quick.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json', cookie },
          payload: JSON.stringify(payload),
        });
      expect((await call('/api/schedule/GiveCoinsExternalScreener', signedReturn(token))).json().availableAt).toBe(
        new Date(NOW.getTime() + 5 * MINUTE_MS).toISOString(),
      );
      clock.advance(5 * MINUTE_MS);
      expect((await call('/api/schedule/GetSelectedSchedules', {})).json().status).toBe('single');
    } finally {
      await quick.close();
    }
  });
});

describe('GiveCoinsExternalScreener needs the partner’s signature (decision 077)', () => {
  /** An outside screener's study paying 30 coins and 15 experience for screening, with its return secret set. */
  async function signedStudy(secret: string | null = RETURN_SECRET) {
    const study = await createStudy(db(), {
      screenerKind: 'external',
      externalUrl: 'https://surveys.testerhub.example/s/signed',
      coinValue: 30,
      screeningExp: 15,
    });
    if (secret) await setReturnSecret(db(), study.studyNo, secret);
    return study;
  }
  const give = async (cookie: string, body: unknown) => {
    const response = await post('/api/schedule/GiveCoinsExternalScreener', cookie, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as GiveCoinsExternalScreenerResponse;
  };
  const FAILED = { status: 'failed', coins: 0, exp: 0, availableAt: null };
  const unused = async (ex: string) =>
    (
      await db()
        .select()
        .from(externalScreenerTokens)
        .where(eq(externalScreenerTokens.tokenHash, hashToken(ex)))
    )[0]?.usedAt === null;

  it('pays nothing for the outbound token alone, nor for a wrong signature, and the token stays redeemable', async () => {
    clock.set(NOW);
    const study = await signedStudy();
    const { tester, cookie } = await createLoggedInTester(db());
    const ex = await externalToken(tester.id, study.studyNo);
    const before = await balanceAndLedger(db(), tester.id);

    expect(await give(cookie, { ex })).toEqual(FAILED);
    // A signature of another token, one made with a guessed secret, and the right one altered by one digit.
    const right = externalReturnSignature(RETURN_SECRET, ex);
    const flipped = `${right.slice(0, -1)}${right.endsWith('0') ? '1' : '0'}`;
    for (const sig of [externalReturnSignature(RETURN_SECRET, randomToken()), externalReturnSignature(ex, ex), flipped, '0'.repeat(64)])
      expect(await give(cookie, { ex, sig })).toEqual(FAILED);
    expect(await balanceAndLedger(db(), tester.id)).toEqual(before);
    expect(await selected(cookie, {})).toMatchObject({ status: 'notRequested' });
    expect(await unused(ex)).toBe(true);

    // The partner's signature (either case of hex) pays once.
    expect(await give(cookie, { ex, sig: right.toUpperCase() })).toMatchObject({ status: 'succeed', coins: 30, exp: 15 });
    const after = await balanceAndLedger(db(), tester.id);
    expect([after.coins - before.coins, after.exp - before.exp]).toEqual([30, 15]);
  });

  it('pays a signed return once: the replay of the same signed address pays nothing', async () => {
    clock.set(NOW);
    const study = await signedStudy();
    const { tester, cookie } = await createLoggedInTester(db());
    const ex = await externalToken(tester.id, study.studyNo);
    const before = await balanceAndLedger(db(), tester.id);
    expect(await give(cookie, signedReturn(ex))).toMatchObject({ status: 'succeed', coins: 30, exp: 15 });
    expect(await give(cookie, signedReturn(ex))).toEqual(FAILED);
    const after = await balanceAndLedger(db(), tester.id);
    expect([after.coins - before.coins, after.entries - before.entries]).toEqual([30, 1]);
  });

  it('refuses a signature made with another study’s secret', async () => {
    clock.set(NOW);
    const study = await signedStudy();
    const otherSecret = 'another-study-return-secret-abcdefghijklmnop';
    await signedStudy(otherSecret);
    const { tester, cookie } = await createLoggedInTester(db());
    const ex = await externalToken(tester.id, study.studyNo);
    const before = await balanceAndLedger(db(), tester.id);
    expect(await give(cookie, signedReturn(ex, otherSecret))).toEqual(FAILED);
    expect(await balanceAndLedger(db(), tester.id)).toEqual(before);
    expect(await unused(ex)).toBe(true);
  });

  it('pays the seeded demo outside screener (24107) for a return signed with the demo secret', async () => {
    clock.set(NOW);
    const { tester, cookie } = await createLoggedInTester(db());
    const ex = await externalToken(tester.id, 24107);
    expect(await give(cookie, { ex })).toEqual(FAILED);
    expect(await give(cookie, signedReturn(ex, DEMO_EXTERNAL_RETURN_SECRET))).toMatchObject({ status: 'succeed', coins: 30 });
  });

  it('pays nothing on any return to a study with no return secret set', async () => {
    clock.set(NOW);
    const study = await signedStudy(null);
    const { tester, cookie } = await createLoggedInTester(db());
    const ex = await externalToken(tester.id, study.studyNo);
    const before = await balanceAndLedger(db(), tester.id);
    // Signed with a secret the tester might guess (the token itself, the empty string) or with nothing.
    for (const body of [{ ex }, signedReturn(ex, ex), signedReturn(ex, ''), signedReturn(ex)])
      expect(await give(cookie, body)).toEqual(FAILED);
    expect(await balanceAndLedger(db(), tester.id)).toEqual(before);
    expect(await selected(cookie, {})).toMatchObject({ status: 'notRequested' });
  });
});
