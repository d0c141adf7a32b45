import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatSession } from '@testerhub/shared/schedule-format';
import { MESSAGE_TEMPLATES, MESSAGE_TEXTS, type SentMessagesResponse } from '@testerhub/shared/staff-message-schemas';
import { getWith, postJson } from '../../../../test/account-helpers.ts';
import { createBooking, createSessionGroup, createStudy, createTester } from '../../../../test/factories.ts';
import { mailsTo, parseCalendar, TEST_LINK_SECRET } from '../../../../test/schedule-mail-helpers.ts';
import { auditRowsWhere, signedInStaff, TEST_STAFF_TOTP_KEY } from '../../../../test/staff-helpers.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { createFakeClock, HOUR_MS } from '../../../core/clock.ts';
import {
  bookings,
  contactSettings,
  emailOutbox,
  seatOffers,
  sessionGroups,
  staffMessagesSent,
  studyWaitingList,
  testSites,
} from '../../../core/db/schema.ts';

/**
 * Messages to a group's or a study's people, and cancelling a group with a notice (issue 29;
 * decision 123): one outbox row per person in their language, testers with e-mail off skipped and
 * counted, a repeated request queuing nobody twice (also when sent at once), audited; a cancelled
 * group frees every seat and tells everyone, and a group already started cannot be cancelled.
 */

const NOW = new Date('2026-01-15T12:00:00Z');
const clock = createFakeClock(NOW);
const testApp = useTestApp({ clock, env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY, STUDY_LINK_SECRET: TEST_LINK_SECRET } });
const db = () => testApp.database.db;

const recruiter = () => signedInStaff(db(), ['recruiter']);
const send = (cookie: string, body: unknown) => postJson(testApp.app, '/api/staff/messages/Send', body, { cookie });
const cancelGroup = (cookie: string, body: unknown) => postJson(testApp.app, '/api/staff/sessions/CancelGroup', body, { cookie });

const REMINDER = MESSAGE_TEMPLATES.reminder;
const reminderText = { template: 'reminder', subject: REMINDER.en.subject, body: `${REMINDER.en.body}\n\nSee you, {firstName}.` };

/** A study with a group of `seats` three days ahead at site 00001, and the people booked in it. */
async function groupWithPeople(people: { language?: 'en' | 'es'; emailOff?: boolean; firstName: string }[], seats = 4) {
  const study = await createStudy(db(), { studyBasicInfo: 'Coffee makers at home' });
  const startsAt = new Date(NOW.getTime() + 72 * HOUR_MS);
  const endsAt = new Date(startsAt.getTime() + 2 * HOUR_MS);
  const group = await createSessionGroup(db(), {
    studyNo: study.studyNo,
    seats,
    taken: people.length,
    siteId: '00001',
    sessions: [{ startsAt, endsAt }],
  });
  const testers = [];
  for (const person of people) {
    const tester = await createTester(db(), { firstName: person.firstName, language: person.language ?? 'en' });
    if (person.emailOff)
      await db().insert(contactSettings).values({ testerId: tester.id, contactType: 'Email', isTurnOn: false, updatedAt: NOW });
    const booking = await createBooking(db(), { testerId: tester.id, studyNo: study.studyNo, groupId: group.id, startsAt, endsAt });
    testers.push({ ...tester, booking });
  }
  return { study, group, testers };
}

/** A tester on the study's Notify me list for the group. */
async function waiterFor(studyNo: number, groupId: number, overrides: { language?: 'en' | 'es' } = {}) {
  const tester = await createTester(db(), { firstName: 'Wanda', ...overrides });
  await db()
    .insert(studyWaitingList)
    .values({ studyNo, testerId: tester.id, reason: 'notify', groupIds: [groupId], addedAt: NOW });
  return tester;
}

async function site00001() {
  return (await db().select().from(testSites).where(eq(testSites.siteId, '00001')))[0]!;
}

describe('a recruiter messaging a group’s booked people', () => {
  it('queues one e-mail per person in their language with their placeholders filled, skips and counts e-mail off, logs and audits it', async () => {
    clock.set(NOW);
    const { cookie, staff } = await recruiter();
    const { study, group, testers } = await groupWithPeople([
      { firstName: 'Ann' },
      { firstName: 'Beatriz', language: 'es' },
      { firstName: 'Carl', emailOff: true },
    ]);
    await waiterFor(study.studyNo, group.id);
    const [ann, beatriz, carl] = testers;

    const answer = await send(cookie, {
      scope: 'group',
      groupId: group.publicId,
      recipients: 'booked',
      ...reminderText,
      requestId: randomUUID(),
    });
    expect(answer.json()).toEqual({ status: 'succeed', message: MESSAGE_TEXTS.sent(2, 1), queued: 2, skipped: 1 });

    const site = await site00001();
    const session = group.sessions[0]!;
    const [english, ...moreEnglish] = await mailsTo(db(), ann!.email, 'staff-message');
    expect(moreEnglish).toHaveLength(0);
    const time = formatSession(session.startsAt.toISOString(), session.endsAt.toISOString(), site.timeZone, 'en');
    expect(english!.subject).toBe(`Reminder: Coffee makers at home on ${time}`);
    expect(english!.text).toContain(`This is a reminder of your session for Coffee makers at home on ${time} at ${site.name}.`);
    expect(english!.text).toContain('See you, Ann.');

    const [spanish, ...moreSpanish] = await mailsTo(db(), beatriz!.email, 'staff-message');
    expect(moreSpanish).toHaveLength(0);
    const hora = formatSession(session.startsAt.toISOString(), session.endsAt.toISOString(), site.timeZone, 'es');
    expect(spanish!.subject).toBe(`Recordatorio: Coffee makers at home el ${hora}`);
    expect(spanish!.text).toContain(`Le recordamos su sesión de Coffee makers at home el ${hora} en ${site.name}.`);

    expect(await mailsTo(db(), carl!.email, 'staff-message')).toHaveLength(0);
    // The waiting list was not asked for.
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'staff-message'))).toHaveLength(2);

    const [audit, ...moreAudit] = await auditRowsWhere(db(), { action: 'message.send', targetId: String(study.studyNo) });
    expect(moreAudit).toHaveLength(0);
    expect(audit!.staffId).toBe(staff.id);
    expect(audit!.after).toMatchObject({
      study: `${study.studyNo} · Coffee makers at home`,
      group: expect.stringContaining(group.cell),
      recipients: 'booked',
      template: 'reminder',
      queued: 2,
      skipped: 1,
    });

    const sent = await getWith(testApp.app, `/api/staff/messages/Sent?studyNo=${study.studyNo}`, { cookie });
    const listed = sent.json() as SentMessagesResponse;
    expect(listed.messages).toHaveLength(1);
    expect(listed.messages[0]).toMatchObject({ scope: 'group', template: 'reminder', recipients: 'booked', queued: 2, skipped: 1 });
    expect(listed.messages[0]!.group).toContain(group.cell);
  });

  it('queues nobody twice when the same send arrives several times at once', async () => {
    clock.set(NOW);
    const { cookie } = await recruiter();
    const { study, group, testers } = await groupWithPeople([
      { firstName: 'Dora' },
      { firstName: 'Eli' },
      { firstName: 'Fay', emailOff: true },
    ]);
    const body = { scope: 'group', groupId: group.publicId, recipients: 'booked', ...reminderText, requestId: randomUUID() };

    const answers = await Promise.all([send(cookie, body), send(cookie, body), send(cookie, body), send(cookie, body)]);
    for (const answer of answers)
      expect(answer.json()).toEqual({ status: 'succeed', message: MESSAGE_TEXTS.sent(2, 1), queued: 2, skipped: 1 });
    for (const tester of testers.slice(0, 2)) expect(await mailsTo(db(), tester.email, 'staff-message')).toHaveLength(1);
    expect(await db().select().from(staffMessagesSent).where(eq(staffMessagesSent.requestId, body.requestId))).toHaveLength(1);
    expect(await auditRowsWhere(db(), { action: 'message.send', targetId: String(study.studyNo) })).toHaveLength(1);

    // A new send (a new request id) is a new message.
    const again = await send(cookie, { ...body, requestId: randomUUID() });
    expect(again.json().queued).toBe(2);
    expect(await mailsTo(db(), testers[0]!.email, 'staff-message')).toHaveLength(2);
  });

  it('writes to a study’s booked and waiting people once each, free text as written to everyone, and refuses an empty list', async () => {
    clock.set(NOW);
    const { cookie } = await recruiter();
    const { study, group, testers } = await groupWithPeople([{ firstName: 'Gus', language: 'es' }]);
    const waiter = await waiterFor(study.studyNo, group.id);
    // A booked tester also on the list is written to once.
    await db().insert(studyWaitingList).values({ studyNo: study.studyNo, testerId: testers[0]!.id, reason: 'screener', addedAt: NOW });
    const free = { template: 'freeText', subject: 'Parking for {study}', body: 'Park behind the building, {firstName}.' };

    const answer = await send(cookie, {
      scope: 'study',
      studyNo: study.studyNo,
      recipients: 'booked-and-waitlisted',
      ...free,
      requestId: randomUUID(),
    });
    expect(answer.json()).toMatchObject({ status: 'succeed', queued: 2, skipped: 0 });
    const [toGus, ...moreGus] = await mailsTo(db(), testers[0]!.email, 'staff-message');
    expect(moreGus).toHaveLength(0);
    expect(toGus!.subject).toBe('Parking for Coffee makers at home');
    expect(toGus!.text).toContain('Park behind the building, Gus.');
    expect(await mailsTo(db(), waiter.email, 'staff-message')).toHaveLength(1);

    const nobody = await send(cookie, {
      scope: 'study',
      studyNo: (await createStudy(db())).studyNo,
      recipients: 'booked',
      ...free,
      requestId: randomUUID(),
    });
    expect(nobody.json()).toEqual({ status: 'failed', message: MESSAGE_TEXTS.nobody, field: 'recipients' });
  });

  it('shows one recipient’s e-mail before sending, writing nothing', async () => {
    clock.set(NOW);
    const { cookie } = await recruiter();
    const { group, testers } = await groupWithPeople([
      { firstName: 'Hana', language: 'es' },
      { firstName: 'Ivo', emailOff: true },
    ]);
    const answer = await postJson(
      testApp.app,
      '/api/staff/messages/Preview',
      { scope: 'group', groupId: group.publicId, recipients: 'booked', ...reminderText },
      { cookie },
    );
    expect(answer.json()).toMatchObject({
      status: 'succeed',
      recipients: 1,
      skipped: 1,
      example: { to: testers[0]!.email, language: 'es' },
    });
    expect(answer.json().example.subject).toMatch(/^Recordatorio: Coffee makers at home el /);
    expect(await mailsTo(db(), testers[0]!.email)).toHaveLength(0);
  });

  it('is for recruiters and admins only', async () => {
    clock.set(NOW);
    const { group } = await groupWithPeople([{ firstName: 'Jo' }]);
    const body = { scope: 'group', groupId: group.publicId, recipients: 'booked', ...reminderText, requestId: randomUUID() };
    for (const roles of [['site-staff'], ['content'], ['rewards']] as const) {
      const { cookie } = await signedInStaff(db(), [...roles]);
      expect((await send(cookie, { ...body, requestId: randomUUID() })).statusCode, roles[0]).toBe(403);
    }
    const { cookie } = await signedInStaff(db(), ['admin']);
    expect((await send(cookie, body)).json().status).toBe('succeed');
  });
});

describe('a recruiter cancelling a group', () => {
  const notice = {
    template: 'freeText',
    subject: 'Your session is cancelled',
    body: 'We are sorry, {firstName}: the session on {sessionTime} is cancelled.',
  };

  it('closes it, frees every seat, mails each booked tester the cancellation and the notice, ends the waiting list for it, audits the reason', async () => {
    clock.set(NOW);
    const { cookie, staff } = await recruiter();
    const { study, group, testers } = await groupWithPeople(
      [{ firstName: 'Kim' }, { firstName: 'Lea', language: 'es' }, { firstName: 'Max' }],
      4,
    );
    const waiter = await waiterFor(study.studyNo, group.id);
    // One more seat is held for a person offered it from the waiting list.
    const offered = await createTester(db(), { firstName: 'Olga' });
    await db().update(sessionGroups).set({ held: 1 }).where(eq(sessionGroups.id, group.id));
    await db()
      .insert(seatOffers)
      .values({
        groupId: group.id,
        studyNo: study.studyNo,
        testerId: offered.id,
        offeredAt: NOW,
        expiresAt: new Date(NOW.getTime() + HOUR_MS),
      });

    const body = { groupId: group.publicId, reason: 'The client moved the study', notice };
    const answers = await Promise.all([cancelGroup(cookie, body), cancelGroup(cookie, body)]);
    const statuses = answers.map((answer) => answer.json().status).sort();
    expect(statuses).toEqual(['failed', 'succeed']);
    const done = answers.find((answer) => answer.json().status === 'succeed')!.json();
    expect(done).toEqual({ status: 'succeed', message: MESSAGE_TEXTS.cancelled(3, 5), released: 3, told: 5 });
    expect(answers.find((answer) => answer.json().status === 'failed')!.json().message).toBe(MESSAGE_TEXTS.alreadyCancelled);

    const [row] = await db().select().from(sessionGroups).where(eq(sessionGroups.id, group.id));
    expect(row).toMatchObject({ status: 'Closed', taken: 0, held: 0 });
    for (const tester of testers) {
      expect((await db().select().from(bookings).where(eq(bookings.id, tester.booking.id)))[0]!.status).toBe('cancelled');
      const [cancelMail, ...more] = await mailsTo(db(), tester.email, 'schedule-cancelled');
      expect(more).toHaveLength(0);
      expect(parseCalendar(cancelMail!.attachments![0]!.content).method).toBe('CANCEL');
      expect(await mailsTo(db(), tester.email, 'staff-message')).toHaveLength(1);
    }
    const [toLea] = await mailsTo(db(), testers[1]!.email, 'staff-message');
    expect(toLea!.text).toContain('We are sorry, Lea: the session on ');
    expect(await mailsTo(db(), waiter.email, 'staff-message')).toHaveLength(1);
    expect(await mailsTo(db(), offered.email, 'staff-message')).toHaveLength(1);
    expect((await db().select().from(seatOffers).where(eq(seatOffers.testerId, offered.id)))[0]!.status).toBe('declined');
    const [entry] = await db().select().from(studyWaitingList).where(eq(studyWaitingList.testerId, waiter.id));
    expect(entry!.groupIds).not.toContain(group.id);

    const [audit, ...moreAudit] = await auditRowsWhere(db(), { action: 'session-group.cancel', targetId: group.publicId });
    expect(moreAudit).toHaveLength(0);
    expect(audit!.staffId).toBe(staff.id);
    expect(audit!.after).toMatchObject({
      status: 'cancelled',
      reason: 'The client moved the study',
      study: `${study.studyNo} · Coffee makers at home`,
      released: 3,
      told: 5,
      skipped: 0,
    });
    expect(audit!.before).toMatchObject({ session: expect.stringContaining(group.cell) });
  });

  it('is refused once the group’s first session has started, changing nothing', async () => {
    clock.set(NOW);
    const { cookie } = await recruiter();
    const { group, testers } = await groupWithPeople([{ firstName: 'Ned' }]);
    clock.set(new Date(group.sessions[0]!.startsAt.getTime() + 60_000));
    const answer = await cancelGroup(cookie, { groupId: group.publicId, reason: 'Too late', notice });
    expect(answer.json()).toEqual({ status: 'failed', message: MESSAGE_TEXTS.groupStarted, field: 'groupId' });
    expect((await db().select().from(bookings).where(eq(bookings.id, testers[0]!.booking.id)))[0]!.status).toBe('booked');
    expect((await db().select().from(sessionGroups).where(eq(sessionGroups.id, group.id)))[0]).toMatchObject({ status: 'Open', taken: 1 });
    expect(await mailsTo(db(), testers[0]!.email)).toHaveLength(0);
    clock.set(NOW);
  });
});
