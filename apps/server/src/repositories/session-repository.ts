import { and, eq, gt, ne } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { sessions, testers } from '../db/schema.ts';

/** lastSeenAt moves at most this often, and at least twice per idle period. */
const TOUCH_INTERVAL_MS = 60_000;

export function createSessionRepository(db: Database) {
  return {
    async insert(idHash: string, testerId: string, expiresAt: Date) {
      await db.insert(sessions).values({ idHash, testerId, expiresAt });
    },

    /** The session's tester while it is inside both time-outs. lastSeenAt moves on at most once a minute, to spare a write per request. */
    async findActive(idHash: string, idleCutoff: Date) {
      const now = new Date();
      const touchAfterMs = Math.min(TOUCH_INTERVAL_MS, (now.getTime() - idleCutoff.getTime()) / 2);
      const rows = await db
        .select({ tester: testers, lastSeenAt: sessions.lastSeenAt })
        .from(sessions)
        .innerJoin(testers, eq(testers.id, sessions.testerId))
        .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleCutoff)))
        .limit(1);
      const found = rows[0];
      if (!found) return null;
      if (now.getTime() - found.lastSeenAt.getTime() > touchAfterMs) {
        await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
      }
      return found.tester;
    },

    async delete(idHash: string) {
      await db.delete(sessions).where(eq(sessions.idHash, idHash));
    },

    async deleteAllForTester(testerId: string, keepIdHash?: string) {
      await db.delete(sessions).where(keepIdHash ? and(eq(sessions.testerId, testerId), ne(sessions.idHash, keepIdHash)) : eq(sessions.testerId, testerId));
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
