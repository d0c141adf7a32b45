import { ENTRY_TEXTS } from '@testerhub/shared/account-messages';
import type { DeleteAccountPayload, DeleteAccountResponse } from '@testerhub/shared/privacy-schemas';
import type { Clock } from '../../core/clock.ts';
import { inTransaction, type Database, type Executor } from '../../core/db/client.ts';
import { TooManyRequestsError, UnauthorizedError } from '../../core/errors.ts';
import { verifyPassword } from '../../core/security/passwords.ts';
import { RateLimiter, type RateLimitStore } from '../rate-limits/rate-limit-service.ts';
import type { AuthService } from '../auth/auth-service.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { ReferralService } from '../referral/referral-service.ts';
import type { RegistrationService } from '../registration/registration-service.ts';
import type { SchedulingService } from '../scheduling/scheduling-service.ts';
import type { TesterRow, TesterService } from '../testers/tester-service.ts';

/** One module's part of the export: named lists (or records) of the tester's rows, never a secret. */
export type ExportPart = (tester: { id: string; email: string }) => Promise<Record<string, unknown>>;

/** What the export's first lines say about the file. */
export const EXPORT_FORMAT = 'testerhub-my-data';
export const EXPORT_VERSION = 1;

interface PrivacyDeps {
  clock: Clock;
  /** Each module's exportData, in the order the file lists them (privacy-plugin.ts lists them; decision 040). */
  exportParts: readonly ExportPart[];
  testers: Pick<TesterService, 'lockForUpdate' | 'deleteTester'>;
  scheduling: Pick<SchedulingService, 'releaseAllSeatsOf' | 'passOnFreedSeats'>;
  referrals: Pick<ReferralService, 'forgetReferredTester'>;
  registration: Pick<RegistrationService, 'forgetEmail'>;
  mail: Pick<MailService, 'forgetAddress'>;
  auth: Pick<AuthService, 'endAllSessions'>;
  /** Exports allowed per tester per window (the file reads every table of the tester). */
  exportsPerWindow: number;
  /** Wrong passwords allowed per account per window, as login allows (decision 008). */
  attemptsPerWindow: number;
  windowSeconds: number;
  /** Where the limits count: the database every instance shares (decision 062). */
  rateLimits: RateLimitStore;
}

/**
 * Download my data and delete my account (issue 11, "Beyond the spec"; decision 040). Each module
 * exports and forgets its own rows through its service; this one assembles the file and runs the
 * deletion as one unit of work.
 */
export function createPrivacyService(db: Database, deps: PrivacyDeps) {
  const { clock } = deps;
  const exports = new RateLimiter(deps.rateLimits, 'export', deps.exportsPerWindow, deps.windowSeconds * 1000);
  const wrongPasswords = new RateLimiter(deps.rateLimits, 'delete-password', deps.attemptsPerWindow, deps.windowSeconds * 1000);

  async function documentFor(tester: { id: string; email: string }): Promise<{ fileDay: string; document: Record<string, unknown> }> {
    const exportedAt = clock.now();
    const document: Record<string, unknown> = { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: exportedAt.toISOString() };
    // One part after another: a large account's export does not take every pooled connection.
    for (const part of deps.exportParts) Object.assign(document, await part({ id: tester.id, email: tester.email }));
    return { fileDay: exportedAt.toISOString().slice(0, 10), document };
  }

  /**
   * Deletes the tester inside `tx`: the row is locked (a second deletion waits, then finds nothing
   * and answers false); every seat the tester and the children hold is given back; the referral
   * that brought them forgets them; every e-mail to their address is removed; the tester row goes
   * and every table that names them follows by its foreign key; then the freed seats are offered.
   */
  async function eraseWithin(testerId: string, tx: Executor): Promise<boolean> {
    const locked = await deps.testers.lockForUpdate(testerId, tx);
    if (!locked) return false;
    const freedGroups = await deps.scheduling.releaseAllSeatsOf(testerId, tx);
    await deps.referrals.forgetReferredTester(testerId, locked.email, locked.phone, tx);
    await deps.registration.forgetEmail(locked.email, tx);
    await deps.mail.forgetAddress(locked.email, tx);
    if (!(await deps.testers.deleteTester(testerId, tx))) return false;
    // After the delete, so the tester's own waiting-list places are gone and cannot take a seat back.
    await deps.scheduling.passOnFreedSeats(freedGroups, tx);
    return true;
  }

  async function afterErased(testerId: string) {
    await deps.auth.endAllSessions(testerId);
  }

  return {
    /** Everything held about the tester, one document; 429 past `exportsPerWindow` in a window. */
    async exportData(tester: TesterRow): Promise<{ fileDay: string; document: Record<string, unknown> }> {
      if (!(await exports.hit(`export:${tester.id}`))) throw new TooManyRequestsError(ENTRY_TEXTS.tooManyRequests);
      return documentFor(tester);
    },

    /** The same document for a privacy request made to staff (decision 053): the staff scope's own limits apply. */
    documentFor,

    /**
     * Deletes the account when the password is right, in one transaction: the tester's row is
     * locked (a second deletion waits, then finds nothing and answers 401); every seat the tester
     * and the children hold is given back; the referral that brought them forgets them; every
     * e-mail to their address, sent or waiting, is removed; the tester row goes and every table
     * that names them or their children follows by its foreign key (sessions included); then the
     * freed seats are offered to the people waiting. After the commit the sessions' caches on
     * every instance drop the tester.
     */
    async deleteAccount(tester: TesterRow, payload: DeleteAccountPayload): Promise<DeleteAccountResponse> {
      const key = `delete-account:${tester.id}`;
      if (!(await wrongPasswords.hit(key))) throw new TooManyRequestsError(ENTRY_TEXTS.tooManyRequests);
      if (!(await verifyPassword(tester.passwordHash, payload.password))) return { status: 'failed' };
      await wrongPasswords.reset(key);
      const deleted = await inTransaction(db, (tx) => eraseWithin(tester.id, tx));
      if (!deleted) throw new UnauthorizedError('Please log in.');
      await afterErased(tester.id);
      return { status: 'succeed' };
    },

    /** The deletion's unit of work inside the caller's transaction (the staff console's, with its audit row; decision 053). */
    eraseWithin,
    /** What follows a committed deletion: the sessions end on every instance (the outbox nudged itself at the commit). */
    afterErased,
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
