import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  balanceAndLedger,
  createLoggedInTester,
  createQualifiedScreening,
  createSessionGroup,
  createStudy,
} from '../../../../test/factories.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { createFakeClock, HOUR_MS } from '../../../core/clock.ts';
import { bookings, coinLedger, externalScreenerTokens, seatOffers, sessionGroups, studyReturnSecrets } from '../../../core/db/schema.ts';
import { hashToken, randomToken } from '../../../core/security/tokens.ts';
import { externalReturnSignature } from '../../studies/external-return-signature.ts';

/**
 * Self-schedule under simultaneous calls (decision 024): seats never over-filled and each booking
 * paid once; an outside screener's token paid once however often it is sent at the same time.
 */

const NOW = new Date('2026-01-15T12:00:00Z');
const clock = createFakeClock(NOW);
const RETURN_SECRET = 'concurrency-return-secret-0123456789abcdef';
const db = () => testApp.database.db;

const testApp = useTestApp({ clock });

const post = (url: string, cookie: string, payload: unknown) =>
  testApp.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', cookie }, payload: JSON.stringify(payload) });

describe('simultaneous self-schedule calls', () => {
  it('give exactly S bookings and S payments for 3S qualified testers racing for a group of S seats', async () => {
    const seats = 4;
    const study = await createStudy(db(), { scheduleCoins: 75, scheduleExp: 25 });
    const group = await createSessionGroup(db(), {
      studyNo: study.studyNo,
      seats,
      sessions: [{ startsAt: new Date(NOW.getTime() + 72 * HOUR_MS), endsAt: new Date(NOW.getTime() + 74 * HOUR_MS) }],
    });
    const testers = await Promise.all(
      Array.from({ length: 3 * seats }, async () => {
        const logged = await createLoggedInTester(db());
        await createQualifiedScreening(db(), { testerId: logged.tester.id, studyNo: study.studyNo, at: NOW });
        return logged;
      }),
    );
    const responses = await Promise.all(
      testers.map(({ cookie }) => post('/api/schedule/SelfSchedule', cookie, { IsRequest: true, groupIDs: [group.publicId] })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    const statuses = responses.map((response) => response.json().status as string);
    expect(statuses.filter((status) => status === 'succeed')).toHaveLength(seats);
    expect(statuses.filter((status) => status === 'notAvailable')).toHaveLength(2 * seats);

    const booked = await db()
      .select()
      .from(bookings)
      .where(and(eq(bookings.groupId, group.id), eq(bookings.status, 'booked')));
    expect(booked).toHaveLength(seats);
    const [row] = await db().select().from(sessionGroups).where(eq(sessionGroups.id, group.id));
    expect(row!.taken).toBe(seats);
    const payments = await db()
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.reason, 'selfSchedule'), eq(coinLedger.reference, String(study.studyNo))));
    expect(payments).toHaveLength(seats);
    expect(new Set(payments.map((payment) => payment.testerId))).toEqual(new Set(booked.map((booking) => booking.testerId)));
    for (const { tester } of testers) {
      const balance = await balanceAndLedger(db(), tester.id);
      expect(balance.coins).toBe(balance.ledgerCoins);
    }
  });

  it('keep a seat held by a seat offer for its tester while 3S others race for the S free seats (decision 031)', async () => {
    const seats = 3;
    const study = await createStudy(db(), { scheduleCoins: 75, scheduleExp: 25 });
    const group = await createSessionGroup(db(), {
      studyNo: study.studyNo,
      seats: seats + 1,
      sessions: [{ startsAt: new Date(NOW.getTime() + 72 * HOUR_MS), endsAt: new Date(NOW.getTime() + 74 * HOUR_MS) }],
    });
    const qualifiedTester = async () => {
      const logged = await createLoggedInTester(db());
      await createQualifiedScreening(db(), { testerId: logged.tester.id, studyNo: study.studyNo, at: NOW });
      return logged;
    };
    // One seat held for the offered tester, as waitlist promotion leaves it.
    const offered = await qualifiedTester();
    await db().update(sessionGroups).set({ held: 1 }).where(eq(sessionGroups.id, group.id));
    await db()
      .insert(seatOffers)
      .values({
        groupId: group.id,
        studyNo: study.studyNo,
        testerId: offered.tester.id,
        offeredAt: NOW,
        expiresAt: new Date(NOW.getTime() + 24 * HOUR_MS),
      });
    const others = await Promise.all(Array.from({ length: 3 * seats }, qualifiedTester));
    const responses = await Promise.all(
      [...others, offered].map(({ cookie }) => post('/api/schedule/SelfSchedule', cookie, { IsRequest: true, groupIDs: [group.publicId] })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    const statuses = responses.map((response) => response.json().status as string);
    expect(statuses.at(-1)).toBe('succeed');
    expect(statuses.filter((status) => status === 'succeed')).toHaveLength(seats + 1);
    expect(statuses.filter((status) => status === 'notAvailable')).toHaveLength(2 * seats);

    const booked = await db()
      .select()
      .from(bookings)
      .where(and(eq(bookings.groupId, group.id), eq(bookings.status, 'booked')));
    expect(booked).toHaveLength(seats + 1);
    expect(booked.map((booking) => booking.testerId)).toContain(offered.tester.id);
    // Each booking notes the credit it paid (decision 080), and each payment is one ledger row.
    expect(booked.map((booking) => [booking.creditCoins, booking.creditExp])).toEqual(booked.map(() => [75, 25]));
    const [row] = await db().select().from(sessionGroups).where(eq(sessionGroups.id, group.id));
    expect({ taken: row!.taken, held: row!.held }).toEqual({ taken: seats + 1, held: 0 });
    const [offer] = await db().select().from(seatOffers).where(eq(seatOffers.groupId, group.id));
    expect(offer!.status).toBe('accepted');
    const payments = await db()
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.reason, 'selfSchedule'), eq(coinLedger.reference, String(study.studyNo))));
    expect(new Set(payments.map((payment) => payment.testerId))).toEqual(new Set(booked.map((booking) => booking.testerId)));
    expect(payments).toHaveLength(seats + 1);
  });

  it("book one study for a tester sending six calls at once for two studies (the 101 rule, read under the tester's lock)", async () => {
    const { tester, cookie } = await createLoggedInTester(db());
    const groups: Awaited<ReturnType<typeof createSessionGroup>>[] = [];
    for (const hours of [72, 96]) {
      const study = await createStudy(db(), { scheduleCoins: 30, scheduleExp: 10 });
      await createQualifiedScreening(db(), { testerId: tester.id, studyNo: study.studyNo, at: NOW });
      groups.push(
        await createSessionGroup(db(), {
          studyNo: study.studyNo,
          seats: 5,
          sessions: [{ startsAt: new Date(NOW.getTime() + hours * HOUR_MS), endsAt: new Date(NOW.getTime() + (hours + 2) * HOUR_MS) }],
        }),
      );
    }
    const before = await balanceAndLedger(db(), tester.id);
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        post('/api/schedule/SelfSchedule', cookie, { IsRequest: true, groupIDs: [groups[index % 2]!.publicId] }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    const statuses = responses.map((response) => response.json().status as string);
    expect(statuses.filter((status) => status === 'succeed')).toHaveLength(1);
    // The other study's calls meet the 101 rule; the booked study's meet its booking.
    expect(statuses.filter((status) => status === 'scheduledFromOther')).toHaveLength(3);
    expect(statuses.filter((status) => status === 'hasSchedule')).toHaveLength(2);
    const booked = await db()
      .select()
      .from(bookings)
      .where(and(eq(bookings.testerId, tester.id), eq(bookings.status, 'booked')));
    expect(booked).toHaveLength(1);
    const after = await balanceAndLedger(db(), tester.id);
    expect([after.coins - before.coins, after.exp - before.exp, after.entries - before.entries]).toEqual([30, 10, 1]);
  });

  it('pay an outside screener token once for 20 simultaneous signed returns (decisions 024, 077)', async () => {
    const study = await createStudy(db(), {
      screenerKind: 'external',
      externalUrl: 'https://surveys.testerhub.example/s/race',
      coinValue: 45,
      screeningExp: 10,
    });
    const { tester, cookie } = await createLoggedInTester(db());
    const ex = randomToken();
    await db()
      .insert(externalScreenerTokens)
      .values({ tokenHash: hashToken(ex), testerId: tester.id, studyNo: study.studyNo, createdAt: NOW });
    const before = await balanceAndLedger(db(), tester.id);
    await db().insert(studyReturnSecrets).values({ studyNo: study.studyNo, secret: RETURN_SECRET, setAt: NOW });
    const sig = externalReturnSignature(RETURN_SECRET, ex);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => post('/api/schedule/GiveCoinsExternalScreener', cookie, { ex, sig })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    const statuses = responses.map((response) => response.json().status as string);
    expect(statuses.filter((status) => status === 'succeed')).toHaveLength(1);
    expect(statuses.filter((status) => status === 'failed')).toHaveLength(19);
    const after = await balanceAndLedger(db(), tester.id);
    expect([after.coins - before.coins, after.exp - before.exp, after.entries - before.entries]).toEqual([45, 10, 1]);
  });
});
