import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { sessions, testers } from '../db/schema.ts';
import type { ActiveSessionCache } from './active-session-cache.ts';

/** lastSeenAt moves at most this often, and at least twice per idle period. */
const TOUCH_INTERVAL_MS = 60_000;

export function createSessionRepository(db: Database, cache: ActiveSessionCache) {
  async function load(idHash: string, now: Date) {
    const generation = cache.generation();
    const rows = await db
      .select({ tester: testers, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .innerJoin(testers, eq(testers.id, sessions.testerId))
      .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, now)))
      .limit(1);
    const found = rows[0];
    if (!found) return null;
    const entry = { ...found, loadedAt: now.getTime() };
    cache.set(idHash, entry, generation);
    return entry;
  }

  return {
    async insert(idHash: string, testerId: string, expiresAt: Date) {
      await db.insert(sessions).values({ idHash, testerId, expiresAt });
    },

    /**
     * The session's tester while it is inside both time-outs, from the cache when this process
     * read it lately. lastSeenAt moves on at most once a minute, to spare a write per request.
     */
    async findActive(idHash: string, idleCutoff: Date) {
      const now = new Date();
      const session = cache.get(idHash, now.getTime()) ?? (await load(idHash, now));
      if (!session || session.expiresAt <= now || session.lastSeenAt <= idleCutoff) {
        cache.forgetSession(idHash);
        return null;
      }
      const touchAfterMs = Math.min(TOUCH_INTERVAL_MS, (now.getTime() - idleCutoff.getTime()) / 2);
      if (now.getTime() - session.lastSeenAt.getTime() > touchAfterMs) {
        session.lastSeenAt = now;
        await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
      }
      return session.tester;
    },

    async delete(idHash: string) {
      await db.delete(sessions).where(eq(sessions.idHash, idHash));
      cache.forgetSession(idHash);
    },

    async deleteAllForTester(testerId: string) {
      await db.delete(sessions).where(eq(sessions.testerId, testerId));
      cache.forgetTester(testerId);
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
