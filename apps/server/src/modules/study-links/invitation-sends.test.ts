import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVITATION_TEXTS,
  INVITATION_SORTS,
  invitationFiltersSchema,
  RECIPIENT_SORTS,
  type InvitationDetailResponse,
  type InvitationListResponse,
  type SendInvitationPayload,
} from '@testerhub/shared/invitation-schemas';
import { TABLE_QUERY_TEXTS } from '@testerhub/shared/table-query';
import { expectFieldError, getWith, postJson } from '../../../test/account-helpers.ts';
import {
  createBooking,
  createChild,
  createDossierPage,
  createStudy,
  createTester,
  sessionCookieFor,
  type TesterOverrides,
} from '../../../test/factories.ts';
import { INVITATION_TEST_SECRET, invitationSendsOn } from '../../../test/invitation-instances.ts';
import { useInstanceDatabases } from '../../../test/job-instances.ts';
import { createStaffMember, staffCookieFor, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { buildApp } from '../../app.ts';
import { createFakeClock, MINUTE_MS } from '../../core/clock.ts';
import { loadConfig } from '../../core/config/env.ts';
import {
  contactSettings,
  dossierTesterAnswers,
  emailOutbox,
  invitationRecipients,
  invitationSends,
  staffAuditLog,
  studyInvitations,
} from '../../core/db/schema.ts';

/**
 * Invitations from the staff console (issue 12 section 3; decision 052): the filters and the count
 * preview, a sending queued set-based and idempotent under a double submit, the rate held in the
 * database by two instances on one PostgreSQL, and the per-invitation counts and recipients with
 * sent, clicked and answered. Runs on PGlite and on PostgreSQL (two connections there).
 */

const RATE = 5;
const clock = createFakeClock(new Date());
const { db, handles } = useInstanceDatabases();
let app: FastifyInstance;
beforeAll(async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY,
    STUDY_LINK_SECRET: INVITATION_TEST_SECRET,
    INVITATION_MAILS_PER_MINUTE: String(RATE),
  });
  app = await buildApp({ config: { ...config, webDistDir: undefined }, database: handles()[0]!, clock });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

/** The rate sender of two server instances, each on its own connection to the one database. */
const instances = () => handles().map((handle) => invitationSendsOn(handle.db, { clock, mailsPerMinute: RATE }));

let siteCounter = 0;
/** A site no other test's testers are at, so each test's counts are its own. */
const freshSite = () => `T${process.pid % 1000}${++siteCounter}`;
const bornYearsAgo = (years: number, dayOffset = 0) => {
  const date = clock.now();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() + dayOffset);
  return date.toISOString().slice(0, 10);
};
const tester = (siteId: string, overrides: TesterOverrides = {}) =>
  createTester(db(), { siteId, birthDate: bornYearsAgo(30), ...overrides });

async function recruiter() {
  const { staff } = await createStaffMember(db(), { roles: ['recruiter'] });
  return {
    staff,
    cookie: await staffCookieFor(db(), staff.id, { lastSeenAt: clock.now(), expiresAt: new Date(clock.nowMs() + 3600_000) }),
  };
}

/**
 * Sends what earlier tests left queued, minute by minute, then moves the clock a minute on so
 * the rate's window is empty: the time a test's own sending starts from.
 */
async function settled() {
  const [instance] = instances();
  while ((await instance!.drain()).nextAt !== null) clock.advance(MINUTE_MS);
  clock.advance(MINUTE_MS);
  return clock.nowMs();
}

const preview = (cookie: string, body: unknown) => postJson(app, '/api/staff/invitations/Preview', body, { cookie });
const send = (cookie: string, body: SendInvitationPayload) => postJson(app, '/api/staff/invitations/Send', body, { cookie });
const detail = async (cookie: string, invitationId: number) => {
  const answer = await getWith(app, `/api/staff/invitations/Detail?invitationId=${invitationId}`, { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as InvitationDetailResponse;
};
const outboxTo = (address: string) => db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));

describe('the filters and the count preview', () => {
  it('counts only testers of the ages, sites and About-me answers asked, not suspended, black-listed, opted out or tested lately', async () => {
    const { cookie } = await recruiter();
    const site = freshSite();
    const study = await createStudy(db());
    const past = await createStudy(db());
    const { sets } = await createDossierPage(db(), { questions: [[{ type: 'C', answers: ['Dog', 'Cat', 'Fish'] }]] });
    const [dog, cat] = sets[0]!.answerIds;
    const holds = async (testerId: string, answerIds: number[]) =>
      db().insert(dossierTesterAnswers).values({ testerId, setId: sets[0]!.id, answerIds, updatedAt: clock.now() });

    const matching = [
      await tester(site, { birthDate: bornYearsAgo(25) }), // 25 today: the lowest age asked
      await tester(site, { birthDate: bornYearsAgo(66, 1) }), // 65 until tomorrow: the highest age asked
      await tester(site, { suspendedUntil: new Date(clock.nowMs() - 1000) }), // a suspension that has ended
    ];
    const attendedLongAgo = await tester(site);
    await createBooking(db(), {
      testerId: attendedLongAgo.id,
      studyNo: past.studyNo,
      status: 'attended',
      startsAt: new Date(clock.nowMs() - 200 * 24 * 3600_000),
    });
    matching.push(attendedLongAgo);
    for (const each of matching) await holds(each.id, [dog!, cat!]);

    const others = [
      await tester(site, { birthDate: bornYearsAgo(25, 1) }), // 25 tomorrow
      await tester(site, { birthDate: bornYearsAgo(66) }), // 66 today
      await tester(site, { suspendedUntil: new Date(clock.nowMs() + 24 * 3600_000) }),
      await tester(site, { blackList: true }),
      await tester(freshSite()),
    ];
    const optedOut = await tester(site);
    await db().insert(contactSettings).values({ testerId: optedOut.id, contactType: 'Email', isTurnOn: false, updatedAt: clock.now() });
    const testedLately = await tester(site);
    await createBooking(db(), {
      testerId: testedLately.id,
      studyNo: past.studyNo,
      status: 'attended',
      startsAt: new Date(clock.nowMs() - 30 * 24 * 3600_000),
    });
    const onlyDog = await tester(site);
    others.push(optedOut, testedLately, onlyDog);
    for (const each of others) await holds(each.id, [dog!, cat!]);
    await db().delete(dossierTesterAnswers).where(eq(dossierTesterAnswers.testerId, onlyDog.id));
    await holds(onlyDog.id, [dog!]);
    const noAnswers = await tester(site);

    const filters = { minAge: 25, maxAge: 65, siteIds: [site], answerIds: [dog!, cat!], notTestedMonths: 6 };
    const answer = await preview(cookie, { studyNo: study.studyNo, filters });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ status: 'succeed', message: '', matched: matching.length, alreadyInvited: 0 });

    // Without the About-me and months filters the opted-in, not-barred testers of the site and ages match.
    const wider = await preview(cookie, { studyNo: study.studyNo, filters: { minAge: 25, maxAge: 65, siteIds: [site] } });
    expect(wider.json().matched).toBe(matching.length + 2 + 1); // + testedLately, onlyDog, noAnswers
    expect(noAnswers.id).toBeTruthy();
    // The preview changes nothing.
    expect(await db().select().from(studyInvitations).where(eq(studyInvitations.studyNo, study.studyNo))).toEqual([]);
  });

  it('leaves out testers who screened or booked the study, and counts those invited already', async () => {
    const { cookie } = await recruiter();
    const site = freshSite();
    const study = await createStudy(db());
    const [fresh, invited, booked] = [await tester(site), await tester(site), await tester(site)];
    await db().insert(studyInvitations).values({ studyNo: study.studyNo, testerId: invited.id, createdAt: clock.now() });
    await createBooking(db(), { testerId: booked.id, studyNo: study.studyNo });
    const answer = await preview(cookie, { studyNo: study.studyNo, filters: { siteIds: [site] } });
    expect(answer.json()).toMatchObject({ status: 'succeed', matched: 2, alreadyInvited: 1 });
    expect(fresh.id).toBeTruthy();
  });

  it('refuses bad filters with the field and its message, and a closed or unknown study with failed', async () => {
    const { cookie } = await recruiter();
    const study = await createStudy(db());
    expectFieldError(
      await preview(cookie, { studyNo: study.studyNo, filters: { minAge: 40, maxAge: 30 } }),
      'filters.maxAge',
      INVITATION_TEXTS.ageOrder,
    );
    expectFieldError(
      await preview(cookie, { studyNo: study.studyNo, filters: { minAge: 12 } }),
      'filters.minAge',
      INVITATION_TEXTS.ageRange,
    );
    expectFieldError(
      await preview(cookie, { studyNo: study.studyNo, filters: { notTestedMonths: 0 } }),
      'filters.notTestedMonths',
      INVITATION_TEXTS.monthsRange,
    );
    expectFieldError(await preview(cookie, { studyNo: 0, filters: {} }), 'studyNo', INVITATION_TEXTS.studyRequired);
    expectFieldError(
      await send(cookie, { studyNo: study.studyNo, filters: {}, requestId: 'not-a-uuid' }),
      'requestId',
      INVITATION_TEXTS.requestId,
    );
    const closed = await createStudy(db(), { closesAt: new Date(clock.nowMs() - 1000) });
    expect((await preview(cookie, { studyNo: closed.studyNo, filters: {} })).json()).toMatchObject({
      status: 'failed',
      message: INVITATION_TEXTS.studyClosed,
    });
    expect((await send(cookie, { studyNo: 987_654, filters: {}, requestId: randomUUID() })).json()).toMatchObject({
      status: 'failed',
      message: INVITATION_TEXTS.studyNotFound,
    });
  });
});

describe('leaving out who took part in earlier studies (decision 121)', () => {
  const DAY_MS = 24 * 3600_000;
  const daysAgo = (days: number) => new Date(clock.nowMs() - days * DAY_MS);

  it('leaves out who attended or is booked in a chosen study within the months asked; one outside them, a no-show or a cancellation still matches', async () => {
    const { cookie } = await recruiter();
    const site = freshSite();
    const study = await createStudy(db());
    const earlier = await createStudy(db());
    const unrelated = await createStudy(db());
    const tookPart = async (studyNo: number, status: 'attended' | 'booked' | 'noShow' | 'cancelled', startsAt: Date) => {
      const each = await tester(site);
      await createBooking(db(), { testerId: each.id, studyNo, status, startsAt });
      return each;
    };
    const attendedLately = await tookPart(earlier.studyNo, 'attended', daysAgo(60));
    const bookedAhead = await tookPart(earlier.studyNo, 'booked', new Date(clock.nowMs() + 3 * DAY_MS));
    const attendedLongAgo = await tookPart(earlier.studyNo, 'attended', daysAgo(300));
    const matching = [
      attendedLongAgo,
      await tookPart(earlier.studyNo, 'noShow', daysAgo(30)),
      await tookPart(earlier.studyNo, 'cancelled', daysAgo(30)),
      await tookPart(unrelated.studyNo, 'attended', daysAgo(30)),
      await tester(site),
    ];

    const count = async (filters: object) => {
      const answer = await preview(cookie, { studyNo: study.studyNo, filters: { siteIds: [site], ...filters } });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().matched as number;
    };
    expect(await count({})).toBe(matching.length + 2);
    expect(await count({ excludeStudyNos: [earlier.studyNo], excludeWithinMonths: 6 })).toBe(matching.length);
    // With no months given, taking part at any time counts: the one who attended 300 days ago is left out too.
    expect(await count({ excludeStudyNos: [earlier.studyNo] })).toBe(matching.length - 1);

    // Send honours the same filters, and the sending shows the filters it used.
    const filters = { siteIds: [site], excludeStudyNos: [earlier.studyNo], excludeWithinMonths: 6 };
    const sent = (await send(cookie, { studyNo: study.studyNo, filters, requestId: randomUUID() })).json();
    expect(sent).toMatchObject({ status: 'succeed', matched: matching.length, queued: matching.length });
    const recipients = await db().select().from(invitationRecipients).where(eq(invitationRecipients.sendId, sent.invitationId));
    expect(recipients.map((row) => row.testerId).sort()).toEqual(matching.map((row) => row.id).sort());
    expect(recipients.map((row) => row.testerId)).not.toContain(attendedLately.id);
    expect(recipients.map((row) => row.testerId)).not.toContain(bookedAhead.id);
    expect((await detail(cookie, sent.invitationId)).invitation!.filters).toEqual({
      minAge: null,
      maxAge: null,
      siteIds: [site],
      answerIds: [],
      notTestedMonths: null,
      excludeStudyNos: [earlier.studyNo],
      excludeProjectTypes: [],
      excludeWithinMonths: 6,
    });
  });

  it('leaves out who took part in any study of a chosen project type, a booking for a child included', async () => {
    const { cookie } = await recruiter();
    const site = freshSite();
    const study = await createStudy(db());
    const focusGroup = await createStudy(db(), { projectType: 2 });
    const otherFocusGroup = await createStudy(db(), { projectType: 2 });
    const tasteTest = await createStudy(db(), { projectType: 1 });
    const [inFocusGroup, inOtherFocusGroup, inTasteTest] = [await tester(site), await tester(site), await tester(site)];
    await createBooking(db(), { testerId: inFocusGroup.id, studyNo: focusGroup.studyNo, status: 'attended', startsAt: daysAgo(20) });
    const child = await createChild(db(), { parentId: inOtherFocusGroup.id, birthDate: bornYearsAgo(8) });
    await createBooking(db(), {
      testerId: inOtherFocusGroup.id,
      childId: child.id,
      studyNo: otherFocusGroup.studyNo,
      status: 'attended',
      startsAt: daysAgo(20),
    });
    await createBooking(db(), { testerId: inTasteTest.id, studyNo: tasteTest.studyNo, status: 'attended', startsAt: daysAgo(20) });

    const answer = await preview(cookie, {
      studyNo: study.studyNo,
      filters: { siteIds: [site], excludeProjectTypes: [2], excludeWithinMonths: 3 },
    });
    expect(answer.json()).toMatchObject({ status: 'succeed', matched: 1 });
    const sent = (
      await send(cookie, { studyNo: study.studyNo, filters: { siteIds: [site], excludeProjectTypes: [2] }, requestId: randomUUID() })
    ).json();
    const recipients = await db().select().from(invitationRecipients).where(eq(invitationRecipients.sendId, sent.invitationId));
    expect(recipients.map((row) => row.testerId)).toEqual([inTasteTest.id]);
  });

  it('reads a payload and a stored sending from before these filters, and refuses too many or unknown choices', async () => {
    const { cookie, staff } = await recruiter();
    const site = freshSite();
    const study = await createStudy(db());
    await tester(site);
    const old = { minAge: null, maxAge: null, siteIds: [site], answerIds: [], notTestedMonths: null };
    expect((await preview(cookie, { studyNo: study.studyNo, filters: old })).json()).toMatchObject({ status: 'succeed', matched: 1 });
    const [stored] = await db()
      .insert(invitationSends)
      .values({ requestId: randomUUID(), studyNo: study.studyNo, filters: old, matched: 0, createdBy: staff.id, createdAt: clock.now() })
      .returning();
    expect((await detail(cookie, stored!.id)).invitation!.filters).toEqual({
      ...old,
      excludeStudyNos: [],
      excludeProjectTypes: [],
      excludeWithinMonths: null,
    });

    const many = Array.from({ length: 21 }, (_, index) => index + 1);
    expectFieldError(
      await preview(cookie, { studyNo: study.studyNo, filters: { excludeStudyNos: many } }),
      'filters.excludeStudyNos',
      INVITATION_TEXTS.tooManyExcludedStudies,
    );
    expectFieldError(
      await preview(cookie, { studyNo: study.studyNo, filters: { excludeProjectTypes: many } }),
      'filters.excludeProjectTypes',
      INVITATION_TEXTS.tooManyProjectTypes,
    );
    expectFieldError(
      await preview(cookie, { studyNo: study.studyNo, filters: { excludeProjectTypes: [1000] } }),
      'filters.excludeProjectTypes.0',
      INVITATION_TEXTS.projectTypeRange,
    );
    expectFieldError(
      await preview(cookie, { studyNo: study.studyNo, filters: { excludeWithinMonths: 121 } }),
      'filters.excludeWithinMonths',
      INVITATION_TEXTS.monthsRange,
    );
  });
});

describe('sending', () => {
  it('invites and queues every match in one unit of work with its audit row; nobody is invited twice', async () => {
    const { cookie, staff } = await recruiter();
    const site = freshSite();
    const study = await createStudy(db());
    const testers = [await tester(site), await tester(site), await tester(site)];
    const sent = await send(cookie, { studyNo: study.studyNo, filters: { siteIds: [site] }, requestId: randomUUID() });
    expect(sent.statusCode, sent.body).toBe(200);
    const body = sent.json();
    expect(body).toMatchObject({ status: 'succeed', message: INVITATION_TEXTS.sent(3), matched: 3, queued: 3 });

    const recipients = await db().select().from(invitationRecipients).where(eq(invitationRecipients.sendId, body.invitationId));
    expect(recipients.map((row) => row.testerId).sort()).toEqual(testers.map((row) => row.id).sort());
    expect(recipients.every((row) => row.state === 'queued' && row.sentAt === null)).toBe(true);
    const invitations = await db().select().from(studyInvitations).where(eq(studyInvitations.studyNo, study.studyNo));
    expect(invitations).toHaveLength(3);
    const [audit] = await db()
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.targetType, 'invitation-send'), eq(staffAuditLog.targetId, String(body.invitationId))));
    expect(audit).toMatchObject({ staffId: staff.id, action: 'invitation.send', before: null });
    expect(audit!.after).toMatchObject({ studyNo: study.studyNo, matched: 3, queued: 3 });

    // The same filters again (a new form): everyone is invited already, so nothing is sent or audited.
    const again = await send(cookie, { studyNo: study.studyNo, filters: { siteIds: [site] }, requestId: randomUUID() });
    expect(again.json()).toMatchObject({ status: 'failed', message: INVITATION_TEXTS.nobodyMatched });
    expect(await db().select().from(invitationSends).where(eq(invitationSends.studyNo, study.studyNo))).toHaveLength(1);
  });

  it('a send submitted ten times at once with one request id creates one invitation, queues each tester once and audits once', async () => {
    const { cookie } = await recruiter();
    const site = freshSite();
    const study = await createStudy(db());
    for (let index = 0; index < 4; index++) await tester(site);
    const payload = { studyNo: study.studyNo, filters: { siteIds: [site] }, requestId: randomUUID() };
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(cookie, payload)));
    const bodies = answers.map((answer) => answer.json());
    expect(bodies.every((body) => body.status === 'succeed' && body.queued === 4 && body.matched === 4)).toBe(true);
    expect(new Set(bodies.map((body) => body.invitationId)).size).toBe(1);
    const sends = await db().select().from(invitationSends).where(eq(invitationSends.studyNo, study.studyNo));
    expect(sends).toHaveLength(1);
    expect(await db().select().from(invitationRecipients).where(eq(invitationRecipients.sendId, sends[0]!.id))).toHaveLength(4);
    const audits = await db()
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.targetType, 'invitation-send'), eq(staffAuditLog.targetId, String(sends[0]!.id))));
    expect(audits).toHaveLength(1);
  });

  it('two sendings of one study racing on two instances invite each tester once', async () => {
    const site = freshSite();
    const study = await createStudy(db());
    for (let index = 0; index < 6; index++) await tester(site);
    const { staff } = await recruiter();
    const principal = { id: staff.id, name: staff.name, email: staff.email, roles: ['recruiter' as const], siteIds: [] };
    const answers = await Promise.all(
      instances().map((instance) =>
        instance.send(principal, { studyNo: study.studyNo, filters: filtersFor(site), requestId: randomUUID() }),
      ),
    );
    expect(answers.reduce((sum, answer) => sum + answer.queued, 0)).toBe(6);
    const invitations = await db().select().from(studyInvitations).where(eq(studyInvitations.studyNo, study.studyNo));
    expect(invitations).toHaveLength(6);
  });
});

/** The filters as the route hands them to the service: the schema's defaults filled in. */
const filtersFor = (site: string) => invitationFiltersSchema.parse({ siteIds: [site] });

describe('the rate', () => {
  it('two instances sending at once never put more than INVITATION_MAILS_PER_MINUTE e-mails in the outbox in any minute', async () => {
    await settled();
    const { cookie } = await recruiter();
    const site = freshSite();
    const study = await createStudy(db());
    const testers = [];
    for (let index = 0; index < 12; index++) testers.push(await tester(site));
    const sent = (await send(cookie, { studyNo: study.studyNo, filters: { siteIds: [site] }, requestId: randomUUID() })).json();
    expect(sent.queued).toBe(12);

    const start = clock.nowMs();
    const drainedAt = async (offsetMs: number) => {
      clock.set(start + offsetMs);
      const steps = await Promise.all(instances().flatMap((instance) => [instance.drain(), instance.drain()]));
      return steps.reduce((sum, step) => sum + step.sent, 0);
    };
    expect(await drainedAt(0)).toBe(RATE);
    expect(await drainedAt(30_000)).toBe(0);
    expect(await drainedAt(MINUTE_MS - 1)).toBe(0); // the window is (t - 60 s, t]: the first five still count
    expect(await drainedAt(MINUTE_MS)).toBe(RATE);
    expect(await drainedAt(2 * MINUTE_MS - 1)).toBe(0);
    expect(await drainedAt(2 * MINUTE_MS)).toBe(2);
    expect(await drainedAt(10 * MINUTE_MS)).toBe(0);

    const rows = await db()
      .select()
      .from(invitationRecipients)
      .where(eq(invitationRecipients.sendId, sent.invitationId))
      .orderBy(asc(invitationRecipients.sentAt));
    expect(rows.map((row) => row.state)).toEqual(Array.from({ length: 12 }, () => 'sent'));
    const times = rows.map((row) => row.sentAt!.getTime());
    for (const time of times) expect(times.filter((other) => other > time - MINUTE_MS && other <= time).length).toBeLessThanOrEqual(RATE);
    const mails = await db()
      .select()
      .from(emailOutbox)
      .where(
        inArray(
          emailOutbox.toAddress,
          testers.map((each) => each.email),
        ),
      );
    expect(mails).toHaveLength(12);
    expect(mails.every((mail) => mail.kind === 'study-invitation')).toBe(true);
  });

  it('a tester who turned invitation e-mail off after the sending is skipped, and takes no place in the rate', async () => {
    const site = freshSite();
    const study = await createStudy(db());
    const [stays, leaves] = [await tester(site), await tester(site)];
    await settled();
    const { cookie: fresh } = await recruiter();
    const sent = (await send(fresh, { studyNo: study.studyNo, filters: { siteIds: [site] }, requestId: randomUUID() })).json();
    await db().insert(contactSettings).values({ testerId: leaves.id, contactType: 'Email', isTurnOn: false, updatedAt: clock.now() });
    const [instance] = instances();
    expect(await instance!.drain()).toMatchObject({ sent: 1, skipped: 1, nextAt: null });
    expect(await outboxTo(leaves.email)).toEqual([]);
    expect(await outboxTo(stays.email)).toHaveLength(1);
    const shown = await detail(fresh, sent.invitationId);
    expect(shown.invitation!.counts).toMatchObject({ matched: 2, queued: 2, sent: 1, skipped: 1 });
    expect(shown.recipients.find((row) => row.testerId === leaves.id)).toMatchObject({ state: 'skipped', sentAt: null });
  });
});

describe('the counts and the recipients', () => {
  it('shows each recipient sent, then clicked and answered once the tester opens the e-mailed link', async () => {
    await settled();
    const { cookie, staff } = await recruiter();
    const site = freshSite();
    const study = await createStudy(db(), { studyBasicInfo: 'Invitation counts study' });
    const [opener, idle] = [await tester(site), await tester(site)];
    const sent = (await send(cookie, { studyNo: study.studyNo, filters: { siteIds: [site] }, requestId: randomUUID() })).json();

    const queuedView = await detail(cookie, sent.invitationId);
    expect(queuedView.invitation).toMatchObject({
      invitationId: sent.invitationId,
      studyNo: study.studyNo,
      studyName: 'Invitation counts study',
      createdBy: staff.name,
      counts: { matched: 2, queued: 2, sent: 0, skipped: 0, clicked: 0, answered: 0 },
      filters: { siteIds: [site] },
    });
    expect(queuedView.recipients.map((row) => row.state)).toEqual(['queued', 'queued']);

    await instances()[0]!.drain();
    const [mail] = await outboxTo(opener.email);
    const link = new URL(/https?:\/\/\S+\/community\?\S+/.exec(mail!.text)![0]);
    const [s, t, d] = ['s', 't', 'd'].map((key) => link.searchParams.get(key)!);
    const testerCookie = await sessionCookieFor(db(), opener.id);
    const headers = { 'x-requested-with': 'TesterHub' };
    const que = await postJson(
      app,
      '/api/default/GetQueStatusID',
      { studyGuid: s, testerGuid: t, data: d, kidGuid: '' },
      { cookie: testerCookie, headers },
    );
    expect(que.json(), que.body).toMatchObject({ status: 'common' });
    const clickedView = await detail(cookie, sent.invitationId);
    expect(clickedView.invitation!.counts).toMatchObject({ sent: 2, clicked: 1, answered: 0 });
    const info = await postJson(app, '/api/study/GetStudyInfo', { study: s, tester: t, data: d }, { cookie: testerCookie, headers });
    expect(info.json(), info.body).toMatchObject({ status: 'succeed' });

    const shown = await detail(cookie, sent.invitationId);
    expect(shown.invitation!.counts).toMatchObject({ matched: 2, queued: 2, sent: 2, clicked: 1, answered: 1 });
    const openerRow = shown.recipients.find((row) => row.testerId === opener.id)!;
    expect(openerRow).toMatchObject({ username: opener.username, state: 'sent', answered: true });
    expect(openerRow.sentAt).not.toBeNull();
    expect(openerRow.clickedAt).not.toBeNull();
    expect(shown.recipients.find((row) => row.testerId === idle.id)).toMatchObject({ state: 'sent', clickedAt: null, answered: false });

    const list = (await getWith(app, '/api/staff/invitations/List', { cookie })).json() as InvitationListResponse;
    expect(list.mailsPerMinute).toBe(RATE);
    expect(list.invitations.find((row) => row.invitationId === sent.invitationId)!.counts).toEqual(shown.invitation!.counts);
    expect((await detail(cookie, 987_654)).status).toBe('failed');
  });

  it('pages, sorts and filters a big sending’s recipients on the server, with the total, and refuses a sort column not in the list (decision 136)', async () => {
    await settled();
    const { cookie } = await recruiter();
    const site = freshSite();
    const study = await createStudy(db());
    // 36 recipients, usernames in mixed case so the order is by letters, not by case; 12 hold "Kiwi".
    const mark = `r${randomUUID().slice(0, 6)}`;
    const names = Array.from(
      { length: 36 },
      (_, index) => `${index % 2 ? mark.toUpperCase() : mark}${index % 3 === 0 ? 'Kiwi' : 'Fig'}${String(index).padStart(2, '0')}`,
    );
    for (const username of names) await tester(site, { username });
    const sent = (await send(cookie, { studyNo: study.studyNo, filters: { siteIds: [site] }, requestId: randomUUID() })).json();
    await instances()[0]!.drain(); // RATE e-mails go out; the rest stay queued.
    const recipients = async (query: string) => {
      const answer = await getWith(app, `/api/staff/invitations/Detail?invitationId=${sent.invitationId}${query}`, { cookie });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as InvitationDetailResponse;
    };
    const byLetters = [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));

    const first = await recipients('');
    expect(first).toMatchObject({ page: 1, pageSize: 25, total: 36, hasMore: true });
    expect(first.recipients.map((row) => row.username)).toEqual(byLetters.slice(0, 25));
    const last = await recipients('&page=2');
    expect(last).toMatchObject({ page: 2, total: 36, hasMore: false });
    expect(last.recipients.map((row) => row.username)).toEqual(byLetters.slice(25));

    const backwards = await recipients('&sort=username&dir=desc&pageSize=10&page=2');
    expect(backwards).toMatchObject({ pageSize: 10, total: 36, hasMore: true });
    expect(backwards.recipients.map((row) => row.username)).toEqual([...byLetters].reverse().slice(10, 20));

    const sentFirst = await recipients('&sort=state&dir=desc&pageSize=10');
    expect(sentFirst.recipients.map((row) => row.state)).toEqual([...Array(RATE).fill('sent'), ...Array(10 - RATE).fill('queued')]);

    // The filter keeps usernames holding the text, case aside; its wildcards are taken literally.
    const kiwis = await recipients('&q=kiwi&pageSize=10');
    expect(kiwis).toMatchObject({ total: 12, hasMore: true });
    expect(kiwis.recipients.every((row) => row.username.includes('Kiwi'))).toBe(true);
    expect(await recipients('&q=%25')).toMatchObject({ total: 0, recipients: [], hasMore: false });

    const base = `/api/staff/invitations/Detail?invitationId=${sent.invitationId}`;
    expectFieldError(await getWith(app, `${base}&sort=password_hash`, { cookie }), 'sort', TABLE_QUERY_TEXTS.sort(RECIPIENT_SORTS));
    expectFieldError(await getWith(app, `${base}&dir=sideways`, { cookie }), 'dir', TABLE_QUERY_TEXTS.dir);
    expectFieldError(await getWith(app, `${base}&pageSize=1000`, { cookie }), 'pageSize', TABLE_QUERY_TEXTS.pageSize);
  });

  it('pages, sorts and filters the sendings on the server, with the total, and refuses a sort column not in the list (decision 145)', async () => {
    await settled();
    const { cookie } = await recruiter();
    // Three sites of one, two and three testers; eleven sendings of eleven studies named with this test's mark, to them in turn.
    const sites = [freshSite(), freshSite(), freshSite()];
    for (const [index, site] of sites.entries()) for (let made = 0; made <= index; made++) await tester(site);
    const mark = `Sendings ${randomUUID().slice(0, 8)}`;
    const letters = ['k', 'c', 'h', 'a', 'f', 'j', 'b', 'g', 'e', 'i', 'd'];
    const sendings: { invitationId: number; studyNo: number; name: string }[] = [];
    for (const [index, letter] of letters.entries()) {
      const name = `${mark} ${index % 2 ? letter.toUpperCase() : letter}`;
      const study = await createStudy(db(), { studyBasicInfo: name });
      const answer = await send(cookie, { studyNo: study.studyNo, filters: { siteIds: [sites[index % 3]!] }, requestId: randomUUID() });
      expect(answer.json().status, answer.body).toBe('succeed');
      sendings.push({ invitationId: answer.json().invitationId, studyNo: study.studyNo, name });
      clock.advance(MINUTE_MS);
    }
    await instances()[0]!.drain(); // RATE e-mails go out; the rest stay queued.
    const list = async (query: string) => {
      const answer = await getWith(app, `/api/staff/invitations/List?q=${encodeURIComponent(mark)}${query}`, { cookie });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as InvitationListResponse;
    };
    const newestFirst = sendings.map((sending) => sending.invitationId).reverse();

    const first = await list('&pageSize=10');
    expect(first).toMatchObject({ page: 1, pageSize: 10, total: 11, hasMore: true, mailsPerMinute: RATE });
    expect(first.invitations.map((row) => row.invitationId)).toEqual(newestFirst.slice(0, 10));
    const second = await list('&pageSize=10&page=2');
    expect(second).toMatchObject({ page: 2, total: 11, hasMore: false });
    expect(second.invitations.map((row) => row.invitationId)).toEqual(newestFirst.slice(10));
    expect((await list('&sort=createdAt&dir=asc')).invitations.map((row) => row.invitationId)).toEqual([...newestFirst].reverse());

    // By the study's name, case aside.
    const byName = [...sendings].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()));
    expect((await list('&sort=study')).invitations.map((row) => row.studyName)).toEqual(byName.map((sending) => sending.name).reverse());
    expect((await list('&sort=study&dir=asc')).invitations.map((row) => row.studyName)).toEqual(byName.map((sending) => sending.name));

    // Each count sorts by its own number, as the row shows it.
    for (const key of ['matched', 'queued', 'sent', 'skipped', 'clicked'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        const counts = (await list(`&sort=${key}&dir=${dir}`)).invitations.map((row) => row.counts[key]);
        const sorted = [...counts].sort((a, b) => (dir === 'asc' ? a - b : b - a));
        expect(counts, `${key} ${dir}`).toEqual(sorted);
      }
    }
    expect((await list('&sort=matched&dir=desc')).invitations.map((row) => row.counts.matched)).toEqual([3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1]);
    expect((await list('&sort=sent&dir=desc')).invitations.map((row) => row.counts.sent).reduce((sum, sent) => sum + sent)).toBe(RATE);

    // The filter keeps the sendings whose study's name or number holds the text; its wildcards are taken literally.
    const one = sendings[4]!;
    const byNumber = await getWith(app, `/api/staff/invitations/List?q=${one.studyNo}`, { cookie });
    expect((byNumber.json() as InvitationListResponse).invitations.map((row) => row.invitationId)).toContain(one.invitationId);
    expect((await getWith(app, '/api/staff/invitations/List?q=%25', { cookie })).json()).toMatchObject({
      total: 0,
      invitations: [],
      hasMore: false,
    });

    const base = '/api/staff/invitations/List';
    expectFieldError(await getWith(app, `${base}?sort=answered`, { cookie }), 'sort', TABLE_QUERY_TEXTS.sort(INVITATION_SORTS));
    expectFieldError(await getWith(app, `${base}?sort=created_by`, { cookie }), 'sort', TABLE_QUERY_TEXTS.sort(INVITATION_SORTS));
    expectFieldError(await getWith(app, `${base}?dir=sideways`, { cookie }), 'dir', TABLE_QUERY_TEXTS.dir);
    expectFieldError(await getWith(app, `${base}?pageSize=7`, { cookie }), 'pageSize', TABLE_QUERY_TEXTS.pageSize);
  });

  it('offers the open studies, the test sites, the About-me answers, and the studies opened so far with their kinds to leave out', async () => {
    const { cookie } = await recruiter();
    const open = await createStudy(db(), { studyBasicInfo: 'Open for invitations' });
    const notYet = await createStudy(db(), { opensAt: new Date(clock.nowMs() + 24 * 3600_000) });
    const closed = await createStudy(db(), { closesAt: new Date(clock.nowMs() - 1000) });
    const optionsAnswer = await getWith(app, '/api/staff/invitations/Options', { cookie });
    expect(optionsAnswer.statusCode, optionsAnswer.body).toBe(200);
    const options = optionsAnswer.json();
    expect(options.studies).toContainEqual({ studyNo: open.studyNo, name: 'Open for invitations' });
    expect(options.studies.map((study: { studyNo: number }) => study.studyNo)).not.toContain(closed.studyNo);
    expect(options.sites.map((site: { siteId: string }) => site.siteId)).toContain('00001');
    expect(options.answers.length).toBeGreaterThan(0);
    const earlier = options.earlierStudies.map((study: { studyNo: number }) => study.studyNo);
    expect(earlier).toEqual(expect.arrayContaining([open.studyNo, closed.studyNo]));
    expect(earlier).not.toContain(notYet.studyNo);
    expect(options.projectTypes).toContainEqual({ projectType: 1, name: 'Taste test (1)' });
  });
});
