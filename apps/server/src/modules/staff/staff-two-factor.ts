import { createHmac } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@testerhub/shared/staff-schemas';
import type { Executor } from '../../core/db/client.ts';
import { hashToken, safeEqual } from '../../core/security/tokens.ts';
import type { StaffContext } from './staff-context.ts';
import type { StaffRow } from './staff-repository.ts';
import { createSecretBox, matchTotp, newRecoveryCode } from './totp.ts';

/** How long the password step's proof lasts before the code must be entered. */
const SECOND_STEP_MINUTES = 5;
/** How long a started authenticator move waits for the new phone's code (decision 128). */
const MOVE_MINUTES = 10;

/** The second factor (decision 044): TOTP codes that work once, recovery codes, and the password step's proof. */
export function createTwoFactor(context: StaffContext) {
  const { clock, repository, box } = context;
  const proofKey = createHmac('sha256', context.totpKey).update('staff-second-step').digest();
  // A key of its own: a move token never opens as a stored secret, nor the other way round.
  const moveBox = createSecretBox(`authenticator-move:${context.totpKey}`);

  return {
    /** A TOTP code checked against the account's secret; its step recorded so it works once. */
    async checkTotp(tx: Executor, staff: StaffRow, code: string): Promise<'accepted' | 'wrong' | 'replayed'> {
      if (!staff.totpSecret) return 'wrong';
      const step = matchTotp(box.open(staff.totpSecret), code, clock.nowMs());
      if (step === null) return 'wrong';
      return (await repository.acceptStep(tx, staff.id, step)) ? 'accepted' : 'replayed';
    },

    /** A new set of recovery codes, stored hashed; the old set stops working. */
    async newRecoveryCodes(tx: Executor, staffId: string) {
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await repository.replaceRecoveryCodes(
        tx,
        staffId,
        codes.map((code) => hashToken(code)),
      );
      return codes;
    },

    /**
     * The password step's proof: "{staffId}.{generation}.{expiry ms}.{HMAC}", in a short-lived
     * cookie. `generation` is the account's login step generation when the password was right; the
     * login that completes it moves the account's on (decision 074), so the proof works once.
     */
    issueProof(staff: StaffRow) {
      const payload = `${staff.id}.${staff.loginStepGeneration}.${clock.nowMs() + SECOND_STEP_MINUTES * 60_000}`;
      return `${payload}.${createHmac('sha256', proofKey).update(payload).digest('base64url')}`;
    },

    /**
     * A started authenticator move (decision 128): the new secret sealed with the member's id, an
     * expiry and a fingerprint of the secret in force, held by the page (no column for a pending
     * secret). It completes only while that secret is still the account's, so a move, or an admin's
     * reset, spends every token made before it.
     */
    issueMoveToken(staff: StaffRow, secret: string) {
      const expires = clock.nowMs() + MOVE_MINUTES * 60_000;
      return moveBox.seal(JSON.stringify({ staffId: staff.id, expires, current: hashToken(staff.totpSecret ?? ''), secret }));
    },

    /** The new secret of a move token for this account as it is now, or null (forged, expired, another member's, spent). */
    readMoveToken(value: string, staff: StaffRow): string | null {
      let moved: { staffId?: unknown; expires?: unknown; current?: unknown; secret?: unknown };
      try {
        moved = JSON.parse(moveBox.open(value)) as typeof moved;
      } catch {
        return null;
      }
      const live = typeof moved.expires === 'number' && moved.expires > clock.nowMs();
      const inForce =
        staff.totpSecret !== null && typeof moved.current === 'string' && safeEqual(moved.current, hashToken(staff.totpSecret));
      return moved.staffId === staff.id && live && inForce && typeof moved.secret === 'string' ? moved.secret : null;
    },

    /** The step a code from a secret not yet in force belongs to, or null. */
    matchNewSecret: (secret: string, code: string) => matchTotp(secret, code, clock.nowMs()),

    readProof(value: string | undefined): { staffId: string; generation: number } | null {
      const [staffId, generation, expiry, given, ...rest] = (value ?? '').split('.');
      if (!staffId || !generation || !expiry || !given || rest.length > 0) return null;
      const expected = createHmac('sha256', proofKey).update(`${staffId}.${generation}.${expiry}`).digest('base64url');
      if (!safeEqual(given, expected) || Number(expiry) <= clock.nowMs()) return null;
      return { staffId, generation: Number(generation) };
    },
  };
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;
