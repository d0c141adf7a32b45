import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Clock } from '../../core/clock.ts';
import type { Database } from '../../core/db/client.ts';
import { sessions } from './session-tables.ts';
// The one read of another module's table: a session and its tester in one query on a cache
// miss (decision 011). Writes to testers stay in the testers module.
// eslint-disable-next-line no-restricted-imports -- the sanctioned read of the session join
import { testers } from '../testers/tester-tables.ts';
import type { ActiveSessionCache, CachedSession } from './active-session-cache.ts';
import type { TesterRow } from '../testers/tester-service.ts';

/**
 * The PostgreSQL channel on which ended sessions are announced to the other server instances
 * (decision 035): "t:<tester id>" for all of a tester's sessions, "s:<id hash>" for one.
 */
export const SESSIONS_ENDED_CHANNEL = 'sessions_ended';

/** What a notice on SESSIONS_ENDED_CHANNEL asks of this process's cache. */
export function forgetAnnounced(cache: Pick<ActiveSessionCache, 'forgetTester' | 'forgetSession'>, payload: string) {
  if (payload.startsWith('t:')) cache.forgetTester(payload.slice(2));
  else if (payload.startsWith('s:')) cache.forgetSession(payload.slice(2));
}

/** lastSeenAt moves at most this often, and at least twice per idle period. */
const TOUCH_INTERVAL_MS = 60_000;

export function createSessionRepository(db: Database, cache: ActiveSessionCache, clock: Clock) {
  // Concurrent first requests of one session share one query.
  const loading = new Map<string, Promise<CachedSession | null>>();

  function load(idHash: string, now: Date): Promise<CachedSession | null> {
    let pending = loading.get(idHash);
    if (!pending) {
      pending = read(idHash, now).finally(() => loading.delete(idHash));
      loading.set(idHash, pending);
    }
    return pending;
  }

  // Built once (issue 27): every request after a write of the tester's row misses the cache and
  // sends it, and building its 33 columns was a large part of the request's own work.
  const activeSessionRead = db
    .select({ tester: testers, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(testers, eq(testers.id, sessions.testerId))
    .where(and(eq(sessions.idHash, sql.placeholder('idHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('active_session_read');

  async function read(idHash: string, now: Date): Promise<CachedSession | null> {
    const generation = cache.generation();
    const rows = await activeSessionRead.execute({ idHash, now });
    const found = rows[0];
    if (!found) return null;
    const entry = { ...found, loadedAt: now.getTime() };
    cache.set(idHash, entry, generation);
    return entry;
  }

  function check(idHash: string, session: CachedSession, now: number, idleCutoff: number): TesterRow | null | Promise<TesterRow> {
    const lastSeen = session.lastSeenAt.getTime();
    if (session.expiresAt.getTime() <= now || lastSeen <= idleCutoff) {
      cache.forgetSession(idHash);
      return null;
    }
    const touchAfterMs = Math.min(TOUCH_INTERVAL_MS, (now - idleCutoff) / 2);
    if (now - lastSeen <= touchAfterMs) return session.tester;
    session.lastSeenAt = new Date(now);
    return db
      .update(sessions)
      .set({ lastSeenAt: session.lastSeenAt })
      .where(eq(sessions.idHash, idHash))
      .then(() => session.tester);
  }

  /** Tells the other instances on this PostgreSQL to drop their cached copies now, not after the cache's TTL. */
  async function announce(payload: string) {
    await db.execute(sql`select pg_notify(${SESSIONS_ENDED_CHANNEL}, ${payload})`);
  }

  return {
    async insert(idHash: string, testerId: string, expiresAt: Date) {
      await db.insert(sessions).values({ idHash, testerId, expiresAt, createdAt: clock.now(), lastSeenAt: clock.now() });
    },

    /**
     * The session's tester while it is inside both time-outs, or null. A session this process
     * read lately is answered at once from the cache, without a promise (the hot path of every
     * authenticated read); otherwise, and when lastSeenAt is due to move on (at most once a
     * minute, to spare a write per request), it answers with a promise.
     */
    findActive(idHash: string, idleCutoff: number): TesterRow | null | Promise<TesterRow | null> {
      const now = clock.nowMs();
      const cached = cache.get(idHash, now);
      if (cached) return check(idHash, cached, now, idleCutoff);
      return load(idHash, new Date(now)).then((session) => (session ? check(idHash, session, now, idleCutoff) : null));
    },

    async delete(idHash: string) {
      await db.delete(sessions).where(eq(sessions.idHash, idHash));
      cache.forgetSession(idHash);
      await announce(`s:${idHash}`);
    },

    /** The tester's sessions without their ids (only when and until when), for the data export (decision 040). */
    async exportOf(testerId: string) {
      return {
        sessions: await db
          .select({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
          .from(sessions)
          .where(eq(sessions.testerId, testerId)),
      };
    },

    async deleteAllForTester(testerId: string) {
      await db.delete(sessions).where(eq(sessions.testerId, testerId));
      cache.forgetTester(testerId);
      await announce(`t:${testerId}`);
    },

    /** Ends every session of the tester but `keepIdHash` (the one asking): a password change. */
    async deleteOthersForTester(testerId: string, keepIdHash: string) {
      await db.delete(sessions).where(and(eq(sessions.testerId, testerId), ne(sessions.idHash, keepIdHash)));
      // The kept session's cached row is dropped too: it is read again with the new tester row.
      cache.forgetTester(testerId);
      await announce(`t:${testerId}`);
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
