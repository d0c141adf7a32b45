import { COMPANY } from '@testerhub/shared/company';
import { formatMoment } from '@testerhub/shared/schedule-format';
import {
  RECOVERY_CODE_COUNT,
  STAFF_ACCOUNT_TEXTS,
  STAFF_TEXTS,
  type StaffChangePasswordPayload,
  type StaffFinishAuthenticatorMovePayload,
  type StaffStartAuthenticatorMovePayload,
} from '@testerhub/shared/staff-schemas';
import { refusalAnswered, StaffRefusal } from '../../core/audit/audited.ts';
import type { Executor } from '../../core/db/client.ts';
import { hashPassword, verifyPassword } from '../../core/security/passwords.ts';
import { hashToken } from '../../core/security/tokens.ts';
import { standardMessage } from '../mail/mail-service.ts';
import type { StaffContext, StaffPrincipal } from './staff-context.ts';
import type { StaffRow } from './staff-repository.ts';
import type { TwoFactor } from './staff-two-factor.ts';
import { newTotpSecret, otpauthUri } from './totp.ts';

/**
 * The member's own sign-in (decision 072): recovery codes left, a new password, a new set of recovery
 * codes, and the authenticator moved to a new phone (decision 128).
 */
export function createStaffOwnAccount(context: StaffContext, parts: { twoFactor: TwoFactor }) {
  const { db, clock, config, mail, repository, audited, codeLimiter, limit, box } = context;
  const { twoFactor } = parts;

  /**
   * A change of the member's own sign-in (decision 072): counted per account, then in one audited
   * unit of work the row locked, `check` run (it refuses by throwing StaffRefusal), the TOTP code
   * spent (or, with `proveCode`, the code proved its own way), `change` made, and the member told by
   * e-mail (`changed`, decision 073) through the outbox. A wrong or replayed code refuses; nothing
   * is written. Without `changed` nothing changed yet (a move started) and no mail goes.
   */
  async function ownAccountChange<T>(
    staff: StaffPrincipal,
    code: string,
    step: {
      action: string;
      changed?: string;
      check?: (row: StaffRow) => Promise<void>;
      proveCode?: (row: StaffRow) => void;
      change: (tx: Executor, row: StaffRow) => Promise<T>;
    },
  ): Promise<T> {
    const { action, changed, check, proveCode, change } = step;
    await limit(codeLimiter, `own-account:${staff.id}`);
    const result = await audited(staff.id, action, { type: 'staff', id: staff.id }, async (tx) => {
      const row = await repository.lockById(tx, staff.id);
      if (!row) throw new StaffRefusal(STAFF_TEXTS.disabled);
      await check?.(row);
      if (proveCode) proveCode(row);
      else {
        const checked = await twoFactor.checkTotp(tx, row, code);
        if (checked !== 'accepted')
          throw new StaffRefusal(checked === 'replayed' ? STAFF_TEXTS.codeReplayed : STAFF_TEXTS.codeWrong, 'code');
      }
      const made = await change(tx, row);
      // Someone holding the member's session, password and phone could do this: the member hears of it.
      if (changed)
        await mail.queue(
          standardMessage({
            to: row.email,
            kind: 'staff-sign-in-changed',
            subject: `Your ${COMPANY.name} staff sign-in changed`,
            greeting: `Hello ${row.name},`,
            paragraphs: [
              `${changed} on ${formatMoment(clock.now().toISOString(), config.timeZone)}, on the staff console's Your sign-in page.`,
              'If this was not you, contact an admin at once: they can end your sessions and send you a new set-up link.',
            ],
          }),
          tx,
        );
      // The action says what changed; the row never holds a hash or a code.
      return { before: null, after: null, result: made };
    });
    return result;
  }

  const checkCurrentPassword = (currentPassword: string) => async (row: StaffRow) => {
    if (!row.passwordHash || !(await verifyPassword(row.passwordHash, currentPassword)))
      throw new StaffRefusal(STAFF_ACCOUNT_TEXTS.currentPasswordWrong, 'currentPassword');
  };

  return {
    /** How many of the member's recovery codes are still unused, of how many a set is. */
    async recoveryCodesLeft(staff: StaffPrincipal) {
      return { status: 'succeed' as const, unused: await repository.unusedRecoveryCodes(db, staff.id), total: RECOVERY_CODE_COUNT };
    },

    /**
     * A new password, given the current one and a TOTP code (a stolen session alone cannot take the
     * account); the member's other sessions end, this one stays. Counted per account like the login
     * code; the row is locked, so two changes at once run one after the other and the second finds
     * the code used and the password changed.
     */
    async changePassword(staff: StaffPrincipal, sessionId: string | undefined, input: StaffChangePasswordPayload) {
      return refusalAnswered(() =>
        ownAccountChange(staff, input.code, {
          action: 'staff.change-password',
          changed: 'Your password was changed',
          check: checkCurrentPassword(input.currentPassword),
          change: async (tx, row) => {
            // A password step made with the old password completes no login (decision 074).
            await repository.update(tx, row.id, {
              passwordHash: await hashPassword(input.password),
              loginStepGeneration: row.loginStepGeneration + 1,
            });
            if (sessionId) await repository.deleteOtherSessions(tx, row.id, hashToken(sessionId));
            return { status: 'succeed' as const, message: STAFF_ACCOUNT_TEXTS.passwordChanged };
          },
        }),
      );
    },

    /** A new set of recovery codes for a TOTP code: the old set stops working; the new one is shown once. */
    async makeNewRecoveryCodes(staff: StaffPrincipal, code: string) {
      const made = await refusalAnswered(() =>
        ownAccountChange(staff, code, {
          action: 'staff.new-recovery-codes',
          changed: 'A new set of recovery codes was made (the old codes no longer work)',
          change: async (tx, row) => {
            const recoveryCodes = await twoFactor.newRecoveryCodes(tx, row.id);
            return { status: 'succeed' as const, message: STAFF_ACCOUNT_TEXTS.codesMade, recoveryCodes };
          },
        }),
      );
      return made.status === 'failed' ? { ...made, recoveryCodes: [] as string[] } : made;
    },

    /**
     * Moving the authenticator to a new phone, first half (decision 128): the current password and a
     * code from the current authenticator (spent), so a stolen session alone cannot start it. Answers
     * a new secret and the token that carries it sealed; the account is unchanged, and the old phone
     * keeps working until the move is finished. Audited; no mail, as nothing changed yet.
     */
    async startAuthenticatorMove(staff: StaffPrincipal, input: StaffStartAuthenticatorMovePayload) {
      const started = await refusalAnswered(() =>
        ownAccountChange(staff, input.code, {
          action: 'staff.authenticator-move-start',
          check: checkCurrentPassword(input.currentPassword),
          change: async (tx, row) => {
            const secret = newTotpSecret();
            return {
              status: 'succeed' as const,
              message: STAFF_ACCOUNT_TEXTS.moveStarted,
              secret,
              otpauthUri: otpauthUri({ issuer: `${COMPANY.name} staff`, account: row.email, secret }),
              moveToken: twoFactor.issueMoveToken(row, secret),
            };
          },
        }),
      );
      return started.status === 'failed' ? { ...started, secret: '', otpauthUri: '', moveToken: '' } : started;
    },

    /**
     * The second half: a code from the new authenticator switches the account to it, in one audited
     * unit of work with the member told by e-mail and their other sessions (and pending password
     * steps) ended. The row lock and the token's fingerprint of the secret in force make a move
     * happen once: a second confirmation finds the secret changed and is refused.
     */
    async finishAuthenticatorMove(staff: StaffPrincipal, sessionId: string | undefined, input: StaffFinishAuthenticatorMovePayload) {
      let newSecret = '';
      let step = 0;
      return refusalAnswered(() =>
        ownAccountChange(staff, input.code, {
          action: 'staff.move-authenticator',
          changed: 'Your authenticator was moved to a new phone (codes from the old one no longer work)',
          check: async (row) => {
            const secret = twoFactor.readMoveToken(input.moveToken, row);
            if (!secret) throw new StaffRefusal(STAFF_ACCOUNT_TEXTS.moveExpired);
            newSecret = secret;
          },
          proveCode: () => {
            const matched = twoFactor.matchNewSecret(newSecret, input.code);
            if (matched === null) throw new StaffRefusal(STAFF_TEXTS.codeWrong, 'code');
            step = matched;
          },
          change: async (tx, row) => {
            // The confirming code counts as used: it cannot then sign in (decision 044's rule for set-up).
            await repository.update(tx, row.id, {
              totpSecret: box.seal(newSecret),
              totpConfirmedAt: clock.now(),
              totpLastStep: step,
              loginStepGeneration: row.loginStepGeneration + 1,
            });
            if (sessionId) await repository.deleteOtherSessions(tx, row.id, hashToken(sessionId));
            return { status: 'succeed' as const, message: STAFF_ACCOUNT_TEXTS.moved };
          },
        }),
      );
    },
  };
}
