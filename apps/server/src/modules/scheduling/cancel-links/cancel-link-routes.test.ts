import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSessionGroup, createStudy, createTester } from '../../../../test/factories.ts';
import { cancelTokenIn, mailsTo } from '../../../../test/schedule-mail-helpers.ts';
import { createTestApp, useTestApp } from '../../../../test/test-app.ts';
import { createFakeClock, HOUR_MS } from '../../../core/clock.ts';
import { sessionGroups } from '../../../core/db/schema.ts';
import { signJson } from '../../../core/security/signed-token.ts';
import { signCancelLinkToken } from '../cancel-link-token.ts';
import { signCheckInToken } from '../check-in-token.ts';

/**
 * The one-click cancel link (decision 027): POST /api/schedule/GetCancelLinkBooking and
 * /CancelByLink, public (the signed token is the authority), by CancelSchedule's notice rule.
 */

const NOW = new Date('2026-01-15T12:00:00Z');
const SECRET = 'test-support-secret-of-at-least-32-characters';
const LINK_SECRET = 'study-link-secret-for-the-cancel-link-tests';
const clock = createFakeClock(NOW);
const db = () => testApp.database.db;

const testApp = useTestApp({
  clock,
  env: { TEST_SUPPORT_SECRET: SECRET, HOST: '127.0.0.1', STUDY_LINK_SECRET: LINK_SECRET, LOGIN_ATTEMPTS_PER_WINDOW: '50' },
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'content-type': 'application/json', ...headers } });

/** A tester booked (through the scheduling service, as self-schedule will) into a group starting `hoursAhead` from now; answers the e-mailed token. */
async function bookedWithLink(hoursAhead = 72) {
  clock.set(NOW);
  const tester = await createTester(db());
  const study = await createStudy(db(), { studyBasicInfo: 'Snack bar test' });
  const startsAt = new Date(NOW.getTime() + hoursAhead * HOUR_MS);
  const group = await createSessionGroup(db(), {
    studyNo: study.studyNo,
    sessions: [{ startsAt, endsAt: new Date(startsAt.getTime() + 2 * HOUR_MS) }],
  });
  const booked = await post(
    '/api/test-support/booking',
    { testerId: tester.id, groupId: group.publicId },
    { 'x-test-support-secret': SECRET },
  );
  expect(booked.statusCode, booked.body).toBe(200);
  const [mail] = await mailsTo(db(), tester.email, 'schedule-booked');
  return {
    tester,
    study,
    group,
    startsAt,
    bookingId: (booked.json() as { bookingId: number }).bookingId,
    token: cancelTokenIn(mail!.text),
  };
}

describe('GetCancelLinkBooking', () => {
  it('shows the booking to anyone holding the link, without a session, and cancels nothing', async () => {
    const { token, startsAt, tester } = await bookedWithLink();
    const response = await post('/api/schedule/GetCancelLinkBooking', { token });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 'succeed', noticeHours: 24 });
    expect(body.scheduleStamps).toHaveLength(1);
    expect(body.scheduleStamps[0]).toMatchObject({
      studyName: 'Snack bar test',
      scheduleStamp: startsAt.toISOString(),
      timeZone: 'America/Chicago',
      changeable: true,
      testerName: '',
      checkInToken: '',
    });
    expect(await post('/api/schedule/GetCancelLinkBooking', { token })).toMatchObject({ statusCode: 200 });
    expect(await mailsTo(db(), tester.email, 'schedule-cancelled')).toHaveLength(0);
  });

  it('answers a refusal for a forged token', async () => {
    const { token } = await bookedWithLink();
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    expect((await post('/api/schedule/GetCancelLinkBooking', { token: forged })).json()).toMatchObject({
      status: 'invalid',
      scheduleStamps: [],
    });
  });
});

describe('CancelByLink', () => {
  it('cancels the booking, frees the seat, e-mails the cancellation; a replay is refused', async () => {
    const { token, tester, group } = await bookedWithLink();
    const taken = async () => (await db().select().from(sessionGroups).where(eq(sessionGroups.id, group.id)))[0]!.taken;
    expect(await taken()).toBe(1);
    const response = await post('/api/schedule/CancelByLink', { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'succeed' });
    expect(await taken()).toBe(0);
    const [cancelled] = await mailsTo(db(), tester.email, 'schedule-cancelled');
    expect(cancelled!.attachments![0]!.calendarMethod).toBe('CANCEL');
    expect((await post('/api/schedule/CancelByLink', { token })).json()).toEqual({ status: 'alreadyCancelled' });
    expect((await post('/api/schedule/GetCancelLinkBooking', { token })).json().status).toBe('alreadyCancelled');
    expect(await mailsTo(db(), tester.email, 'schedule-cancelled')).toHaveLength(1);
  });

  it('obeys the notice window as CancelSchedule does: 101 inside it, and the booking stays', async () => {
    const { token, tester } = await bookedWithLink(30);
    clock.set(NOW.getTime() + 6 * HOUR_MS); // exactly 24 hours before: the window is closed
    expect((await post('/api/schedule/CancelByLink', { token })).json()).toEqual({ status: '101' });
    expect(await mailsTo(db(), tester.email, 'schedule-cancelled')).toHaveLength(0);
    clock.set(NOW.getTime() + 6 * HOUR_MS - 1000);
    expect((await post('/api/schedule/CancelByLink', { token })).json()).toEqual({ status: 'succeed' });
  });

  it('refuses an expired link (the first session has started)', async () => {
    const { token } = await bookedWithLink(48);
    clock.set(NOW.getTime() + 48 * HOUR_MS);
    expect((await post('/api/schedule/CancelByLink', { token })).json()).toEqual({ status: 'expired' });
  });

  it('refuses forged tokens: a bad signature, another secret, another purpose, another tester', async () => {
    const { token, tester, bookingId, study, group, startsAt } = await bookedWithLink();
    const other = await createTester(db());
    const data = { bookingId, testerId: tester.id, groupId: group.publicId, expiresAt: startsAt };
    const forgeries = [
      `${token.slice(0, -2)}xx`,
      signCancelLinkToken(data, 'another-secret-that-is-long-enough-0123456789'),
      signCheckInToken({ bookingId, testerId: tester.id, studyNo: study.studyNo }, LINK_SECRET),
      signJson('studyLink', { b: bookingId, t: tester.id, g: group.publicId, e: startsAt.getTime() / 1000 }, LINK_SECRET),
      signCancelLinkToken({ ...data, testerId: other.id }, LINK_SECRET),
    ];
    for (const forged of forgeries) {
      expect((await post('/api/schedule/CancelByLink', { token: forged })).json(), forged).toEqual({ status: 'invalid' });
    }
    // The real one still works: nothing was cancelled by the forgeries.
    expect((await post('/api/schedule/CancelByLink', { token })).json()).toEqual({ status: 'succeed' });
  });

  it('answers 400 naming the field for bad input, never 5xx', async () => {
    for (const payload of [
      {},
      { token: 42 },
      { token: '' },
      { token: 'no dot here' },
      { token: 'a.b.c' },
      { token: `${'a'.repeat(1200)}.b` },
      'text',
    ]) {
      const response = await post('/api/schedule/CancelByLink', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      if (typeof payload === 'object') expect(response.body).toMatch(/token|cancel link/i);
    }
  });

  it('refuses a cross-site request (another site’s page posting the form)', async () => {
    const { token } = await bookedWithLink();
    const response = await post(
      '/api/schedule/CancelByLink',
      { token },
      { origin: 'https://evil.example.test', 'sec-fetch-site': 'cross-site' },
    );
    expect(response.statusCode).toBe(403);
    expect((await post('/api/schedule/GetCancelLinkBooking', { token })).json().status).toBe('succeed');
  });

  it('is rate limited per address (429)', async () => {
    // Over the file's database, from an address of its own: the other tests' calls came from 127.0.0.1.
    const limited = await createTestApp({ env: { LOGIN_ATTEMPTS_PER_WINDOW: '1' }, database: testApp.database });
    try {
      const statuses = [];
      for (let attempt = 0; attempt < 8; attempt++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/schedule/CancelByLink',
          payload: { token: 'a.b' },
          remoteAddress: '203.0.113.77',
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 6)).toEqual(Array(6).fill(200));
      expect(statuses[6]).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('answers its 429 in the language of the tester the link names (English for a link it did not sign)', async () => {
    const limited = await createTestApp({
      env: { LOGIN_ATTEMPTS_PER_WINDOW: '1', STUDY_LINK_SECRET: LINK_SECRET },
      database: testApp.database,
    });
    const linkOf = (testerId: string) =>
      signCancelLinkToken({ bookingId: 1, testerId, groupId: 'group', expiresAt: new Date(NOW.getTime() + HOUR_MS) }, LINK_SECRET);
    /** Posts the link from an address of its own until the limit refuses it; answers the refusal's message. */
    const refusalFor = async (token: string, remoteAddress: string) => {
      for (let attempt = 0; attempt < 20; attempt++) {
        const response = await limited.app.inject({ method: 'POST', url: '/api/schedule/CancelByLink', payload: { token }, remoteAddress });
        if (response.statusCode === 429) return response.json().message as string;
      }
      throw new Error('never limited');
    };
    try {
      const spanish = await createTester(db(), { language: 'es' });
      const english = await createTester(db());
      expect(await refusalFor(linkOf(spanish.id), '203.0.113.81')).toBe('Demasiados intentos. Espere unos minutos e inténtelo de nuevo.');
      expect(await refusalFor(linkOf(english.id), '203.0.113.82')).toBe('Too many attempts. Please wait a few minutes and try again.');
      expect(await refusalFor('a.b', '203.0.113.83')).toBe('Too many attempts. Please wait a few minutes and try again.');
    } finally {
      await limited.close();
    }
  });
});
