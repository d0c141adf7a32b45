import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INVITATION_TEXTS } from '@testerhub/shared/invitation-schemas';
import { expectFieldError } from '../../../test/account-helpers.ts';
import { createBooking, createChild, createDossierPage, createStudy } from '../../../test/factories.ts';
import { useInvitationApp } from '../../../test/invitation-sends-setup.ts';
import { contactSettings, dossierTesterAnswers, invitationRecipients, invitationSends, studyInvitations } from '../../core/db/schema.ts';

/**
 * Invitations from the staff console (issue 12 section 3; decision 052), the filters and the count
 * preview, and leaving out who took part in earlier studies (decision 121). The sending, the rate and
 * the counts: invitation-sends.test.ts. Runs on PGlite and on PostgreSQL (two connections there).
 */

const { clock, db, freshSite, bornYearsAgo, tester, recruiter, preview, send, detail } = useInvitationApp();

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
