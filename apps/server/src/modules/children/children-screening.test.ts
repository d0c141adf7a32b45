import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CHILD_FLOW_TEXTS, CHILD_TEXTS } from '@testerhub/shared/children-schemas';
import {
  balanceAndLedger,
  createBooking,
  createChild,
  createLoggedInTester,
  createScreener,
  createSessionGroup,
  createStudy,
} from '../../../test/factories.ts';
import { latestMail } from '../../../test/account-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock, HOUR_MS } from '../../core/clock.ts';
import { bookings, screenings, sessionGroups } from '../../core/db/schema.ts';

/**
 * Choosing, screening and booking a child (spec 3, "Child popup steps", "Self or teen choice", the
 * children calls; decision 029): the children for a study and their labels, DoChildrenScreener,
 * the hosted screener with ?k=, self-scheduling a child, the child named on the schedule check,
 * RemoveStudyFromList, and another parent's child refused everywhere.
 */

const NOW = new Date('2026-03-10T15:00:00Z');
const clock = createFakeClock(NOW);
const db = () => testApp.database.db;

const testApp = useTestApp({ clock });

const request = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string | undefined, payload?: unknown) =>
  testApp.app.inject({
    method,
    url,
    headers: { ...(payload !== undefined && { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
    ...(payload !== undefined && { payload: JSON.stringify(payload) }),
  });
const post = (url: string, cookie: string | undefined, payload: unknown) => request('POST', url, cookie, payload);

/** A birth date that makes the child `age` on NOW. */
const bornYearsAgo = (age: number) => `${NOW.getUTCFullYear() - age}-01-15`;

/** A kid study (project type 27) for children of 6 to 12, with a one-question hosted screener and an open group. */
async function kidStudy(overrides: Parameters<typeof createStudy>[1] = {}) {
  const study = await createStudy(db(), {
    projectType: 27,
    participantTypeId: 1,
    childMinimumAge: 6,
    childMaximumAge: 12,
    scheduleCoins: 20,
    scheduleExp: 10,
    ...overrides,
  });
  const screener = await createScreener(db(), {
    studyNo: study.studyNo,
    questions: [
      {
        key: 'snacks',
        kind: 'single',
        prompt: 'Does your child eat snacks?',
        options: [
          { key: 'yes', label: 'Yes' },
          { key: 'no', label: 'No', disqualifies: true },
        ],
      },
    ],
  });
  const group = await createSessionGroup(db(), { studyNo: study.studyNo, now: NOW });
  return { study, group, yes: { [screener.question('snacks')]: screener.option('snacks', 'yes') } };
}

async function parentWithChild(age = 9) {
  const { tester, cookie } = await createLoggedInTester(db());
  const child = await createChild(db(), { parentId: tester.id, birthDate: bornYearsAgo(age), createdAt: NOW });
  return { tester, cookie, child };
}

const childrenFor = (cookie: string, studyNo: number) => post('/api/schedule/GetChildrenInfo', cookie, { studyNo });
const teensFor = (cookie: string, studyNo: number) => post('/api/schedule/GetChildrenInfoWithAge', cookie, { studyNo });
const doScreener = (cookie: string, childID: string, studyNo: number) =>
  post('/api/schedule/DoChildrenScreener', cookie, { childID, studyNo });

describe('POST /api/schedule/GetChildrenInfo (a kid study)', () => {
  it('lists the children with what rules each out, and answers succeed when one can be chosen', async () => {
    const { study } = await kidStudy();
    const { tester, cookie, child } = await parentWithChild(9);
    const tooOld = await createChild(db(), { parentId: tester.id, birthDate: bornYearsAgo(15), createdAt: NOW });
    const waiting = await createChild(db(), { parentId: tester.id, birthDate: bornYearsAgo(7), createdAt: NOW, confirmedAt: null });

    const answer = (await childrenFor(cookie, study.studyNo)).json();
    expect(answer.status).toBe('succeed');
    const byId = new Map(answer.customChildren.map((item: { testerId: string }) => [item.testerId, item]));
    expect(byId.get(child.publicId)).toEqual({
      testerId: child.publicId,
      testerName: `${child.firstName} ${child.lastName}`,
      studyNo: study.studyNo,
      age: 9,
      isConfirmed: true,
      isWaitList: false,
      isAgeQualified: true,
      isQuotaQualified: true,
      isScreened: false,
    });
    expect(byId.get(tooOld.publicId)).toMatchObject({ age: 15, isAgeQualified: false });
    expect(byId.get(waiting.publicId)).toMatchObject({ isConfirmed: false });
  });

  it('answers noChildren, notConfirmed, noQualifiedChildren, changeEmailAddress and failed', async () => {
    const { study } = await kidStudy();
    const adultStudy = await createStudy(db());

    const none = await createLoggedInTester(db());
    expect((await childrenFor(none.cookie, study.studyNo)).json()).toEqual({ status: 'noChildren', customChildren: [] });

    const unconfirmed = await createLoggedInTester(db());
    await createChild(db(), { parentId: unconfirmed.tester.id, birthDate: bornYearsAgo(8), createdAt: NOW, confirmedAt: null });
    expect((await childrenFor(unconfirmed.cookie, study.studyNo)).json().status).toBe('notConfirmed');

    const older = await parentWithChild(14);
    expect((await childrenFor(older.cookie, study.studyNo)).json().status).toBe('noQualifiedChildren');

    const badEmail = await createLoggedInTester(db(), { email: 'nobody@localhost' });
    await createChild(db(), { parentId: badEmail.tester.id, birthDate: bornYearsAgo(8), createdAt: NOW });
    expect((await childrenFor(badEmail.cookie, study.studyNo)).json().status).toBe('changeEmailAddress');

    expect((await childrenFor(older.cookie, adultStudy.studyNo)).json().status).toBe('failed');
    expect((await childrenFor(older.cookie, 999_999)).json().status).toBe('failed');
  });

  it('marks a child screened or waitlisted, and a full study not quota-qualified', async () => {
    const { study } = await kidStudy({ recruitTarget: 1, qualifiedCount: 1 });
    const { cookie, child } = await parentWithChild(9);
    const answer = (await childrenFor(cookie, study.studyNo)).json();
    expect(answer.status).toBe('noQualifiedChildren');
    expect(answer.customChildren[0]).toMatchObject({ testerId: child.publicId, isQuotaQualified: false });
  });

  it('refuses bad input with 400 naming the field, and a stranger with 401', async () => {
    const { cookie } = await createLoggedInTester(db());
    const bad = await childrenFor(cookie, 'x' as unknown as number);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/studyNo|Study number/);
    expect((await post('/api/schedule/GetChildrenInfo', undefined, { studyNo: 1 })).statusCode).toBe(401);
  });
});

describe('POST /api/schedule/GetChildrenInfoWithAge (the teen branch)', () => {
  it('lists only children of 13 to 17 for a teen-and-adult study', async () => {
    const study = await createStudy(db(), { participantTypeId: 3, minimumAge: 13 });
    const { tester, cookie } = await createLoggedInTester(db());
    const teen = await createChild(db(), { parentId: tester.id, birthDate: bornYearsAgo(15), createdAt: NOW });
    await createChild(db(), { parentId: tester.id, birthDate: bornYearsAgo(8), createdAt: NOW });

    const answer = (await teensFor(cookie, study.studyNo)).json();
    expect(answer.status).toBe('succeed');
    expect(answer.customChildren.map((item: { testerId: string }) => item.testerId)).toEqual([teen.publicId]);
  });

  it('answers noChildren without a teen, and failed for a study that is not teen-and-adult', async () => {
    const study = await createStudy(db(), { participantTypeId: 3, minimumAge: 13 });
    const { cookie } = await parentWithChild(8);
    expect((await teensFor(cookie, study.studyNo)).json().status).toBe('noChildren');
    const { study: kids } = await kidStudy();
    expect((await teensFor(cookie, kids.studyNo)).json().status).toBe('failed');
  });
});

describe('POST /api/schedule/DoChildrenScreener', () => {
  it("sends the parent to the study's hosted screener for the child", async () => {
    const { study } = await kidStudy();
    const { cookie, child } = await parentWithChild(9);
    expect((await doScreener(cookie, child.publicId, study.studyNo)).json()).toEqual({
      status: 'succeed',
      redirectLink: `/community/main/screener/${study.studyNo}?k=${child.publicId}`,
    });
  });

  it("answers 101 for another parent's or an unconfirmed child, 103 for a closed or outside study, notQualified for the age", async () => {
    const { study } = await kidStudy();
    const { cookie, tester } = await parentWithChild(9);
    const other = await parentWithChild(9);
    expect((await doScreener(cookie, other.child.publicId, study.studyNo)).json()).toEqual({
      status: '101',
      message: CHILD_TEXTS.mustJoinFirst,
    });
    const unconfirmed = await createChild(db(), { parentId: tester.id, birthDate: bornYearsAgo(7), createdAt: NOW, confirmedAt: null });
    expect((await doScreener(cookie, unconfirmed.publicId, study.studyNo)).json().status).toBe('101');

    const { study: closed } = await kidStudy({ closesAt: new Date(NOW.getTime() - HOUR_MS) });
    expect((await doScreener(cookie, other.child.publicId, closed.studyNo)).json().status).toBe('103');
    const outside = await createStudy(db(), { projectType: 27, screenerKind: 'external', externalUrl: 'https://screeners.invalid/s' });
    const own = await createChild(db(), { parentId: tester.id, birthDate: bornYearsAgo(10), createdAt: NOW });
    expect((await doScreener(cookie, own.publicId, outside.studyNo)).json().status).toBe('103');

    const teen = await createChild(db(), { parentId: tester.id, birthDate: bornYearsAgo(16), createdAt: NOW });
    expect((await doScreener(cookie, teen.publicId, study.studyNo)).json()).toEqual({
      status: 'notQualified',
      message: CHILD_FLOW_TEXTS.childAgeNotTaken,
    });
  });

  it('refuses a child id that is no GUID with 400 naming childID', async () => {
    const { cookie } = await createLoggedInTester(db());
    const bad = await doScreener(cookie, 'not-a-guid', 1);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/child id/i);
  });
});

describe("a child's screener and booking", () => {
  it('screens the child (not the parent), pays the parent once per child, and books the child named on the check', async () => {
    const { study, group, yes } = await kidStudy();
    const { tester, cookie, child } = await parentWithChild(9);
    const second = await createChild(db(), { parentId: tester.id, birthDate: bornYearsAgo(11), createdAt: NOW, firstName: 'Robin' });

    const screener = await request('GET', `/api/screener/${study.studyNo}?k=${child.publicId}`, cookie);
    expect(screener.statusCode).toBe(200);
    expect(screener.json().childName).toBe(`${child.firstName} ${child.lastName}`);

    const done = (await post(`/api/screener/${study.studyNo}/complete?k=${child.publicId}`, cookie, { answers: yes })).json();
    expect(done.outcome).toBe('qualified');
    const link = new URL(done.redirectLink, 'http://localhost');
    expect(link.searchParams.get('k')).toBe(child.publicId);
    const [row] = await db()
      .select()
      .from(screenings)
      .where(and(eq(screenings.testerId, tester.id), eq(screenings.studyNo, study.studyNo)));
    expect(row!.childId).toBe(child.id);

    // The other child screens too, and the parent is paid for each child once.
    const again = (await post(`/api/screener/${study.studyNo}/complete?k=${second.publicId}`, cookie, { answers: yes })).json();
    expect(again.outcome).toBe('qualified');
    expect((await post(`/api/screener/${study.studyNo}/complete?k=${child.publicId}`, cookie, { answers: yes })).statusCode).toBe(404);
    expect((await balanceAndLedger(db(), tester.id)).coins).toBe(2 * study.coinValue);

    const listed = (await childrenFor(cookie, study.studyNo)).json();
    expect(listed.customChildren.find((item: { testerId: string }) => item.testerId === child.publicId).isScreened).toBe(true);

    const linkBody = {
      Study: link.searchParams.get('s'),
      Tester: link.searchParams.get('t'),
      Data: link.searchParams.get('d'),
      Child: child.publicId,
    };
    const selected = (await post('/api/schedule/GetSelectedSchedules', cookie, linkBody)).json();
    expect(selected.status).toBe('single');
    const booked = (
      await post('/api/schedule/SelfSchedule', cookie, { ...linkBody, IsRequest: true, groupIDs: [group.publicId], pickUpgroupIDs: [] })
    ).json();
    expect(booked).toMatchObject({ status: 'succeed', coins: 20, exp: 10 });
    const [booking] = await db().select().from(bookings).where(eq(bookings.testerId, tester.id));
    expect(booking!.childId).toBe(child.id);
    // The booking e-mail goes to the parent and names the child.
    const mail = await latestMail(testApp.database, tester.email, 'schedule-booked');
    expect(mail!.subject).toBe(`You are booked: ${study.studyBasicInfo}, for ${child.firstName} ${child.lastName}`);

    const check = (await request('GET', '/api/schedule/GetCurrentSchedule', cookie)).json();
    expect(check.scheduleStamps[0]).toMatchObject({ isChildStudy: true, childNames: `${child.firstName} ${child.lastName}` });

    // The child's booking does not hold the parent's own screeners back (the 101 rule is per person).
    const adult = await createStudy(db());
    await createSessionGroup(db(), { studyNo: adult.studyNo, now: NOW });
    const adultScreener = await createScreener(db(), {
      studyNo: adult.studyNo,
      questions: [{ key: 'q', kind: 'single', prompt: 'Ready?', options: [{ key: 'yes', label: 'Yes' }] }],
    });
    const adultDone = (
      await post(`/api/screener/${adult.studyNo}/complete`, cookie, {
        answers: { [adultScreener.question('q')]: adultScreener.option('q', 'yes') },
      })
    ).json();
    expect(adultDone.outcome).toBe('qualified');
  });

  it("completes a child's screener once under ten simultaneous completions: one outcome, one payment", async () => {
    const { study, yes } = await kidStudy();
    const { tester, cookie, child } = await parentWithChild(9);
    const url = `/api/screener/${study.studyNo}/complete?k=${child.publicId}`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(url, cookie, { answers: yes })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array(9).fill(404)]);
    const ledger = await balanceAndLedger(db(), tester.id);
    expect([ledger.coins, ledger.entries]).toEqual([study.coinValue, 1]);
  });

  it("refuses another parent's child in the screener calls and a Child that does not match the link", async () => {
    const { study, group, yes } = await kidStudy();
    const { cookie, child } = await parentWithChild(9);
    const other = await parentWithChild(9);
    expect((await request('GET', `/api/screener/${study.studyNo}?k=${other.child.publicId}`, cookie)).statusCode).toBe(404);
    expect((await post(`/api/screener/${study.studyNo}/complete?k=${other.child.publicId}`, cookie, { answers: yes })).statusCode).toBe(
      404,
    );
    expect((await request('GET', `/api/screener/${study.studyNo}?k=nope`, cookie)).statusCode).toBe(400);

    const done = (await post(`/api/screener/${study.studyNo}/complete?k=${child.publicId}`, cookie, { answers: yes })).json();
    const link = new URL(done.redirectLink, 'http://localhost');
    const linkBody = { Study: link.searchParams.get('s'), Tester: link.searchParams.get('t'), Data: link.searchParams.get('d') };
    const mismatched = await post('/api/schedule/SelfSchedule', cookie, {
      ...linkBody,
      Child: other.child.publicId,
      IsRequest: true,
      groupIDs: [group.publicId],
    });
    expect(mismatched.json().status).toBe('notMatched');
    // The link is the child's: without Child it still books the child, never the parent.
    const booked = (await post('/api/schedule/SelfSchedule', cookie, { ...linkBody, IsRequest: true, groupIDs: [group.publicId] })).json();
    expect(booked.status).toBe('succeed');
    const rows = await db().select().from(bookings).where(eq(bookings.studyNo, study.studyNo));
    expect(rows.map((row) => row.childId)).toEqual([child.id]);
  });
});

describe("changing a family's booking", () => {
  it("moves the tester's and the child's bookings of the study together, or neither when the group lacks a seat for each", async () => {
    const { study } = await kidStudy();
    const { tester, cookie, child } = await parentWithChild(9);
    const day = (days: number, hour: number) => new Date(NOW.getTime() + days * 24 * HOUR_MS + hour * HOUR_MS);
    const twoHours = (startsAt: Date) => [{ startsAt, endsAt: new Date(startsAt.getTime() + 2 * HOUR_MS) }];
    const current = await createSessionGroup(db(), { studyNo: study.studyNo, seats: 4, taken: 2, sessions: twoHours(day(3, 0)) });
    const roomy = await createSessionGroup(db(), { studyNo: study.studyNo, seats: 2, sessions: twoHours(day(4, 0)) });
    const tight = await createSessionGroup(db(), { studyNo: study.studyNo, seats: 1, sessions: twoHours(day(5, 0)) });
    for (const childId of [null, child.id]) {
      const { startsAt, endsAt } = current.sessions[0]!;
      await createBooking(db(), { testerId: tester.id, childId, studyNo: study.studyNo, groupId: current.id, startsAt, endsAt });
    }
    const change = (groupId: string) => post('/api/schedule/confirmChangeSchedule', cookie, { ProtectedGroupID: [groupId] });
    const groupsOfFamily = async () =>
      (await db().select().from(bookings).where(eq(bookings.testerId, tester.id))).map((row) => row.groupId).sort();
    const taken = async (id: number) => (await db().select().from(sessionGroups).where(eq(sessionGroups.id, id)))[0]!.taken;

    const refused = (await change(tight.publicId)).json();
    expect(refused.status).toBe('notAvailable');
    expect(await groupsOfFamily()).toEqual([current.id, current.id]);
    expect([await taken(current.id), await taken(tight.id)]).toEqual([2, 0]);

    expect((await change(roomy.publicId)).json().status).toBe('succeed');
    expect(await groupsOfFamily()).toEqual([roomy.id, roomy.id]);
    expect([await taken(current.id), await taken(roomy.id)]).toEqual([0, 2]);
  });
});

describe('POST /api/schedule/RemoveStudyFromList', () => {
  it("hides the study from the tester's screener list, once, and refuses a body that is no study number", async () => {
    const study = await createStudy(db());
    const { cookie } = await createLoggedInTester(db());
    const listed = async () =>
      (await request('GET', '/api/schedule/GetScreeners', cookie)).json().map((item: { screenerStudyNo: number }) => item.screenerStudyNo);
    expect(await listed()).toContain(study.studyNo);
    expect((await post('/api/schedule/RemoveStudyFromList', cookie, study.studyNo)).json()).toEqual({ status: 'succeed' });
    expect((await post('/api/schedule/RemoveStudyFromList', cookie, study.studyNo)).json()).toEqual({ status: 'succeed' });
    expect(await listed()).not.toContain(study.studyNo);

    const other = await createLoggedInTester(db());
    const theirs = (await request('GET', '/api/schedule/GetScreeners', other.cookie)).json();
    expect(theirs.map((item: { screenerStudyNo: number }) => item.screenerStudyNo)).toContain(study.studyNo);

    expect((await post('/api/schedule/RemoveStudyFromList', cookie, { studyNo: study.studyNo })).statusCode).toBe(400);
  });
});
