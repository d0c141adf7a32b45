import { describe, expect, it } from 'vitest';
import { createLoggedInTester, createQualifiedScreening, createSessionGroup, createStudy } from '../../../../test/factories.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { createFakeClock, HOUR_MS } from '../../../core/clock.ts';

/**
 * What one SelfSchedule booking costs the database (issue 25, section 1): the tester's row is
 * locked once, and the tester's standing (qualified studies, outside-screener returns, bookings,
 * waiting list, the upcoming booking of the 101 rule, seat offers) and the group asked for are read
 * once, under that lock in the booking's unit of work, not once before it and again inside.
 */

const NOW = new Date('2026-01-15T12:00:00Z');
const clock = createFakeClock(NOW);
const db = () => testApp.database.db;

let watched: string[] | null = null;
const testApp = useTestApp({ clock, onStatement: (query) => watched?.push(query) });

/** The statements the database ran while `work` did. */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  watched = [];
  try {
    await work();
    return watched;
  } finally {
    watched = null;
  }
}

const TESTER_LOCK = /from "testers" where "testers"\."id" = \$1 for update$/;
/** The standing's reads, by the table and condition each reads. */
const STANDING_READS = {
  /** Screening's part, one statement (issue 27): the qualified studies and the waiting list. */
  qualifiedAndWaiting: /'qualifiedAt', "screenings"\."completed_at"[\s\S]*from "study_waiting_list"/,
  externalReturns: /from "external_screener_tokens" where/,
  /** Scheduling's part, one statement (issue 27): the bookings, the upcoming one of the 101 rule, the seat offers. */
  bookingsAndOffers: /'studyNo', "bookings"\."study_no"[\s\S]*"bookings"\."starts_at" > \$\d+[\s\S]*from "seat_offers"/,
  /** The group asked for with its sessions and the person's live seat offers (issue 27): `book` takes it as read. */
  groupAndOffers: /from "session_groups" left join "group_sessions"[\s\S]*"session_groups"\."public_id" = any\(/,
};

describe('a SelfSchedule booking', () => {
  it("locks the tester's row once and reads the standing and the group once, after the lock", async () => {
    const study = await createStudy(db(), { scheduleCoins: 75, scheduleExp: 25 });
    const group = await createSessionGroup(db(), {
      studyNo: study.studyNo,
      seats: 4,
      sessions: [{ startsAt: new Date(NOW.getTime() + 72 * HOUR_MS), endsAt: new Date(NOW.getTime() + 74 * HOUR_MS) }],
    });
    const { tester, cookie } = await createLoggedInTester(db());
    await createQualifiedScreening(db(), { testerId: tester.id, studyNo: study.studyNo, at: NOW });

    let status = '';
    const statements = await statementsOf(async () => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/schedule/SelfSchedule',
        headers: { 'content-type': 'application/json', cookie },
        payload: JSON.stringify({ IsRequest: true, groupIDs: [group.publicId] }),
      });
      status = response.json().status;
    });
    expect(status).toBe('succeed');

    const positions = (pattern: RegExp) => statements.flatMap((statement, index) => (pattern.test(statement.trim()) ? [index] : []));
    const [lock, ...relocks] = positions(TESTER_LOCK);
    expect(lock).toBeDefined();
    expect(relocks).toEqual([]);
    for (const [read, pattern] of Object.entries(STANDING_READS)) {
      const at = positions(pattern);
      expect({ read, times: at.length }).toEqual({ read, times: 1 });
      expect({ read, afterTheLock: at[0]! > lock! }).toEqual({ read, afterTheLock: true });
    }
  });
});
