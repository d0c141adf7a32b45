import type { Executor } from '../../core/db/client.ts';
import { hashToken, randomToken } from '../../core/security/tokens.ts';
import { principal, type StaffContext, type StaffPrincipal } from './staff-context.ts';

/** Staff sessions: their own cookie and table, idle and absolute time-outs (decision 043). */
export function createStaffSessions(context: StaffContext) {
  const { db, clock, config, repository, audited } = context;

  /** A new session of the account, its id stored hashed; the id goes in the staff cookie. */
  async function startSession(tx: Executor, staffId: string) {
    const sessionId = randomToken();
    await repository.insertSession(
      tx,
      hashToken(sessionId),
      staffId,
      clock.now(),
      new Date(clock.nowMs() + config.absoluteHours * 3600_000),
    );
    return sessionId;
  }

  return {
    startSession,

    /**
     * The staff member behind a staff session cookie, or null: unknown, past its absolute
     * lifetime, idle too long, or the account disabled. Read from the database every time, so a
     * disabled account or an ended session is refused by every instance at once (staff traffic is small).
     */
    async authenticate(sessionId: string | undefined): Promise<StaffPrincipal | null> {
      if (!sessionId) return null;
      const idHash = hashToken(sessionId);
      const now = clock.now();
      const found = await repository.findSession(db, idHash, now);
      if (!found || found.staff.disabledAt) return null;
      if (found.lastSeenAt.getTime() <= now.getTime() - config.idleMinutes * 60_000) {
        await repository.deleteSession(db, idHash);
        return null;
      }
      // At most once a minute: a write per request would be waste.
      if (now.getTime() - found.lastSeenAt.getTime() >= 60_000) await repository.touchSession(db, idHash, now);
      return principal(found.staff);
    },

    async logout(staff: StaffPrincipal, sessionId: string | undefined) {
      await audited(staff.id, 'staff.logout', { type: 'staff', id: staff.id }, async (tx) => {
        if (sessionId) await repository.deleteSession(tx, hashToken(sessionId));
        return { before: null, after: null, result: undefined };
      });
    },

    /** A session without the two steps: test support only (decision 014). */
    startSessionFor: (staffId: string) => startSession(db, staffId),
  };
}

export type StaffSessions = ReturnType<typeof createStaffSessions>;
