import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CHILD_TEXTS } from '@testerhub/shared/children-schemas';
import { CHILD_QUEUE_TEXTS } from '@testerhub/shared/staff-queues-schemas';
import { getWith, latestMail, linkIn, nameTag, postJson } from '../../../test/account-helpers.ts';
import {
  balanceAndLedger,
  createAttendedTester,
  expireUnconfirmedChildren,
  createChild,
  createScreener,
  createSessionGroup,
  createStudy,
} from '../../../test/factories.ts';
import { signedInStaff, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock, HOUR_MS, MINUTE_MS } from '../../core/clock.ts';
import { children } from '../../core/db/schema.ts';
import { signStudyLinkData } from '../screening/study-link-token.ts';
import { hostedScreenerPath } from '../studies/study-service.ts';

/**
 * Issue 24, item 1 (decision 079): invented children no longer farm coins. A parent has at most
 * CHILDREN_PER_PARENT (6) current children, also under simultaneous registrations; the same child
 * twice is refused with a clear message; the e-mailed link confirms the e-mail only, and a child is
 * screened and booked only once Tester Services confirmed it by phone; the expiry job removes what
 * staff did not confirm within 24 hours.
 */

const NOW = new Date('2026-03-10T15:00:00Z');
const LINK_SECRET = 'children-confirmation-test-secret-0123456789';
const clock = createFakeClock(NOW);
const testApp = useTestApp({ clock, env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY, STUDY_LINK_SECRET: LINK_SECRET } });
const db = () => testApp.database.db;

const post = (url: string, cookie: string, body: unknown) => postJson(testApp.app, url, body, { cookie });
const register = (cookie: string, payload: unknown) => post('/api/account/RegistChildrenWithoutStudyNo', cookie, payload);
const listOf = async (cookie: string) =>
  (await getWith(testApp.app, '/api/schedule/GetChildrenInfo', { cookie })).json().registeredChildren as {
    childId: string;
    fullName: string;
    isConfirmed: boolean;
    emailConfirmed: boolean;
  }[];
const recordCall = (cookie: string, childId: string, outcome: string) =>
  post('/api/staff/children/RecordCall', cookie, { childId, outcome });

let childCounter = 0;
function childPayload(overrides: Record<string, unknown> = {}) {
  childCounter += 1;
  return {
    firstName: `Kid ${nameTag(childCounter)}`,
    lastName: 'Example',
    race: 'A',
    gender: 'F',
    year: 2017,
    month: 2,
    day: 28,
    phone: '3125550123',
    ...overrides,
  };
}

/** A logged-in tester who has attended a study (who may register children online, decision 028). */
const attendedParent = () => createAttendedTester(db(), NOW);

/** `count` current children of the parent made straight in the database (confirmed unless told). */
async function existingChildren(parentId: string, count: number, confirmedAt: Date | null = NOW) {
  for (let index = 0; index < count; index += 1)
    await createChild(db(), { parentId, birthDate: `2015-01-${String(index + 1).padStart(2, '0')}`, createdAt: NOW, confirmedAt });
}

/** A kid study for ages 6 to 12 with a one-question hosted screener, an open group and a scheduling credit. */
async function kidStudy() {
  const study = await createStudy(db(), {
    projectType: 27,
    participantTypeId: 1,
    childMinimumAge: 6,
    childMaximumAge: 12,
    scheduleCoins: 100,
  });
  await createScreener(db(), {
    studyNo: study.studyNo,
    questions: [{ key: 'snacks', kind: 'single', prompt: 'Does your child eat snacks?', options: [{ key: 'yes', label: 'Yes' }] }],
  });
  const group = await createSessionGroup(db(), { studyNo: study.studyNo, now: NOW });
  return { study, group };
}

/** Registers a child of 9 and opens the e-mailed link as the parent: the child the link alone used to confirm. */
async function childConfirmedByEmailOnly(parent: { tester: { id: string; email: string }; cookie: string }) {
  const payload = childPayload({ year: NOW.getUTCFullYear() - 9, month: 1, day: 15 });
  expect((await register(parent.cookie, payload)).json()).toEqual({ status: 'succeed' });
  const mail = await latestMail(testApp.database, parent.tester.email, 'confirm-child');
  const k = linkIn(mail!.text, '/community').searchParams.get('k')!;
  const opened = await post('/api/account/ConfirmKid', parent.cookie, k);
  expect(opened.json()).toEqual({ status: 'succeed', fullName: `${payload.firstName} Example`, isConfirmed: false });
  return k;
}

describe("a parent's children are capped", () => {
  it('registers up to 6 current children and refuses the seventh with the limit; an expired registration does not count', async () => {
    clock.set(NOW);
    const { tester, cookie } = await attendedParent();
    await existingChildren(tester.id, 4);
    await existingChildren(tester.id, 1, null);
    // A registration past its 24 hours (the job has not removed it yet) is not a child any more.
    await createChild(db(), {
      parentId: tester.id,
      birthDate: '2016-05-05',
      createdAt: new Date(NOW.getTime() - 30 * HOUR_MS),
      confirmedAt: null,
    });
    expect((await register(cookie, childPayload())).json()).toEqual({ status: 'succeed' });
    expect(await listOf(cookie)).toHaveLength(6);
    expect((await register(cookie, childPayload())).json()).toEqual({
      status: 'tooManyChildren',
      detail: 'You can register up to 6 children. Please contact Tester Services to register another.',
    });
    expect(await listOf(cookie)).toHaveLength(6);
  });

  it('holds under simultaneous registrations: a parent at 5 sending 3 at once ends with 6', async () => {
    clock.set(NOW);
    const { tester, cookie } = await attendedParent();
    await existingChildren(tester.id, 5);
    const answers = await Promise.all([childPayload(), childPayload(), childPayload()].map((payload) => register(cookie, payload)));
    expect(answers.map((answer) => answer.json().status).sort()).toEqual(['succeed', 'tooManyChildren', 'tooManyChildren']);
    expect(await db().select().from(children).where(eq(children.parentId, tester.id))).toHaveLength(6);
  });
});

describe('the same child twice', () => {
  it("is refused with a clear message whatever the names' case and spacing, also at the cap", async () => {
    clock.set(NOW);
    const { tester, cookie } = await attendedParent();
    expect((await register(cookie, childPayload({ firstName: 'Mia Rose', lastName: 'Example' }))).json().status).toBe('succeed');
    const again = await register(cookie, childPayload({ firstName: '  mia   ROSE ', lastName: 'EXAMPLE' }));
    expect(again.json()).toEqual({ status: 'kidExisted', detail: 'You have already registered this child.' });
    await existingChildren(tester.id, 5);
    expect((await register(cookie, childPayload({ firstName: 'MIA ROSE', lastName: 'example' }))).json().status).toBe('kidExisted');
    expect(await listOf(cookie)).toHaveLength(6);
  });
});

describe('a child confirmed only by the e-mailed link', () => {
  it('cannot be screened or booked: the parent is told the child waits for a call from Tester Services', async () => {
    clock.set(NOW);
    const parent = await attendedParent();
    const { study, group } = await kidStudy();
    const k = await childConfirmedByEmailOnly(parent);
    expect(await listOf(parent.cookie)).toMatchObject([{ childId: k, isConfirmed: false, emailConfirmed: true }]);

    expect((await post('/api/schedule/GetChildrenInfo', parent.cookie, { studyNo: study.studyNo })).json().status).toBe('notConfirmed');
    expect((await post('/api/schedule/DoChildrenScreener', parent.cookie, { childID: k, studyNo: study.studyNo })).json()).toEqual({
      status: '101',
      message: CHILD_TEXTS.notConfirmedYet,
    });
    expect((await getWith(testApp.app, `/api/screener/${study.studyNo}?k=${k}`, { cookie: parent.cookie })).statusCode).toBe(404);
    // Even a signed self-schedule link naming the child books nothing.
    const data = signStudyLinkData(
      { testerId: parent.tester.id, studyNo: study.studyNo, quotaId: null, issuedAt: Math.floor(NOW.getTime() / 1000), childId: k },
      LINK_SECRET,
    );
    const booked = await post('/api/schedule/SelfSchedule', parent.cookie, {
      Study: study.guid,
      Tester: parent.tester.id,
      Data: data,
      Child: k,
      IsRequest: true,
      groupIDs: [group.publicId],
      pickUpgroupIDs: [],
    });
    expect(booked.json().status).toBe('notMatched');
    expect((await balanceAndLedger(db(), parent.tester.id)).coins).toBe(0);
  });

  it('is screenable once staff recorded their calls and the confirming one', async () => {
    clock.set(NOW);
    const parent = await attendedParent();
    const { study } = await kidStudy();
    const k = await childConfirmedByEmailOnly(parent);
    const { cookie: staff } = await signedInStaff(db(), ['recruiter']);
    // The e-mailed link leaves the child in the staff queue, with the time left of its 24 hours.
    clock.set(new Date(NOW.getTime() + 2 * HOUR_MS + 30 * MINUTE_MS));
    const queued = (await getWith(testApp.app, '/api/staff/children/Queue?page=1', { cookie: staff })).json().children;
    expect(queued.find((item: { childId: string }) => item.childId === k)).toMatchObject({
      emailConfirmed: true,
      minutesLeft: 21 * 60 + 30,
      callsMade: 0,
    });
    expect((await recordCall(staff, k, 'noAnswer')).json()).toEqual({ status: 'succeed', message: CHILD_QUEUE_TEXTS.recorded });
    expect((await post('/api/schedule/DoChildrenScreener', parent.cookie, { childID: k, studyNo: study.studyNo })).json().status).toBe(
      '101',
    );
    expect((await recordCall(staff, k, 'confirmed')).json()).toEqual({ status: 'succeed', message: CHILD_QUEUE_TEXTS.confirmed });
    expect(await listOf(parent.cookie)).toMatchObject([{ childId: k, isConfirmed: true }]);
    const screener = await post('/api/schedule/DoChildrenScreener', parent.cookie, { childID: k, studyNo: study.studyNo });
    expect(screener.json()).toEqual({ status: 'succeed', redirectLink: `${hostedScreenerPath(study.studyNo)}?k=${k}` });
    expect((await getWith(testApp.app, `/api/screener/${study.studyNo}?k=${k}`, { cookie: parent.cookie })).statusCode).toBe(200);
  });
});

describe('the expiry job', () => {
  it('removes a child staff did not confirm within 24 hours, e-mailed link or not, and keeps the one staff confirmed', async () => {
    clock.set(NOW);
    const parent = await attendedParent();
    const emailOnly = await childConfirmedByEmailOnly(parent);
    expect((await register(parent.cookie, childPayload())).json().status).toBe('succeed');
    const confirmedByStaff = (await listOf(parent.cookie)).find((child) => child.childId !== emailOnly)!.childId;
    const { cookie: staff } = await signedInStaff(db(), ['recruiter']);
    expect((await recordCall(staff, confirmedByStaff, 'confirmed')).json().status).toBe('succeed');

    clock.set(new Date(NOW.getTime() + 24 * HOUR_MS + MINUTE_MS));
    expect(await expireUnconfirmedChildren(db(), clock)).toBeGreaterThanOrEqual(1);
    const left = await db().select().from(children).where(eq(children.parentId, parent.tester.id));
    expect(left.map((row) => row.publicId)).toEqual([confirmedByStaff]);
    expect(await listOf(parent.cookie)).toMatchObject([{ childId: confirmedByStaff, isConfirmed: true }]);
  });
});
