import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SelectedSchedulesResponse, SelfScheduleResponse } from '@testerhub/shared/self-schedule-schemas';
import {
  createBooking,
  createLoggedInTester,
  createQualifiedScreening,
  createSessionGroup,
  createStudy,
} from '../../../../test/factories.ts';
import { mailsTo, schedulingWithMail, TEST_LINK_SECRET } from '../../../../test/schedule-mail-helpers.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { createFakeClock, HOUR_MS, MINUTE_MS } from '../../../core/clock.ts';
import { bookings, seatOffers, sessionGroups, testers } from '../../../core/db/schema.ts';
import { verifyStudyLinkData } from '../../screening/study-link-token.ts';

/**
 * Waitlist promotion over HTTP (issue 10, section 6; decision 031), on the injected clock: a freed
 * seat is held for the first tester waiting for its group and e-mailed with a self-schedule link;
 * nobody else can take it, the offered tester books it, and a lapsed or declined offer moves on.
 */

const NOW = new Date('2026-01-15T12:00:00Z');
const clock = createFakeClock(NOW);
const db = () => testApp.database.db;
/** A second scheduling service on the same database: the expiry sweep as the job queue runs it. */
const sweeper = () => schedulingWithMail(db(), { now: NOW, clock }).scheduling;

const testApp = useTestApp({ clock, env: { STUDY_LINK_SECRET: TEST_LINK_SECRET } });

const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR_MS);
const post = (url: string, cookie: string, payload: unknown) =>
  testApp.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', cookie }, payload: JSON.stringify(payload) });
const ok = async <T>(url: string, cookie: string, payload: unknown): Promise<T> => {
  const response = await post(url, cookie, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};
const selected = (cookie: string, body: unknown) => ok<SelectedSchedulesResponse>('/api/schedule/GetSelectedSchedules', cookie, body);
const schedule = (cookie: string, body: unknown) => ok<SelfScheduleResponse>('/api/schedule/SelfSchedule', cookie, body);

type Logged = Awaited<ReturnType<typeof createLoggedInTester>>;

/** The group's seat counts. */
async function seatsOf(groupId: number) {
  const [row] = await db()
    .select({ seats: sessionGroups.seats, taken: sessionGroups.taken, held: sessionGroups.held })
    .from(sessionGroups)
    .where(eq(sessionGroups.id, groupId));
  return row!;
}

const offersOf = (groupId: number) => db().select().from(seatOffers).where(eq(seatOffers.groupId, groupId)).orderBy(seatOffers.id);
const offerMails = (email: string) => mailsTo(db(), email, 'seat-offer');

/** The self-schedule address of a seat-offer e-mail, read from its text. */
function offerLink(text: string) {
  const match = /https?:\/\/\S+(\/community\/main\/schedule\/self\?\S+)/.exec(text);
  if (!match) throw new Error('no self-schedule link in the message');
  const url = new URL(match[1]!, 'http://x.invalid');
  return { Study: url.searchParams.get('s')!, Tester: url.searchParams.get('t')!, Data: url.searchParams.get('d')! };
}

/**
 * A study with a one-seat group three days ahead, booked by `holder`; `waiting` testers asked to be
 * told about it (Notify me), a minute apart in that order; `outsider` qualified but is not waiting.
 */
async function fullGroupWithWaiters(waiting = 2, options: { startHours?: number } = {}) {
  clock.set(NOW);
  const study = await createStudy(db(), { studyBasicInfo: 'Snack bar taste test', scheduleCoins: 0, scheduleExp: 0 });
  const startsAt = at(options.startHours ?? 72);
  const group = await createSessionGroup(db(), {
    studyNo: study.studyNo,
    seats: 1,
    sessions: [{ startsAt, endsAt: new Date(startsAt.getTime() + 2 * HOUR_MS) }],
  });
  const qualified = async () => {
    const logged = await createLoggedInTester(db(), { firstName: 'Wren' });
    await createQualifiedScreening(db(), { testerId: logged.tester.id, studyNo: study.studyNo, at: NOW });
    return logged;
  };
  const holder = await qualified();
  expect((await schedule(holder.cookie, { IsRequest: true, groupIDs: [group.publicId] })).status).toBe('succeed');
  const waiters: Logged[] = [];
  for (let index = 0; index < waiting; index += 1) {
    const waiter = await qualified();
    const answer = await ok<{ status: string }>('/api/schedule/SelfWaitList', waiter.cookie, {
      Study: study.guid,
      GroupIds: [group.publicId],
    });
    expect(answer.status).toBe('succeed');
    waiters.push(waiter);
    clock.advance(MINUTE_MS);
  }
  const outsider = await qualified();
  return { study, group, holder, waiters, outsider, qualified };
}

const cancel = async (who: Logged, studyNo: number) => {
  const response = await post('/api/schedule/CancelSchedule', who.cookie, studyNo);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().status).toBe('succeed');
};

describe('waitlist promotion', () => {
  it('a cancel offers the seat to the first tester waiting, e-mails the link and the hold’s end, and holds the seat for them alone', async () => {
    const { study, group, holder, waiters, outsider } = await fullGroupWithWaiters(2);
    const [first, second] = waiters as [Logged, Logged];
    const cancelledAt = clock.now();
    await cancel(holder, study.studyNo);

    expect(await seatsOf(group.id)).toEqual({ seats: 1, taken: 0, held: 1 });
    const [offer, ...others] = await offersOf(group.id);
    expect(others).toHaveLength(0);
    expect(offer).toMatchObject({ testerId: first.tester.id, childId: null, status: 'offered', studyNo: study.studyNo });
    expect(offer!.expiresAt.getTime() - cancelledAt.getTime()).toBe(12 * HOUR_MS);

    const [mail, ...more] = await offerMails(first.tester.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('A seat is free for you: Snack bar taste test');
    expect(mail!.text).toContain('Hi Wren,');
    // 12 hours after 12:02 UTC, in Chicago's time.
    expect(mail!.text).toContain('we are holding it for you until Thursday, January 15th, 2026, 6:02 PM CST.');
    expect(mail!.text).toContain('When: Sunday, January 18th, 2026, 6:00 AM – 8:00 AM CST.');
    const link = offerLink(mail!.text);
    expect(link.Study).toBe(study.guid);
    expect(link.Tester).toBe(first.tester.id);
    expect(verifyStudyLinkData(link.Data, TEST_LINK_SECRET)).toMatchObject({ testerId: first.tester.id, studyNo: study.studyNo });
    expect(await offerMails(second.tester.email)).toHaveLength(0);

    // Nobody else takes the held seat: it reads Closed to them and booking it is refused.
    const view = await selected(outsider.cookie, {});
    expect(view.filteredScheduleView[0]!.groups.find((each) => each.groupId === group.publicId)?.status).toBe('Closed');
    expect((await schedule(outsider.cookie, { IsRequest: true, groupIDs: [group.publicId] })).status).toBe('notAvailable');
    expect((await schedule(second.cookie, { IsRequest: true, groupIDs: [group.publicId] })).status).toBe('waitlist');
    // Another tester's offer link is not theirs.
    expect((await selected(outsider.cookie, link)).status).toBe('notMatched');

    // The offered tester sees the held group as Open through the e-mailed link and books it.
    const theirs = await selected(first.cookie, link);
    expect(theirs.status).toBe('single');
    expect(theirs.filteredScheduleView[0]!.groups.find((each) => each.groupId === group.publicId)?.status).toBe('Open');
    expect((await schedule(first.cookie, { ...link, IsRequest: true, groupIDs: [group.publicId] })).status).toBe('succeed');
    expect(await seatsOf(group.id)).toEqual({ seats: 1, taken: 1, held: 0 });
    expect((await offersOf(group.id)).map((each) => each.status)).toEqual(['accepted']);
    expect(await mailsTo(db(), first.tester.email, 'schedule-booked')).toHaveLength(1);
    const current = await testApp.app.inject({ method: 'GET', url: '/api/schedule/GetCurrentSchedule', headers: { cookie: first.cookie } });
    expect(current.json().scheduleStamps.map((stamp: { groupId: string }) => stamp.groupId)).toEqual([group.publicId]);
  });

  it('an offer that lapses is gone at once for its tester, and the sweep passes the seat to the next, then frees it', async () => {
    const { study, group, holder, waiters, outsider } = await fullGroupWithWaiters(2);
    const [first, second] = waiters as [Logged, Logged];
    await cancel(holder, study.studyNo);
    const link = offerLink((await offerMails(first.tester.email))[0]!.text);

    clock.advance(12 * HOUR_MS);
    // Before any sweep: the lapsed offer no longer lets its tester book.
    expect((await schedule(first.cookie, { ...link, IsRequest: true, groupIDs: [group.publicId] })).status).toBe('waitlist');
    expect((await schedule(outsider.cookie, { IsRequest: true, groupIDs: [group.publicId] })).status).toBe('notAvailable');

    expect(await sweeper().expireSeatOffers()).toBe(1);
    expect(await sweeper().expireSeatOffers()).toBe(0);
    expect((await offersOf(group.id)).map((each) => [each.testerId, each.status])).toEqual([
      [first.tester.id, 'expired'],
      [second.tester.id, 'offered'],
    ]);
    expect(await seatsOf(group.id)).toEqual({ seats: 1, taken: 0, held: 1 });
    expect(await offerMails(second.tester.email)).toHaveLength(1);
    expect(await offerMails(first.tester.email)).toHaveLength(1);

    // The last one lapses too: nobody is left, so the seat is free for anyone.
    clock.advance(12 * HOUR_MS);
    expect(await sweeper().expireSeatOffers()).toBe(0);
    expect(await seatsOf(group.id)).toEqual({ seats: 1, taken: 0, held: 0 });
    expect((await schedule(outsider.cookie, { IsRequest: true, groupIDs: [group.publicId] })).status).toBe('succeed');
  });

  it('Not interested passes a held seat on at once', async () => {
    const { study, group, holder, waiters } = await fullGroupWithWaiters(2);
    const [first, second] = waiters as [Logged, Logged];
    await cancel(holder, study.studyNo);
    expect((await ok<{ status: string }>('/api/schedule/NotInterest', first.cookie, { StudyNo: study.studyNo })).status).toBe('succeed');
    expect((await offersOf(group.id)).map((each) => each.status)).toEqual(['declined', 'offered']);
    expect(await offerMails(second.tester.email)).toHaveLength(1);
    expect(await seatsOf(group.id)).toEqual({ seats: 1, taken: 0, held: 1 });
  });

  it('skips a waiting tester who could not book (an upcoming booking elsewhere) and offers the next', async () => {
    const { study, group, holder, waiters } = await fullGroupWithWaiters(2);
    const [first, second] = waiters as [Logged, Logged];
    const other = await createStudy(db());
    await createBooking(db(), { testerId: first.tester.id, studyNo: other.studyNo, startsAt: at(24 * 10) });
    await cancel(holder, study.studyNo);
    expect((await offersOf(group.id)).map((each) => each.testerId)).toEqual([second.tester.id]);
    expect(await offerMails(first.tester.email)).toHaveLength(0);
  });

  it('skips a waiting tester who is suspended (decision 046) and offers the next; a suspended tester cannot ask to wait', async () => {
    const { study, group, holder, waiters, outsider } = await fullGroupWithWaiters(2);
    const [first, second] = waiters as [Logged, Logged];
    const until = at(24 * 180);
    await db().update(testers).set({ suspendedUntil: until }).where(eq(testers.id, first.tester.id));
    await cancel(holder, study.studyNo);
    expect((await offersOf(group.id)).map((each) => each.testerId)).toEqual([second.tester.id]);
    expect(await offerMails(first.tester.email)).toHaveLength(0);

    await db().update(testers).set({ suspendedUntil: until }).where(eq(testers.id, outsider.tester.id));
    const asked = await ok<{ status: string }>('/api/schedule/SelfWaitList', outsider.cookie, {
      Study: study.guid,
      GroupIds: [group.publicId],
    });
    expect(asked.status).toBe('failed');
  });

  it('a change that leaves a group offers its seat', async () => {
    const { study, group, holder, waiters } = await fullGroupWithWaiters(1);
    const later = await createSessionGroup(db(), {
      studyNo: study.studyNo,
      seats: 3,
      sessions: [{ startsAt: at(100), endsAt: at(102) }],
    });
    const changed = await ok<{ status: string }>('/api/schedule/confirmChangeSchedule', holder.cookie, {
      ProtectedGroupID: [later.publicId],
    });
    expect(changed.status).toBe('succeed');
    expect((await offersOf(group.id)).map((each) => each.testerId)).toEqual([waiters[0]!.tester.id]);
    expect(await seatsOf(group.id)).toEqual({ seats: 1, taken: 0, held: 1 });
  });

  it('booking another time of the study declines the offer and passes it on', async () => {
    const { study, group, holder, waiters } = await fullGroupWithWaiters(2);
    const [first, second] = waiters as [Logged, Logged];
    await cancel(holder, study.studyNo);
    const other = await createSessionGroup(db(), { studyNo: study.studyNo, seats: 2, sessions: [{ startsAt: at(120), endsAt: at(122) }] });
    const link = offerLink((await offerMails(first.tester.email))[0]!.text);
    expect((await schedule(first.cookie, { ...link, IsRequest: true, groupIDs: [other.publicId] })).status).toBe('succeed');
    expect((await offersOf(group.id)).map((each) => [each.testerId, each.status])).toEqual([
      [first.tester.id, 'declined'],
      [second.tester.id, 'offered'],
    ]);
    expect(await seatsOf(group.id)).toEqual({ seats: 1, taken: 0, held: 1 });
  });

  it('a hold never reaches into the notice window, and a group inside it is not offered', async () => {
    const near = await fullGroupWithWaiters(1, { startHours: 30 });
    const cancelledAt = clock.now();
    await cancel(near.holder, near.study.studyNo);
    const [offer] = await offersOf(near.group.id);
    // 30 hours ahead with 24 hours' notice: the hold ends 6 hours from now, not 12.
    expect(offer!.expiresAt.getTime()).toBe(at(30).getTime() - 24 * HOUR_MS);
    expect(offer!.expiresAt.getTime() - cancelledAt.getTime()).toBeLessThan(12 * HOUR_MS);

    clock.advance(6 * HOUR_MS);
    await sweeper().expireSeatOffers();
    expect(await seatsOf(near.group.id)).toEqual({ seats: 1, taken: 0, held: 0 });
  });

  it('a multi-cancel offers each freed seat', async () => {
    const one = await fullGroupWithWaiters(1);
    const two = await fullGroupWithWaiters(1);
    // The same tester booked in both studies: the second holder's booking moved to the first's tester.
    await db()
      .update(bookings)
      .set({ testerId: one.holder.tester.id })
      .where(and(eq(bookings.testerId, two.holder.tester.id), eq(bookings.studyNo, two.study.studyNo)));
    const response = await post('/api/schedule/CancelMultiSchedule', one.holder.cookie, [one.study.studyNo, two.study.studyNo]);
    expect(response.json().status).toBe('succeed');
    expect((await offersOf(one.group.id)).map((each) => each.testerId)).toEqual([one.waiters[0]!.tester.id]);
    expect((await offersOf(two.group.id)).map((each) => each.testerId)).toEqual([two.waiters[0]!.tester.id]);
  });
});
