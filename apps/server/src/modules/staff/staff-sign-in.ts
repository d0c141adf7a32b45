import { STAFF_TEXTS } from '@testerhub/shared/staff-schemas';
import { inTransaction, type Executor } from '../../core/db/client.ts';
import { TooManyRequestsError } from '../../core/errors.ts';
import { decoyPasswordHash, verifyPassword } from '../../core/security/passwords.ts';
import { hashToken } from '../../core/security/tokens.ts';
import { principal, type StaffContext, type StaffPrincipal } from './staff-context.ts';
import type { StaffSessions } from './staff-sessions.ts';
import type { TwoFactor } from './staff-two-factor.ts';
import { normaliseRecoveryCode } from './totp.ts';

/** The target id of a failed sign-in that named no member (the table's target_id is NOT NULL). */
export const UNKNOWN_MEMBER = 'unknown';

export type StaffLoginResult =
  | { status: 'secondFactor'; message: string; pendingToken: string }
  | { status: 'failed' | 'disabled' | 'setupUnfinished'; message: string };

export type StaffCodeResult =
  | { status: 'succeed'; message: string; sessionId: string; staff: StaffPrincipal; deviceCookie: string }
  | { status: 'codeWrong' | 'codeReplayed' | 'recoveryUsed' | 'expired' | 'disabled'; message: string };

/** The two-step login (decisions 043, 044 and 074): e-mail and password, then a TOTP or recovery code. */
export function createStaffSignIn(context: StaffContext, parts: { twoFactor: TwoFactor; sessions: StaffSessions }) {
  const { db, clock, repository, passwordFailures, addressLimiter, codeLimiter, limit } = context;
  const { twoFactor, sessions } = parts;

  /**
   * A refused sign-in step in the audit log (decision 127), written without a session, so its actor
   * is null ("Unknown (not signed in)" in the log); the target is the member named, if any. What was
   * typed as the name and the request's address, never the password or the code.
   */
  const recordRefusal = (action: string, staffId: string, after: Record<string, string>, tx: Executor = db) =>
    repository.insertAudit(tx, { staffId: null, action, targetType: 'staff', targetId: staffId, before: null, after, at: clock.now() });

  async function checkPasswordStep(email: string, password: string, address: string, deviceCookie?: string): Promise<StaffLoginResult> {
    await limit(addressLimiter, `ip:${address}`);
    const named = await repository.findByEmail(db, email.trim());
    const failed = passwordFailures.counterFor(`account:${email.trim().toLowerCase()}`, named?.id, deviceCookie);
    if (!(await failed.hit())) throw new TooManyRequestsError(STAFF_TEXTS.tooManyAttempts);
    const valid = await verifyPassword(named?.passwordHash ?? (await decoyPasswordHash()), password);
    if (!named || !valid) {
      await recordRefusal('staff.sign-in-failed', named?.id ?? UNKNOWN_MEMBER, {
        username: email.trim(),
        address,
        reason: named ? 'wrong-password' : 'unknown-name',
      });
      return { status: 'failed', message: STAFF_TEXTS.loginFailed };
    }
    await failed.reset();
    if (named.disabledAt) return { status: 'disabled', message: STAFF_TEXTS.disabled };
    if (!named.totpConfirmedAt) return { status: 'setupUnfinished', message: STAFF_TEXTS.setupUnfinished };
    return { status: 'secondFactor', message: '', pendingToken: twoFactor.issueProof(named) };
  }

  return {
    /**
     * The first step: e-mail and password. Counted before the (slow) hash check, per address, and
     * per account, or per device for a browser bringing the account's device cookie. A refusal is
     * told to the metrics (a set-up not finished counts with the disabled ones: it may not log in yet).
     */
    async login(email: string, password: string, address: string, deviceCookie?: string): Promise<StaffLoginResult> {
      try {
        const result = await checkPasswordStep(email, password, address, deviceCookie);
        if (result.status !== 'secondFactor') context.onLoginRefused?.(result.status === 'failed' ? 'credentials' : 'disabled');
        return result;
      } catch (error) {
        if (error instanceof TooManyRequestsError) context.onLoginRefused?.('rateLimited');
        throw error;
      }
    },

    /**
     * The second step: a TOTP code or a recovery code, with the password step's proof. The row is
     * locked, so of two completions with one proof the second finds it spent (decision 074) and
     * spends no code.
     */
    async loginCode(proof: string | undefined, code: string, address: string): Promise<StaffCodeResult> {
      await limit(addressLimiter, `ip:${address}`);
      const step = twoFactor.readProof(proof);
      if (!step) return { status: 'expired', message: STAFF_TEXTS.secondStepExpired };
      const { staffId } = step;
      await limit(codeLimiter, `code:${staffId}`);
      const isTotp = /^\d{6}$/.test(code.replace(/\s/g, ''));
      const outcome = await inTransaction(db, async (tx) => {
        const staff = await repository.lockById(tx, staffId);
        if (!staff || staff.disabledAt) return { status: 'disabled' as const, message: STAFF_TEXTS.disabled };
        // A completed login (or a password change) since the password step has spent it.
        if (!staff.totpConfirmedAt || staff.loginStepGeneration !== step.generation)
          return { status: 'expired' as const, message: STAFF_TEXTS.secondStepExpired };
        if (isTotp) {
          const checked = await twoFactor.checkTotp(tx, staff, code);
          if (checked === 'wrong') {
            await recordRefusal('staff.code-wrong', staff.id, { code: 'totp', address }, tx);
            return { status: 'codeWrong' as const, message: STAFF_TEXTS.codeWrong };
          }
          if (checked === 'replayed') return { status: 'codeReplayed' as const, message: STAFF_TEXTS.codeReplayed };
        } else {
          const spent = await repository.spendRecoveryCode(tx, staff.id, hashToken(normaliseRecoveryCode(code)), clock.now());
          if (spent === 'used') return { status: 'recoveryUsed' as const, message: STAFF_TEXTS.recoveryUsed };
          if (spent === 'unknown') {
            await recordRefusal('staff.code-wrong', staff.id, { code: 'recovery-code', address }, tx);
            return { status: 'codeWrong' as const, message: STAFF_TEXTS.recoveryWrong };
          }
        }
        await repository.update(tx, staff.id, { loginStepGeneration: staff.loginStepGeneration + 1 });
        const sessionId = await sessions.startSession(tx, staff.id);
        await repository.insertAudit(tx, {
          staffId: staff.id,
          action: 'staff.login',
          targetType: 'staff',
          targetId: staff.id,
          before: null,
          after: { secondFactor: isTotp ? 'totp' : 'recovery-code' },
          at: clock.now(),
        });
        return {
          status: 'succeed' as const,
          message: '',
          sessionId,
          staff: principal(staff),
          deviceCookie: passwordFailures.issue(staff.id),
        };
      });
      if (outcome.status === 'succeed') await codeLimiter.reset(`code:${staffId}`);
      return outcome;
    },
  };
}
