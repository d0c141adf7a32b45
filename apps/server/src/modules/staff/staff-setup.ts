import { COMPANY } from '@testerhub/shared/company';
import { STAFF_TEXTS } from '@testerhub/shared/staff-schemas';
import { hashPassword } from '../../core/security/passwords.ts';
import { hashToken } from '../../core/security/tokens.ts';
import { principal, type StaffContext } from './staff-context.ts';
import type { StaffSessions } from './staff-sessions.ts';
import type { TwoFactor } from './staff-two-factor.ts';
import { newTotpSecret, otpauthUri } from './totp.ts';

const setupInvalid = { status: 'invalid' as const, message: STAFF_TEXTS.setupLinkInvalid };

/** A set-up link's three calls (decision 043): check the link, choose the password, confirm the second factor. */
export function createStaffSetup(context: StaffContext, parts: { twoFactor: TwoFactor; sessions: StaffSessions }) {
  const { db, clock, repository, box, audited, passwordFailures, setupLimiter, limit } = context;
  const { twoFactor, sessions } = parts;

  return {
    async checkSetup(token: string, address: string) {
      await limit(setupLimiter, `setup:${address}`);
      const found = await repository.findOpenInvitation(db, hashToken(token), clock.now());
      if (!found || found.staff.disabledAt) return { ...setupInvalid, name: '', email: '' };
      return { status: 'succeed' as const, message: '', name: found.staff.name, email: found.staff.email };
    },

    /** The password, then a fresh TOTP secret to enrol (not in force until a code confirms it). */
    async setupPassword(token: string, password: string, address: string) {
      await limit(setupLimiter, `setup:${address}`);
      const found = await repository.findOpenInvitation(db, hashToken(token), clock.now());
      if (!found || found.staff.disabledAt) return { ...setupInvalid, otpauthUri: '', secret: '' };
      const secret = newTotpSecret();
      await repository.update(db, found.staff.id, {
        passwordHash: await hashPassword(password),
        totpSecret: box.seal(secret),
        totpConfirmedAt: null,
        totpLastStep: null,
      });
      return {
        status: 'succeed' as const,
        message: '',
        secret,
        otpauthUri: otpauthUri({ issuer: `${COMPANY.name} staff`, account: found.staff.email, secret }),
      };
    },

    /** A valid code finishes the set-up: the link is spent, 10 recovery codes are made (shown once), a session starts. */
    async setupConfirm(token: string, code: string, address: string) {
      await limit(setupLimiter, `setup:${address}`);
      const tokenHash = hashToken(token);
      const found = await repository.findOpenInvitation(db, tokenHash, clock.now());
      if (!found || found.staff.disabledAt || !found.staff.passwordHash || !found.staff.totpSecret)
        return { ...setupInvalid, recoveryCodes: [] as string[] };
      const staff = found.staff;
      return audited(staff.id, 'staff.setup', { type: 'staff', id: staff.id }, async (tx) => {
        const checked = await twoFactor.checkTotp(tx, staff, code);
        if (checked !== 'accepted') throw new SetupRefused();
        if (!(await repository.useInvitation(tx, tokenHash, clock.now()))) throw new SetupRefused('invalid');
        await repository.update(tx, staff.id, { totpConfirmedAt: clock.now() });
        const recoveryCodes = await twoFactor.newRecoveryCodes(tx, staff.id);
        const sessionId = await sessions.startSession(tx, staff.id);
        return {
          before: { setUp: false },
          after: { setUp: true },
          result: {
            status: 'succeed' as const,
            message: '',
            recoveryCodes,
            sessionId,
            staff: principal(staff),
            deviceCookie: passwordFailures.issue(staff.id),
          },
        };
      }).catch((error: unknown) => {
        if (!(error instanceof SetupRefused)) throw error;
        return error.why === 'invalid'
          ? { ...setupInvalid, recoveryCodes: [] as string[] }
          : { status: 'codeWrong' as const, message: STAFF_TEXTS.codeWrong, recoveryCodes: [] as string[] };
      });
    },
  };
}

class SetupRefused extends Error {
  constructor(readonly why: 'code' | 'invalid' = 'code') {
    super(why);
  }
}
