import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChild, createSessionGroup, createStudy, createTester } from '../../../../test/factories.ts';
import { cancelTokenIn, mailsTo, parseCalendar, schedulingWithMail, TEST_PUBLIC_URL } from '../../../../test/schedule-mail-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../../test/test-app.ts';
import { HOUR_MS } from '../../../core/clock.ts';
import { inTransaction } from '../../../core/db/client.ts';
import { foldLine, escapeText } from '../../mail/ical.ts';

/**
 * Booking, change and cancellation e-mails (decision 027): written into the outbox in the
 * transaction of the change, with an .ics invitation read back by a calendar library (ical.js).
 */

const NOW = new Date('2026-01-15T12:00:00Z');
let copy: TestDatabase;
const db = () => copy.database.db;

beforeAll(async () => {
  copy = await createTestDatabase();
});
afterAll(async () => {
  await copy.dispose();
});

// Tuesday, January 20th, 2026, 9:00 AM to 11:00 AM in Chicago (CST, UTC-6).
const day1 = { startsAt: new Date('2026-01-20T15:00:00Z'), endsAt: new Date('2026-01-20T17:00:00Z') };
const day2 = { startsAt: new Date('2026-01-21T15:00:00Z'), endsAt: new Date('2026-01-21T17:00:00Z') };
const day3 = { startsAt: new Date('2026-01-22T21:30:00Z'), endsAt: new Date('2026-01-22T23:00:00Z') };

async function setUp(options: { sessions?: { startsAt: Date; endsAt: Date }[]; kind?: 'inPerson' | 'virtual'; seats?: number } = {}) {
  const tester = await createTester(db(), { firstName: 'Casey', lastName: 'Calendar' });
  const study = await createStudy(db(), { studyBasicInfo: 'Breakfast cereal taste test' });
  const group = await createSessionGroup(db(), {
    studyNo: study.studyNo,
    sessions: options.sessions ?? [day1],
    seats: options.seats ?? 4,
    coOpCostCents: 7550,
    ...(options.kind === 'virtual' ? { kind: 'virtual', siteId: null, videoLink: 'https://video.example.test/room/42' } : {}),
  });
  const { scheduling, clock } = schedulingWithMail(db(), { now: NOW });
  return { tester, study, group, scheduling, clock };
}

describe('the iCalendar writer', () => {
  it('escapes text and folds long lines at 75 octets without splitting a character', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const folded = foldLine(`DESCRIPTION:${'é'.repeat(60)}`);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(`DESCRIPTION:${'é'.repeat(60)}`);
  });

  it('folds text of one- to four-octet characters (and a lone surrogate) as their UTF-8 octets count, the first line at 75, the rest at 74', () => {
    const line = `DESCRIPTION:${'a'.repeat(70)}${'é'.repeat(7)}${'漢'.repeat(9)}${'😀'.repeat(11)}\ud800${'b'.repeat(80)}`;
    const folded = foldLine(line);
    const pieces = folded.split('\r\n ');
    expect(pieces.join('')).toBe(line);
    pieces.forEach((piece, index) => {
      const octets = Buffer.byteLength(piece, 'utf8');
      const limit = index === 0 ? 75 : 74;
      expect(octets).toBeLessThanOrEqual(limit);
      // Full: the next piece's first character would not have fitted.
      if (index < pieces.length - 1)
        expect(octets + Buffer.byteLength(String.fromCodePoint(pieces[index + 1]!.codePointAt(0)!), 'utf8')).toBeGreaterThan(limit);
    });
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
  });
});

describe('the booking e-mail', () => {
  it('says what, where, when, what to bring and the pay, with a cancel link and an invitation a calendar reads', async () => {
    const { tester, group, scheduling } = await setUp();
    const result = await scheduling.book({ testerId: tester.id, groupId: group.publicId });
    expect(result.status).toBe('succeed');
    const [mail, ...others] = await mailsTo(db(), tester.email);
    expect(others).toHaveLength(0);
    expect(mail!.kind).toBe('schedule-booked');
    expect(mail!.subject).toBe('You are booked: Breakfast cereal taste test');
    for (const text of [mail!.text, mail!.html]) {
      expect(text).toContain('Breakfast cereal taste test');
      expect(text).toContain('Chicago Test Center, 200 W Monroe St, Suite 1200, Chicago, IL 60606');
      expect(text).toContain('Tuesday, January 20th, 2026, 9:00 AM – 11:00 AM CST');
      expect(text).toContain('government-issued photo ID');
      expect(text).toContain('arrive 15 minutes early');
      expect(text).toContain('$75.50');
      expect(text).toContain('at least 24 hours before');
    }
    expect(mail!.text).toContain(`${TEST_PUBLIC_URL}/community/cancel?c=`);
    expect(cancelTokenIn(mail!.text)).toMatch(/^[\w-]+\.[\w-]+$/);
    // An English tester's link is as it always was: no language.
    expect(mail!.text).not.toContain('lang=');

    const [attachment] = mail!.attachments!;
    expect(attachment).toMatchObject({ filename: 'invite.ics', calendarMethod: 'REQUEST' });
    const calendar = parseCalendar(attachment!.content);
    expect(calendar.method).toBe('REQUEST');
    expect(calendar.events).toHaveLength(1);
    const [event] = calendar.events;
    expect(event).toMatchObject({
      uid: `booking-${result.status === 'succeed' ? result.bookingId : 0}-day-1@testers.example.test`,
      sequence: 0,
      summary: 'Breakfast cereal taste test',
      location: 'Chicago Test Center, 200 W Monroe St, Suite 1200, Chicago, IL 60606',
      status: 'CONFIRMED',
    });
    expect(event!.start.toISOString()).toBe(day1.startsAt.toISOString());
    expect(event!.end.toISOString()).toBe(day1.endsAt.toISOString());
    expect(event!.description).toContain('Bring a government-issued photo ID and arrive 15 minutes early.');
    expect(event!.description).toContain('Compensation: $75.50 in total.');
  });

  it("names a child's booking by the child in the subject only while the name holds to the name rule (issue 24)", async () => {
    const { tester, group, scheduling } = await setUp({ seats: 4 });
    const named = await createChild(db(), { parentId: tester.id, birthDate: '2016-03-04', firstName: 'Zoë', lastName: 'O’Neil' });
    // A name stored before the rule: it stays in the body, never in a subject line.
    const legacy = await createChild(db(), {
      parentId: tester.id,
      birthDate: '2017-03-04',
      firstName: 'Eve Bcc: x@evil.example',
      lastName: 'Kid',
    });
    for (const child of [named, legacy]) {
      expect((await scheduling.book({ testerId: tester.id, childId: child.id, groupId: group.publicId })).status).toBe('succeed');
    }
    const [first, second] = await mailsTo(db(), tester.email, 'schedule-booked');
    expect(first!.subject).toBe('You are booked: Breakfast cereal taste test, for Zoë O’Neil');
    expect(second!.subject).toBe('You are booked: Breakfast cereal taste test, for your child');
    expect(second!.text).toContain('Breakfast cereal taste test, for Eve Bcc: x@evil.example Kid');
  });

  it('lists each day of a multi-day group, one calendar entry per day', async () => {
    const { tester, group, scheduling } = await setUp({ sessions: [day1, day2, day3] });
    await scheduling.book({ testerId: tester.id, groupId: group.publicId });
    const [mail] = await mailsTo(db(), tester.email, 'schedule-booked');
    expect(mail!.text).toContain('Day 1 of 3: Tuesday, January 20th, 2026, 9:00 AM – 11:00 AM CST');
    expect(mail!.text).toContain('Day 2 of 3: Wednesday, January 21st, 2026, 9:00 AM – 11:00 AM CST');
    expect(mail!.text).toContain('Day 3 of 3: Thursday, January 22nd, 2026, 3:30 PM – 5:00 PM CST');
    const { events } = parseCalendar(mail!.attachments![0]!.content);
    expect(events.map((event) => event.uid.replace(/^booking-\d+-/, ''))).toEqual([
      'day-1@testers.example.test',
      'day-2@testers.example.test',
      'day-3@testers.example.test',
    ]);
    expect(events.map((event) => event.start.toISOString())).toEqual([day1, day2, day3].map((day) => day.startsAt.toISOString()));
    expect(events[1]!.summary).toBe('Breakfast cereal taste test (day 2 of 3)');
  });

  it('gives the video link of a virtual session', async () => {
    const { tester, group, scheduling } = await setUp({ kind: 'virtual' });
    await scheduling.book({ testerId: tester.id, groupId: group.publicId });
    const [mail] = await mailsTo(db(), tester.email, 'schedule-booked');
    expect(mail!.text).toContain('Online (video session).');
    expect(mail!.text).toContain('Video link: https://video.example.test/room/42');
    expect(mail!.text).toContain('join 15 minutes early');
    expect(parseCalendar(mail!.attachments![0]!.content).events[0]!.location).toBe('https://video.example.test/room/42');
  });

  it('is not written when the booking fails, nor when the caller’s transaction rolls back', async () => {
    const { tester, group, scheduling } = await setUp({ seats: 1 });
    const other = await createTester(db());
    expect((await scheduling.book({ testerId: other.id, groupId: group.publicId })).status).toBe('succeed');
    expect((await scheduling.book({ testerId: tester.id, groupId: group.publicId })).status).toBe('notAvailable');
    expect(await mailsTo(db(), tester.email)).toHaveLength(0);

    const { tester: third, group: open, scheduling: again } = await setUp();
    await expect(
      inTransaction(db(), async (tx) => {
        expect((await again.book({ testerId: third.id, groupId: open.publicId }, tx)).status).toBe('succeed');
        throw new Error('the self-schedule failed after booking');
      }),
    ).rejects.toThrow('self-schedule failed');
    expect(await mailsTo(db(), third.email)).toHaveLength(0);
  });
});

describe('the change and cancellation e-mails', () => {
  it('a change updates the same calendar entries with a higher SEQUENCE; a cancel removes them', async () => {
    const { tester, study, group, scheduling } = await setUp({ sessions: [day1, day2] });
    const later = await createSessionGroup(db(), {
      studyNo: study.studyNo,
      sessions: [
        { startsAt: new Date('2026-01-27T15:00:00Z'), endsAt: new Date('2026-01-27T17:00:00Z') },
        { startsAt: new Date('2026-01-28T15:00:00Z'), endsAt: new Date('2026-01-28T17:00:00Z') },
      ],
    });
    await scheduling.book({ testerId: tester.id, groupId: group.publicId });
    expect((await scheduling.change(tester.id, [later.publicId])).status).toBe('succeed');
    const [booked, changed] = await mailsTo(db(), tester.email);
    expect(changed!.kind).toBe('schedule-changed');
    expect(changed!.subject).toBe('Your booking has changed: Breakfast cereal taste test');
    expect(changed!.text).toContain('Day 1 of 2: Tuesday, January 27th, 2026, 9:00 AM – 11:00 AM CST');
    const before = parseCalendar(booked!.attachments![0]!.content).events;
    const after = parseCalendar(changed!.attachments![0]!.content);
    expect(after.method).toBe('REQUEST');
    expect(after.events.map((event) => event.uid)).toEqual(before.map((event) => event.uid));
    expect(after.events.map((event) => event.sequence)).toEqual([1, 1]);
    expect(after.events[0]!.start.toISOString()).toBe('2026-01-27T15:00:00.000Z');
    // The old link names the old time: refused; the change e-mail carries a new one.
    expect(await scheduling.cancelByLink(cancelTokenIn(booked!.text))).toBe('changed');
    expect(cancelTokenIn(changed!.text)).not.toBe(cancelTokenIn(booked!.text));

    expect((await scheduling.cancel(tester.id, [study.studyNo])).status).toBe('succeed');
    const cancelled = (await mailsTo(db(), tester.email, 'schedule-cancelled'))[0]!;
    expect(cancelled.subject).toBe('Your booking is cancelled: Breakfast cereal taste test');
    expect(cancelled.text).toContain('No compensation is paid for a cancelled session.');
    expect(cancelled.text).not.toContain('/community/cancel');
    expect(cancelled.attachments![0]).toMatchObject({ filename: 'cancelled.ics', calendarMethod: 'CANCEL' });
    const removal = parseCalendar(cancelled.attachments![0]!.content);
    expect(removal.method).toBe('CANCEL');
    expect(removal.events.map((event) => event.uid)).toEqual(before.map((event) => event.uid));
    expect(removal.events.map((event) => [event.sequence, event.status])).toEqual([
      [2, 'CANCELLED'],
      [2, 'CANCELLED'],
    ]);
  });

  it('a change to a group with fewer days also removes the days it no longer has', async () => {
    const { tester, study, group, scheduling } = await setUp({ sessions: [day1, day2, day3] });
    const oneDay = await createSessionGroup(db(), {
      studyNo: study.studyNo,
      sessions: [{ startsAt: new Date('2026-01-27T15:00:00Z'), endsAt: new Date('2026-01-27T17:00:00Z') }],
    });
    await scheduling.book({ testerId: tester.id, groupId: group.publicId });
    expect((await scheduling.change(tester.id, [oneDay.publicId])).status).toBe('succeed');
    const [changed] = await mailsTo(db(), tester.email, 'schedule-changed');
    const [invitation, removal] = changed!.attachments!;
    expect(parseCalendar(invitation!.content).events.map((event) => event.uid.replace(/^booking-\d+-/, ''))).toEqual([
      'day-1@testers.example.test',
    ]);
    expect(removal).toMatchObject({ filename: 'removed-days.ics', calendarMethod: 'CANCEL' });
    const removed = parseCalendar(removal!.content);
    expect(removed.method).toBe('CANCEL');
    expect(removed.events.map((event) => [event.uid.replace(/^booking-\d+-/, ''), event.sequence, event.summary])).toEqual([
      ['day-2@testers.example.test', 1, 'Breakfast cereal taste test (day 2 of 3)'],
      ['day-3@testers.example.test', 1, 'Breakfast cereal taste test (day 3 of 3)'],
    ]);
  });

  it('a refused cancel (101 inside the window, or a multi-cancel with one refused) writes no e-mail', async () => {
    const { tester, study, scheduling, clock } = await setUp();
    const soon = await createStudy(db());
    const close = await createSessionGroup(db(), {
      studyNo: soon.studyNo,
      sessions: [{ startsAt: new Date(NOW.getTime() + 30 * HOUR_MS), endsAt: new Date(NOW.getTime() + 31 * HOUR_MS) }],
    });
    const far = await createSessionGroup(db(), { studyNo: study.studyNo, sessions: [day3] });
    await scheduling.book({ testerId: tester.id, groupId: close.publicId });
    await scheduling.book({ testerId: tester.id, groupId: far.publicId });
    const written = (await mailsTo(db(), tester.email)).length;
    clock.advance(7 * HOUR_MS);
    expect((await scheduling.cancel(tester.id, [soon.studyNo])).status).toBe('101');
    expect((await scheduling.cancel(tester.id, [study.studyNo, soon.studyNo])).status).toBe('101');
    expect(await mailsTo(db(), tester.email)).toHaveLength(written);
  });
});
