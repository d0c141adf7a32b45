import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SelfScheduleResponse } from '@testerhub/shared/self-schedule-schemas';
import { createLoggedInTester, createQualifiedScreening, createSessionGroup, createStudy, createTester } from '../../../test/factories.ts';
import { schedulingWithMail } from '../../../test/schedule-mail-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock, HOUR_MS } from '../../core/clock.ts';
import { inTransaction } from '../../core/db/client.ts';
import { emailOutbox } from '../../core/db/schema.ts';
import { signStudyLinkData } from '../screening/study-link-token.ts';

/**
 * A booking's e-mail is sent once the booking has committed, not at the sender's next poll (issue
 * 25, section 1): the outbox nudges its sender after the unit of work's commit (decision 016's
 * afterCommit), never before it. The SMTP sender is replaced by a recorder of its nudges, which reads
 * the outbox on the bare database (another connection on PostgreSQL) the moment it is nudged.
 */
const nudges = { count: 0, onNudge: (): void => undefined };
/** Stands in for the SMTP sender: counts its nudges and tells the test of each. */
const recordingSender = () => ({
  nudge: () => {
    nudges.count += 1;
    nudges.onNudge();
  },
  stop: async () => undefined,
});

const NOW = new Date('2026-01-15T12:00:00Z');
const SECRET = 'booking-nudge-test-secret-0123456789abcdef';
const clock = createFakeClock(NOW);
const testApp = useTestApp({
  clock,
  env: { STUDY_LINK_SECRET: SECRET, SMTP_URL: 'smtp://127.0.0.1:2525' },
  startMailSender: recordingSender,
});
const db = () => testApp.database.db;
const session = (startHours: number) => ({
  startsAt: new Date(NOW.getTime() + startHours * HOUR_MS),
  endsAt: new Date(NOW.getTime() + (startHours + 2) * HOUR_MS),
});

/** Booking e-mails to the address visible outside any open transaction. */
const bookedMailsTo = async (address: string) =>
  (
    await db()
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, 'schedule-booked')))
  ).length;

describe('scheduling book inside a caller’s unit of work', () => {
  it('nudges the sender after the outer commit, not before it', async () => {
    const { scheduling } = schedulingWithMail(db(), { now: NOW, clock, startMailSender: recordingSender });
    const study = await createStudy(db());
    const group = await createSessionGroup(db(), { studyNo: study.studyNo, sessions: [session(48)] });
    const tester = await createTester(db());
    nudges.count = 0;
    await inTransaction(db(), async (tx) => {
      expect(await scheduling.book({ testerId: tester.id, groupId: group.publicId }, tx)).toMatchObject({ status: 'succeed' });
      // The booking e-mail is not committed yet: a nudge now would find nothing to send.
      expect(nudges.count).toBe(0);
    });
    expect(nudges.count).toBeGreaterThan(0);
    expect(await bookedMailsTo(tester.email)).toBe(1);
  });

  it('never nudges for a booking that rolled back', async () => {
    const { scheduling } = schedulingWithMail(db(), { now: NOW, clock, startMailSender: recordingSender });
    const study = await createStudy(db());
    const group = await createSessionGroup(db(), { studyNo: study.studyNo, sessions: [session(48)] });
    const tester = await createTester(db());
    nudges.count = 0;
    await expect(
      inTransaction(db(), async (tx) => {
        await scheduling.book({ testerId: tester.id, groupId: group.publicId }, tx);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(nudges.count).toBe(0);
    expect(await bookedMailsTo(tester.email)).toBe(0);
  });
});

describe('POST /api/schedule/SelfSchedule', () => {
  it('nudges the sender once the booking and its e-mail have committed', async () => {
    const study = await createStudy(db(), { scheduleCoins: 120, scheduleExp: 40 });
    const group = await createSessionGroup(db(), { studyNo: study.studyNo, sessions: [session(48)] });
    const { tester, cookie } = await createLoggedInTester(db());
    await createQualifiedScreening(db(), { testerId: tester.id, studyNo: study.studyNo, at: clock.now() });
    const data = signStudyLinkData(
      { testerId: tester.id, studyNo: study.studyNo, quotaId: null, issuedAt: Math.floor(clock.nowMs() / 1000) },
      SECRET,
    );
    const seenAtNudge: Promise<number>[] = [];
    nudges.count = 0;
    nudges.onNudge = () => void seenAtNudge.push(bookedMailsTo(tester.email));
    try {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/schedule/SelfSchedule',
        headers: { 'content-type': 'application/json', cookie },
        payload: JSON.stringify({
          Study: study.guid,
          Tester: tester.id,
          Data: data,
          Child: null,
          IsRequest: true,
          groupIDs: [group.publicId],
          pickUpgroupIDs: [],
        }),
      });
      expect((response.json() as SelfScheduleResponse).status, response.body).toBe('succeed');
    } finally {
      nudges.onNudge = () => undefined;
    }
    // Every nudge came when the booking e-mail was there for the sender to find.
    expect(seenAtNudge.length).toBeGreaterThan(0);
    expect(await Promise.all(seenAtNudge)).toEqual(seenAtNudge.map(() => 1));
  });
});
