import { afterCommit, type Executor } from '../../core/db/client.ts';
import type { TesterRow } from '../testers/tester-service.ts';

export interface CachedSession {
  tester: TesterRow;
  expiresAt: Date;
  lastSeenAt: Date;
  /** When this copy was read from the database (ms since the epoch). */
  loadedAt: number;
}

/** Beyond this many sessions the oldest entries make room; a forgotten entry only costs one query. */
const DEFAULT_MAX_ENTRIES = 10_000;

/**
 * The sessions this process checked recently, with their tester rows, so that an
 * authenticated read does not query the database every time (GUIDE section 8: an
 * authenticated read at 40% of a bare Fastify route; decision 011).
 *
 * This process forgets an entry the moment it changes that session or that tester (logout,
 * reset, credential change, any write through the tester repository). An entry is read
 * again after `ttlMs` in any case: that bounds how long a change made elsewhere (another
 * server process on the same PostgreSQL, or by hand) goes unseen. `ttlMs` 0 turns the
 * cache off.
 */
export function createActiveSessionCache(options: { ttlMs: number; maxEntries?: number; elapsedMs?: () => number }) {
  const entries = new Map<string, CachedSession>();
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  // Moves on with every forget: a read that began before a change must not store what it saw.
  let generation = 0;
  // A tester's row changed inside a unit of work is forgotten before that work commits: a read
  // begun between the two sees the old row. For `ttlMs` of real time after a forget nothing of
  // that tester is stored, so what such a read saw is answered once and never kept.
  const elapsedMs = options.elapsedMs ?? (() => performance.now());
  const testerForgottenAt = new Map<string, number>();
  const recentlyForgotten = (testerId: string) => {
    const at = testerForgottenAt.get(testerId);
    if (at === undefined) return false;
    if (elapsedMs() - at < options.ttlMs) return true;
    testerForgottenAt.delete(testerId);
    return false;
  };

  /** Every cached session of this tester: their row changed or their sessions ended. */
  function forgetTester(testerId: string) {
    generation += 1;
    if (options.ttlMs > 0) {
      if (testerForgottenAt.size >= maxEntries) testerForgottenAt.delete(testerForgottenAt.keys().next().value!);
      testerForgottenAt.delete(testerId);
      testerForgottenAt.set(testerId, elapsedMs());
    }
    for (const [idHash, entry] of entries) if (entry.tester.id === testerId) entries.delete(idHash);
  }

  return {
    get(idHash: string, now: number): CachedSession | undefined {
      const entry = entries.get(idHash);
      if (!entry) return undefined;
      if (now - entry.loadedAt >= options.ttlMs) {
        entries.delete(idHash);
        return undefined;
      }
      return entry;
    },

    /** Taken before reading the database; pass it to set(). */
    generation: () => generation,

    set(idHash: string, entry: CachedSession, readAtGeneration: number) {
      if (options.ttlMs <= 0 || readAtGeneration !== generation || recentlyForgotten(entry.tester.id)) return;
      entries.delete(idHash);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(idHash, entry);
    },

    forgetSession(idHash: string) {
      generation += 1;
      entries.delete(idHash);
    },

    forgetTester,

    /**
     * The tester's row changed on `executor` (a unit of work's transaction, or the database). It
     * is forgotten now, so nothing held is served while the change is in flight (and reads begun
     * before the commit are held back, see above), and again once the change has committed: a
     * read that stored the old row meanwhile anyway (a unit of work longer than the hold-back)
     * is dropped, and one still running takes a new generation, so the row is read afresh.
     */
    forgetChangedTester(testerId: string, executor: Executor) {
      forgetTester(testerId);
      afterCommit(executor, () => forgetTester(testerId));
    },

    /**
     * Every cached session: something every tester's row depends on changed elsewhere (a levels
     * save on any instance moves testers' levels, decision 071). A read begun before stores nothing.
     */
    forgetAll() {
      generation += 1;
      entries.clear();
    },

    /** How many testers are held back from the cache after a change (tests). */
    get heldTesters() {
      return testerForgottenAt.size;
    },

    get size() {
      return entries.size;
    },
  };
}

export type ActiveSessionCache = ReturnType<typeof createActiveSessionCache>;
