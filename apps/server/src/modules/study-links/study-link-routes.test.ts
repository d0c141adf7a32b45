import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createChild, createLoggedInTester, createSessionGroup, createStudy, createTester } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock, HOUR_MS } from '../../core/clock.ts';
import { bookings, screenerHosts, screenings, studyInvitations } from '../../core/db/schema.ts';
import { signJson } from '../../core/security/signed-token.ts';
import { signInvitationData } from './invitation-token.ts';

/**
 * The login-time study-link calls over HTTP (spec 2, "Login-time study links"; decision 026):
 * each status, 400 naming the field, 401 without a session, another tester's link and forged or
 * expired tokens refused with the right status, never 5xx.
 */

const SECRET = 'study-link-secret-for-route-tests-0123456789';
const NOW = new Date('2026-03-02T15:00:00Z');
const DAY = 24 * HOUR_MS;
const clock = createFakeClock(NOW);
const db = () => testApp.database.db;

const testApp = useTestApp({ clock, env: { STUDY_LINK_SECRET: SECRET, STUDY_LINK_VALID_DAYS: '14' } });

const post = (url: string, cookie: string | undefined, payload: unknown) =>
  testApp.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(payload),
  });

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** An invitation row of the tester to the study and its link's d, made at `at`. */
async function invitation(testerId: string, studyNo: number, at = NOW) {
  const [row] = await db().insert(studyInvitations).values({ studyNo, testerId, createdAt: at }).returning();
  const d = signInvitationData({ invitationId: row!.id, testerId, studyNo, issuedAt: seconds(at) }, SECRET);
  return { id: row!.id, d };
}

/** A qualified screener's self-schedule d, as the screening module signs it (purpose 'studyLink'). */
const qualifiedData = (testerId: string, studyNo: number, at = NOW) =>
  signJson('studyLink', { t: testerId, s: studyNo, q: null, i: seconds(at) }, SECRET);

const invitationRow = (id: number) =>
  db()
    .select()
    .from(studyInvitations)
    .where(eq(studyInvitations.id, id))
    .then((rows) => rows[0]!);

/** A logged-in tester invited to a new open study (hosted screener, online-only). */
async function invited(studyOverrides: Parameters<typeof createStudy>[1] = {}) {
  clock.set(NOW);
  const study = await createStudy(db(), studyOverrides);
  const { tester, cookie } = await createLoggedInTester(db());
  const link = await invitation(tester.id, study.studyNo);
  return { study, tester, cookie, link };
}

const queStatus = (cookie: string, body: Record<string, unknown>) => post('/api/default/GetQueStatusID', cookie, body);
const studyInfo = (cookie: string, body: Record<string, unknown>) => post('/api/study/GetStudyInfo', cookie, body);
const kidInfo = (cookie: string, body: Record<string, unknown>) => post('/api/study/GetKidStudyInfo', cookie, body);

const UUID = '00000000-0000-4000-8000-000000000000';

describe('the study-link calls', () => {
  it('answer 401 without a session', async () => {
    const calls: [string, unknown][] = [
      ['/api/study/CheckParticipantType', UUID],
      ['/api/default/GetQueStatusID', { studyGuid: UUID, testerGuid: UUID, data: '', kidGuid: '' }],
      ['/api/study/GetStudyInfo', { study: UUID, tester: UUID, data: '' }],
      ['/api/study/GetKidStudyInfo', { study: UUID, tester: UUID, kid: '', data: '' }],
    ];
    for (const [url, body] of calls) expect((await post(url, undefined, body)).statusCode, url).toBe(401);
  });

  it('answer 400 naming the field for bad input, never 5xx', async () => {
    const { cookie } = await createLoggedInTester(db());
    const cases: [string, unknown, string][] = [
      ['/api/study/CheckParticipantType', 'not-a-guid', 'body'],
      ['/api/study/CheckParticipantType', { study: UUID }, 'body'],
      ['/api/default/GetQueStatusID', { testerGuid: UUID, data: '' }, 'studyGuid'],
      ['/api/default/GetQueStatusID', { studyGuid: UUID, testerGuid: 'x', data: '' }, 'testerGuid'],
      ['/api/default/GetQueStatusID', { studyGuid: UUID, testerGuid: UUID, data: 'a'.repeat(3000) }, 'data'],
      ['/api/default/GetQueStatusID', { studyGuid: UUID, testerGuid: UUID, data: '', kidGuid: 'kid' }, 'kidGuid'],
      ['/api/default/GetQueStatusID', { studyGuid: UUID, testerGuid: UUID, data: 'a\u0000b' }, 'data'],
      ['/api/study/GetStudyInfo', { study: 12, tester: UUID, data: '' }, 'study'],
      ['/api/study/GetStudyInfo', { study: UUID, data: '' }, 'tester'],
      ['/api/study/GetStudyInfo', { study: UUID, tester: UUID, data: 5 }, 'data'],
      ['/api/study/GetKidStudyInfo', { study: UUID, tester: UUID, kid: 'not-a-kid', data: '' }, 'kid'],
      ['/api/study/GetKidStudyInfo', { study: UUID, tester: '', kid: '', data: '' }, 'tester'],
    ];
    for (const [url, body, field] of cases) {
      const response = await post(url, cookie, body);
      expect(response.statusCode, `${url} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
      expect(response.json().field, url).toBe(field);
    }
  });
});

describe('POST /api/study/CheckParticipantType', () => {
  it("answers the study's participant type, number and minimum age, and whether this tester finished its screener", async () => {
    const { study, tester, cookie } = await invited({ participantTypeId: 3, minimumAge: 13 });
    const first = await post('/api/study/CheckParticipantType', cookie, study.guid);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      status: 'succeed',
      participantTypeID: 3,
      resultQueExisted: false,
      studyNo: study.studyNo,
      minimumAge: 13,
    });
    await db().insert(screenings).values({ testerId: tester.id, studyNo: study.studyNo, status: 'inProgress', startedAt: NOW });
    expect((await post('/api/study/CheckParticipantType', cookie, study.guid.toUpperCase())).json().resultQueExisted).toBe(false);
    await db().update(screenings).set({ status: 'disqualified', completedAt: NOW }).where(eq(screenings.testerId, tester.id));
    expect((await post('/api/study/CheckParticipantType', cookie, study.guid)).json().resultQueExisted).toBe(true);
  });

  it("answers 'invalid study' with zeros for a GUID that names no study", async () => {
    const { cookie } = await createLoggedInTester(db());
    const response = await post('/api/study/CheckParticipantType', cookie, UUID);
    expect(response.json()).toEqual({ status: 'invalid study', participantTypeID: 0, resultQueExisted: false, studyNo: 0, minimumAge: 0 });
  });
});

describe('POST /api/default/GetQueStatusID', () => {
  it("answers common for the invited tester's own invitation, echoes d and marks the invitation clicked once", async () => {
    const { study, tester, cookie, link } = await invited();
    const response = await queStatus(cookie, { studyGuid: study.guid, testerGuid: tester.id, data: link.d, kidGuid: '' });
    expect(response.json()).toEqual({ status: 'common', data: link.d });
    expect((await invitationRow(link.id)).clickedAt).toEqual(NOW);
    clock.set(new Date(NOW.getTime() + HOUR_MS));
    await queStatus(cookie, { studyGuid: study.guid, testerGuid: tester.id, data: link.d });
    expect((await invitationRow(link.id)).clickedAt).toEqual(NOW);
  });

  it('answers differentAccount when t names another tester than the one logged in, and leaves the invitation unclicked', async () => {
    const { study, tester, link } = await invited();
    const { cookie: otherCookie } = await createLoggedInTester(db());
    const response = await queStatus(otherCookie, { studyGuid: study.guid, testerGuid: tester.id, data: link.d });
    expect(response.json()).toEqual({ status: 'differentAccount', data: '' });
    expect((await invitationRow(link.id)).clickedAt).toBeNull();
  });

  it("answers 'invalid study' for another tester's d under one's own t, a forged, expired or wrong-study d, no d, or an unknown study", async () => {
    const { study, tester, cookie, link } = await invited();
    const other = await createTester(db());
    const othersLink = await invitation(other.id, study.studyNo);
    const otherStudy = await createStudy(db());
    const [body, signature] = link.d.split('.');
    const forged = `${body}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    const tampered = `${Buffer.from(JSON.stringify({ n: othersLink.id, t: tester.id, s: study.studyNo, i: seconds(NOW), p: 'invitation' })).toString('base64url')}.${signature}`;
    const cases: Record<string, unknown>[] = [
      { studyGuid: study.guid, testerGuid: tester.id, data: othersLink.d },
      { studyGuid: study.guid, testerGuid: tester.id, data: forged },
      { studyGuid: study.guid, testerGuid: tester.id, data: tampered },
      { studyGuid: study.guid, testerGuid: tester.id, data: 'not.a-token' },
      { studyGuid: study.guid, testerGuid: tester.id, data: '' },
      { studyGuid: study.guid, testerGuid: tester.id },
      { studyGuid: otherStudy.guid, testerGuid: tester.id, data: link.d },
      { studyGuid: UUID, testerGuid: tester.id, data: link.d },
      // A check-in code or any token signed for another purpose is not a link.
      {
        studyGuid: study.guid,
        testerGuid: tester.id,
        data: signJson('checkIn', { t: tester.id, s: study.studyNo, i: seconds(NOW) }, SECRET),
      },
      {
        studyGuid: study.guid,
        testerGuid: tester.id,
        data: signJson('invitation', { n: link.id, t: tester.id, s: study.studyNo }, SECRET),
      },
    ];
    for (const payload of cases) {
      const response = await queStatus(cookie, payload);
      expect(response.statusCode).toBe(200);
      expect(response.json(), JSON.stringify(payload).slice(0, 120)).toEqual({ status: 'invalid study', data: '' });
    }
    // Valid for 14 days from when it was made: the 14th day still opens it, a moment later it is invalid.
    clock.set(new Date(NOW.getTime() + 14 * DAY));
    expect((await queStatus(cookie, { studyGuid: study.guid, testerGuid: tester.id, data: link.d })).json().status).toBe('common');
    clock.set(new Date(NOW.getTime() + 14 * DAY + 1000));
    expect((await queStatus(cookie, { studyGuid: study.guid, testerGuid: tester.id, data: link.d })).json().status).toBe('invalid study');
    clock.set(NOW);
  });

  it('answers ts when the tester is already booked in the study, for either kind of link', async () => {
    const { study, tester, cookie, link } = await invited();
    const group = await createSessionGroup(db(), { studyNo: study.studyNo, now: NOW, taken: 1 });
    await db().insert(bookings).values({
      testerId: tester.id,
      studyNo: study.studyNo,
      groupId: group.id,
      startsAt: group.sessions[0]!.startsAt,
      endsAt: group.sessions[0]!.endsAt,
    });
    expect((await queStatus(cookie, { studyGuid: study.guid, testerGuid: tester.id, data: link.d })).json()).toEqual({
      status: 'ts',
      data: link.d,
    });
    const d = qualifiedData(tester.id, study.studyNo);
    expect((await queStatus(cookie, { studyGuid: study.guid, testerGuid: tester.id, data: d })).json().status).toBe('ts');
  });

  it('answers hasSchedule for a qualified link while an upcoming booking in another study comes first; an invitation to screen stays common', async () => {
    const { study, tester, cookie, link } = await invited();
    const elsewhere = await createStudy(db());
    const group = await createSessionGroup(db(), { studyNo: elsewhere.studyNo, now: NOW, taken: 1 });
    await db().insert(bookings).values({
      testerId: tester.id,
      studyNo: elsewhere.studyNo,
      groupId: group.id,
      startsAt: group.sessions[0]!.startsAt,
      endsAt: group.sessions[0]!.endsAt,
    });
    const d = qualifiedData(tester.id, study.studyNo);
    expect((await queStatus(cookie, { studyGuid: study.guid, testerGuid: tester.id, data: d })).json()).toEqual({
      status: 'hasSchedule',
      data: d,
    });
    expect((await queStatus(cookie, { studyGuid: study.guid, testerGuid: tester.id, data: link.d })).json().status).toBe('common');
  });

  it("answers common for the tester's own qualified link, and 'invalid study' for another tester's", async () => {
    const { study, tester, cookie } = await invited();
    const other = await createTester(db());
    const own = qualifiedData(tester.id, study.studyNo);
    expect((await queStatus(cookie, { studyGuid: study.guid, testerGuid: tester.id, data: own })).json()).toEqual({
      status: 'common',
      data: own,
    });
    const others = qualifiedData(other.id, study.studyNo);
    expect((await queStatus(cookie, { studyGuid: study.guid, testerGuid: tester.id, data: others })).json().status).toBe('invalid study');
  });

  it('honours a qualified link as long as the self-schedule page does (SELF_SCHEDULE_LINK_DAYS, 7), not the invitations’ 14 days', async () => {
    const { study, tester, cookie } = await invited();
    const own = qualifiedData(tester.id, study.studyNo);
    clock.set(new Date(NOW.getTime() + 7 * DAY));
    expect((await queStatus(cookie, { studyGuid: study.guid, testerGuid: tester.id, data: own })).json().status).toBe('common');
    clock.set(new Date(NOW.getTime() + 7 * DAY + 1000));
    expect((await queStatus(cookie, { studyGuid: study.guid, testerGuid: tester.id, data: own })).json().status).toBe('invalid study');
    clock.set(NOW);
  });
});

describe('POST /api/study/GetStudyInfo', () => {
  it("sends an invitation to the study's hosted screener (succeed) and marks it answered", async () => {
    const { study, tester, cookie, link } = await invited();
    const response = await studyInfo(cookie, { study: study.guid, tester: tester.id, data: link.d });
    expect(response.json()).toEqual({
      status: 'succeed',
      url: `/community/main/screener/${study.studyNo}`,
      f: 'screener',
      e: false,
      studyNo: study.studyNo,
      data: link.d,
    });
    expect((await invitationRow(link.id)).answeredAt).toEqual(NOW);
  });

  it('sends an invitation of an outside-screener study to its allow-listed address with a token (external)', async () => {
    await db().insert(screenerHosts).values({ host: 'survey.partner.example' }).onConflictDoNothing();
    const { study, tester, cookie, link } = await invited({
      screenerKind: 'external',
      externalUrl: 'https://survey.partner.example/s/streaming-24107?src=testerhub',
    });
    const answer = (await studyInfo(cookie, { study: study.guid, tester: tester.id, data: link.d })).json();
    expect(answer).toMatchObject({ status: 'external', f: 'outside', e: true, studyNo: study.studyNo });
    const url = new URL(answer.url);
    expect(url.origin).toBe('https://survey.partner.example');
    expect(url.searchParams.get('tk')).toMatch(/^[\w-]{43}$/);
  });

  it('sends a qualified link to the self-schedule page with s, t and d when a group has a free seat, else noSeat', async () => {
    const { study, tester, cookie } = await invited();
    const d = qualifiedData(tester.id, study.studyNo);
    expect((await studyInfo(cookie, { study: study.guid, tester: tester.id, data: d })).json()).toMatchObject({
      status: 'noSeat',
      url: '',
      f: 'none',
    });
    // A closed group and a full one offer nothing; an open one with a seat does.
    await createSessionGroup(db(), { studyNo: study.studyNo, now: NOW, status: 'Closed' });
    await createSessionGroup(db(), { studyNo: study.studyNo, now: NOW, seats: 1, taken: 1 });
    expect((await studyInfo(cookie, { study: study.guid, tester: tester.id, data: d })).json().status).toBe('noSeat');
    await createSessionGroup(db(), { studyNo: study.studyNo, now: NOW });
    const answer = (await studyInfo(cookie, { study: study.guid, tester: tester.id, data: d })).json();
    expect(answer).toMatchObject({ status: 'succeed', f: 'selfSchedule', e: false, data: d });
    const url = new URL(answer.url, 'http://site.test');
    expect(url.pathname).toBe('/community/main/schedule/self');
    expect(Object.fromEntries(url.searchParams)).toEqual({ s: study.guid, t: tester.id, d });
  });

  it("answers 'noSeat' for a closed study, one whose recruit target is reached, and one not open to this tester", async () => {
    const closed = await invited({ closesAt: new Date(NOW.getTime() - HOUR_MS) });
    const full = await invited({ recruitTarget: 2, qualifiedCount: 2 });
    const tooOld = await invited({ minimumAge: 60 });
    for (const { study, tester, cookie, link } of [closed, full, tooOld]) {
      const answer = (await studyInfo(cookie, { study: study.guid, tester: tester.id, data: link.d })).json();
      expect(answer, String(study.studyNo)).toEqual({
        status: 'noSeat',
        url: '',
        f: 'none',
        e: false,
        studyNo: study.studyNo,
        data: link.d,
      });
    }
  });

  it('answers child for a kid study (by project type or participant type)', async () => {
    for (const overrides of [{ projectType: 27 }, { participantTypeId: 2 }]) {
      const { study, tester, cookie, link } = await invited(overrides);
      expect((await studyInfo(cookie, { study: study.guid, tester: tester.id, data: link.d })).json()).toMatchObject({
        status: 'child',
        f: 'child',
        url: '',
      });
    }
  });

  it('answers other with the screener list once the tester finished this screener', async () => {
    const { study, tester, cookie, link } = await invited();
    await db()
      .insert(screenings)
      .values({ testerId: tester.id, studyNo: study.studyNo, status: 'qualified', startedAt: NOW, completedAt: NOW });
    expect((await studyInfo(cookie, { study: study.guid, tester: tester.id, data: link.d })).json()).toMatchObject({
      status: 'other',
      url: '/community/main/screener',
      f: 'screenerList',
    });
  });

  it("refuses another tester's link (403) and a forged or expired one (404)", async () => {
    const { study, tester, link } = await invited();
    const { cookie: otherCookie } = await createLoggedInTester(db());
    const refused = await studyInfo(otherCookie, { study: study.guid, tester: tester.id, data: link.d });
    expect(refused.statusCode).toBe(403);
    const own = await invited();
    const forged = `${own.link.d.slice(0, -3)}xyz`;
    expect((await studyInfo(own.cookie, { study: own.study.guid, tester: own.tester.id, data: forged })).statusCode).toBe(404);
    clock.set(new Date(NOW.getTime() + 15 * DAY));
    expect((await studyInfo(own.cookie, { study: own.study.guid, tester: own.tester.id, data: own.link.d })).statusCode).toBe(404);
    clock.set(NOW);
    expect((await invitationRow(own.link.id)).answeredAt).toBeNull();
  });
});

describe('POST /api/study/GetKidStudyInfo', () => {
  it("answers succeed with the child's screener for the tester's confirmed child, and the self-schedule page for a child's qualified link", async () => {
    const kid = await invited({ projectType: 26 });
    const child = await createChild(db(), { parentId: kid.tester.id, birthDate: '2018-04-01', createdAt: NOW });
    const answer = (
      await kidInfo(kid.cookie, { study: kid.study.guid, tester: kid.tester.id, kid: child.publicId, data: kid.link.d })
    ).json();
    expect(answer).toMatchObject({ status: 'succeed', url: `/community/main/screener/${kid.study.studyNo}?k=${child.publicId}` });
    expect((await invitationRow(kid.link.id)).answeredAt).not.toBeNull();

    const d = signJson('studyLink', { t: kid.tester.id, s: kid.study.studyNo, q: null, i: seconds(NOW), k: child.publicId }, SECRET);
    const scheduled = (await kidInfo(kid.cookie, { study: kid.study.guid, tester: kid.tester.id, kid: child.publicId, data: d })).json();
    expect(scheduled.status).toBe('succeed');
    const url = new URL(scheduled.url, 'http://localhost');
    expect(url.pathname).toBe('/community/main/schedule/self');
    expect(url.searchParams.get('k')).toBe(child.publicId);
    // A qualified link of the tester (no child in d) does not schedule the child.
    const own = qualifiedData(kid.tester.id, kid.study.studyNo);
    expect(
      (await kidInfo(kid.cookie, { study: kid.study.guid, tester: kid.tester.id, kid: child.publicId, data: own })).json().status,
    ).toBe('kidOnly');
    // Another parent's child is no step of this tester's.
    const other = await createTester(db());
    const stranger = await createChild(db(), { parentId: other.id, birthDate: '2018-04-01', createdAt: NOW });
    expect(
      (await kidInfo(kid.cookie, { study: kid.study.guid, tester: kid.tester.id, kid: stranger.publicId, data: kid.link.d })).json().status,
    ).toBe('kidOnly');
  });

  it('answers kidOnly for a kid study without a known child and other for an adult study', async () => {
    const kid = await invited({ projectType: 26 });
    expect((await kidInfo(kid.cookie, { study: kid.study.guid, tester: kid.tester.id, kid: UUID, data: kid.link.d })).json()).toEqual({
      status: 'kidOnly',
      url: '',
      studyNo: kid.study.studyNo,
      data: kid.link.d,
    });
    const adult = await invited();
    expect(
      (await kidInfo(adult.cookie, { study: adult.study.guid, tester: adult.tester.id, kid: '', data: adult.link.d })).json().status,
    ).toBe('other');
  });

  it("refuses another tester's link (403) and a forged one (404)", async () => {
    const { study, tester, link } = await invited({ projectType: 26 });
    const { cookie: otherCookie } = await createLoggedInTester(db());
    expect((await kidInfo(otherCookie, { study: study.guid, tester: tester.id, kid: UUID, data: link.d })).statusCode).toBe(403);
    const own = await invited({ projectType: 26 });
    expect(
      (await kidInfo(own.cookie, { study: own.study.guid, tester: own.tester.id, kid: UUID, data: `${own.link.d}x` })).statusCode,
    ).toBe(404);
  });
});
