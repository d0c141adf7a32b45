import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getWith } from '../../../test/account-helpers.ts';
import { TEST_SEED_DATE } from '../../../test/database-names.ts';
import { createTester } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createFakeClock, HOUR_MS } from '../../core/clock.ts';
import { callouts, sessions, testers } from '../../core/db/schema.ts';
import { hashToken, randomToken } from '../../core/security/tokens.ts';

/** GET /api/callout/GetCalloutList (decision 035): only active call-outs between their start and end, by the injected clock. */

const clock = createFakeClock(TEST_SEED_DATE);
let testerId: string;
const DAY = 24 * HOUR_MS;

const testApp = useTestApp({ clock });
beforeAll(async () => {
  testerId = (await createTester(testApp.database.db)).id;
});

/** A session that is fresh at the clock's now (the clock jumps months here). */
async function freshCookie() {
  const sessionId = randomToken();
  const now = clock.now();
  await testApp.database.db
    .insert(sessions)
    .values({ idHash: hashToken(sessionId), testerId, createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + DAY) });
  return `th_session=${sessionId}`;
}

const shownKeys = async () => {
  const cookie = await freshCookie();
  const answer = await getWith(testApp.app, '/api/callout/GetCalloutList', { cookie });
  expect(answer.statusCode).toBe(200);
  const body = answer.json();
  expect(body.status).toBe('succeed');
  return (body.calloutGTypes as { rKey: string }[]).map((callout) => callout.rKey);
};

describe('GET /api/callout/GetCalloutList', () => {
  it('answers the seeded call-out showing now with every field, and none of the ended, switched-off or future ones', async () => {
    clock.set(TEST_SEED_DATE.getTime());
    const answer = (await getWith(testApp.app, '/api/callout/GetCalloutList', { cookie: await freshCookie() })).json();
    expect(answer).toEqual({
      status: 'succeed',
      calloutGTypes: [
        {
          rKey: 'demo-holiday-screeners',
          title: 'Holiday taste tests are open',
          description: 'Fill in the holiday snack screener this month and earn bonus coins when you qualify.',
          pkCoins: 50,
          screener: '/community/main/screener',
          active: true,
          startTimeStamp: new Date(TEST_SEED_DATE.getTime() - DAY).toISOString(),
          endTimeStamp: new Date(TEST_SEED_DATE.getTime() + 60 * DAY).toISOString(),
        },
      ],
    });
  });

  it('shows a call-out from its start (included) until its end (excluded)', async () => {
    const start = new Date(TEST_SEED_DATE.getTime() + 200 * DAY);
    const end = new Date(start.getTime() + HOUR_MS);
    await testApp.database.db
      .insert(callouts)
      .values({ rKey: 'boundary', title: 'B', description: 'b', startTimeStamp: start, endTimeStamp: end });
    clock.set(start.getTime() - 1);
    expect(await shownKeys()).not.toContain('boundary');
    clock.set(start.getTime());
    expect(await shownKeys()).toContain('boundary');
    clock.set(end.getTime() - 1);
    expect(await shownKeys()).toContain('boundary');
    clock.set(end.getTime());
    expect(await shownKeys()).not.toContain('boundary');
  });

  it('shows the future demo call-out once its time comes, and refuses a stranger (401)', async () => {
    clock.set(TEST_SEED_DATE.getTime() + 100 * DAY);
    expect(await shownKeys()).toEqual(['demo-spring-preview']);
    expect((await getWith(testApp.app, '/api/callout/GetCalloutList')).statusCode).toBe(401);
  });

  it('shows none to a tester who may screen for no study: suspended until a later time, or black-listed (issue 29)', async () => {
    clock.set(TEST_SEED_DATE.getTime());
    expect(await shownKeys()).toEqual(['demo-holiday-screeners']);
    const suspend = (suspendedUntil: Date | null, blackList = false) =>
      testApp.database.db.update(testers).set({ suspendedUntil, blackList }).where(eq(testers.id, testerId));
    try {
      await suspend(new Date(TEST_SEED_DATE.getTime() + DAY));
      expect(await shownKeys()).toEqual([]);
      // A suspension that has ended hides nothing.
      await suspend(new Date(TEST_SEED_DATE.getTime() - 1));
      expect(await shownKeys()).toEqual(['demo-holiday-screeners']);
      await suspend(null, true);
      expect(await shownKeys()).toEqual([]);
    } finally {
      await suspend(null);
    }
  });

  it('refuses a call-out whose end is not after its start (the table’s check)', async () => {
    await expect(
      testApp.database.db
        .insert(callouts)
        .values({ rKey: 'backwards', title: 'X', description: 'x', startTimeStamp: TEST_SEED_DATE, endTimeStamp: TEST_SEED_DATE }),
    ).rejects.toThrow();
  });
});
