import { createHmac } from 'node:crypto';
import { COMPANY } from '@testerhub/shared/company';
import { formatMoment } from '@testerhub/shared/schedule-format';
import {
  RECOVERY_CODE_COUNT,
  STAFF_ACCOUNT_TEXTS,
  STAFF_TEXTS,
  type StaffChangePasswordPayload,
  type StaffAuditQuery,
  type StaffInvitePayload,
  type StaffResetSignInPayload,
  type StaffRole,
  type StaffSetDisabledPayload,
  type StaffSetRolesPayload,
} from '@testerhub/shared/staff-schemas';
import type { Clock } from '../../core/clock.ts';
import { inTransaction, type Database, type Executor } from '../../core/db/client.ts';
import { TooManyRequestsError } from '../../core/errors.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../core/security/passwords.ts';
import { RateLimiter, type RateLimitStore } from '../rate-limits/rate-limit-service.ts';
import { createLoginFailureLimits } from '../rate-limits/device-cookie-service.ts';
import { hashToken, randomToken, safeEqual } from '../../core/security/tokens.ts';
import { standardMessage, type MailService } from '../mail/mail-service.ts';
import { unknownTestSiteIds } from '../public-content/public-content-service.ts';
import { createStaffRepository, type StaffRow } from './staff-repository.ts';
import { createSecretBox, matchTotp, newRecoveryCode, newTotpSecret, normaliseRecoveryCode, otpauthUri } from './totp.ts';

/** The staff member a staff route receives (core/auth/staff-scope.ts). */
/** The names of the staff members carrying the site among theirs, on the caller's executor (the staff console's site removal, decision 069). */
export const staffNamesAtSite = (db: Executor, siteId: string) => createStaffRepository().namesWithSite(db, siteId);

/** The ids the audit log names for a kind of row, on the caller's executor (removed test sites' ids are not given again, decision 069). */
export const auditedTargetIds = (db: Executor, targetType: string) => createStaffRepository().auditedTargetIds(db, targetType);

export interface StaffPrincipal {
  id: string;
  name: string;
  email: string;
  roles: StaffRole[];
  siteIds: string[];
}

/** Thrown inside an audited unit of work to refuse the change with a message for the caller: nothing is written. */
export class StaffRefusal extends Error {
  constructor(
    readonly why: string,
    /** The form field the refusal is about, when it is one. */
    readonly field?: string,
  ) {
    super(why);
  }
}

/**
 * Runs a staff change; a StaffRefusal thrown by it (inside an audited unit of work, so nothing is
 * written) answers as the API contract's `{ status: 'failed', message }`, with its field if any.
 */
export async function refusalAnswered<T>(change: () => Promise<T>): Promise<T | { status: 'failed'; message: string; field?: string }> {
  try {
    return await change();
  } catch (error) {
    if (!(error instanceof StaffRefusal)) throw error;
    return { status: 'failed', message: error.why, ...(error.field && { field: error.field }) };
  }
}

/** What an audit row names as changed: a table's kind and the row's id. */
export interface AuditTarget {
  type: string;
  id: string;
}

/** Where a set-up link leads (the staff console's set-up page). */
export const STAFF_SETUP_PATH = '/staff/setup';

/** How long the password step's proof lasts before the code must be entered. */
const SECOND_STEP_MINUTES = 5;

export interface StaffConfig {
  /** Minutes without a request after which a staff session ends (shorter than testers'). */
  idleMinutes: number;
  /** Hours after which a staff session ends whatever its use. */
  absoluteHours: number;
  /** Days a set-up link (invitation, first admin) stays good. */
  invitationDays: number;
  /** The company's time zone (LOYALTY_TIME_ZONE): the times staff mails name (decision 073). */
  timeZone: string;
  loginAttemptsPerWindow: number;
  rateLimitWindowSeconds: number;
}

const principal = (row: StaffRow): StaffPrincipal => ({
  id: row.id,
  name: row.name,
  email: row.email,
  roles: row.roles as StaffRole[],
  siteIds: row.siteIds,
});

/** What the audit log keeps of an account: never its hashes or secrets. */
const auditView = (row: StaffRow) => ({
  name: row.name,
  email: row.email,
  roles: row.roles,
  siteIds: row.siteIds,
  disabled: row.disabledAt !== null,
});

export type StaffLoginResult =
  | { status: 'secondFactor'; message: string; pendingToken: string }
  | { status: 'failed' | 'disabled' | 'setupUnfinished'; message: string };

export type StaffCodeResult =
  | { status: 'succeed'; message: string; sessionId: string; staff: StaffPrincipal; deviceCookie: string }
  | { status: 'codeWrong' | 'codeReplayed' | 'recoveryUsed' | 'expired' | 'disabled'; message: string };

/**
 * Staff accounts, their two-step login, sessions, set-up links, invitations and the audit log
 * (issue 12 section 1; decisions 043 and 044).
 */
export function createStaffService(
  db: Database,
  deps: {
    clock: Clock;
    mail: MailService;
    /** Seals TOTP secrets at rest and signs the password step's proof (STAFF_TOTP_KEY). */
    totpKey: string;
    config: StaffConfig;
    /** Where the login limits count: the database every instance shares (decision 062). */
    rateLimits: RateLimitStore;
    /** The HMAC key of the device cookies (DEVICE_COOKIE_SECRET, or one made at start); staff's are signed apart from testers'. */
    deviceCookieSecret: string;
  },
) {
  const { clock, mail, config } = deps;
  const repository = createStaffRepository();
  const box = createSecretBox(deps.totpKey);
  const proofKey = createHmac('sha256', deps.totpKey).update('staff-second-step').digest();
  const windowMs = config.rateLimitWindowSeconds * 1000;
  // Wrong passwords per account from strangers, per device for a browser that signed in to the
  // account before (its device cookie): strangers cannot lock the member out (decision 074).
  const passwordFailures = createLoginFailureLimits({
    store: deps.rateLimits,
    accountName: 'staff-account',
    deviceName: 'staff-device',
    limit: config.loginAttemptsPerWindow,
    windowMs,
    secret: deps.deviceCookieSecret,
    purpose: 'staff',
  });
  const addressLimiter = new RateLimiter(deps.rateLimits, 'staff-address', config.loginAttemptsPerWindow * 10, windowMs);
  const codeLimiter = new RateLimiter(deps.rateLimits, 'staff-code', config.loginAttemptsPerWindow, windowMs);
  const setupLimiter = new RateLimiter(deps.rateLimits, 'staff-setup', config.loginAttemptsPerWindow * 3, windowMs);

  const limit = async (limiter: RateLimiter, key: string) => {
    if (!(await limiter.hit(key))) throw new TooManyRequestsError(STAFF_TEXTS.tooManyAttempts);
  };

  /**
   * Runs `work` in one transaction and writes its audit row in the same transaction: the change
   * and its record commit together or not at all. `work` answers the row's before and after
   * (null where there is none), the result to hand back and, for a row it created, the row's id.
   * Other modules' staff changes go
   * through this too.
   */
  async function audited<T>(
    actorId: string | null,
    action: string,
    target: AuditTarget,
    work: (tx: Executor) => Promise<{ before: unknown; after: unknown; result: T; targetId?: string }>,
    within?: Executor,
  ): Promise<T> {
    return inTransaction(
      db,
      async (tx) => {
        const { before, after, result, targetId } = await work(tx);
        await repository.insertAudit(tx, {
          staffId: actorId,
          action,
          targetType: target.type,
          targetId: targetId ?? target.id,
          before: before ?? null,
          after: after ?? null,
          at: clock.now(),
        });
        return result;
      },
      within,
    );
  }

  /** A set-up link for the account, its token stored hashed; older open links of the account end. */
  async function issueSetupLink(tx: Executor, staff: StaffRow, invitedBy: string | null) {
    const token = randomToken();
    await repository.closeInvitationsOf(tx, staff.id, clock.now());
    await repository.insertInvitation(tx, {
      tokenHash: hashToken(token),
      staffId: staff.id,
      roles: staff.roles,
      invitedBy,
      createdAt: clock.now(),
      expiresAt: new Date(clock.nowMs() + config.invitationDays * 24 * 3600_000),
    });
    return mail.link(STAFF_SETUP_PATH, { token });
  }

  /**
   * The password step's proof: "{staffId}.{generation}.{expiry ms}.{HMAC}", in a short-lived
   * cookie. `generation` is the account's login step generation when the password was right; the
   * login that completes it moves the account's on (decision 074), so the proof works once.
   */
  function issueProof(staff: StaffRow) {
    const payload = `${staff.id}.${staff.loginStepGeneration}.${clock.nowMs() + SECOND_STEP_MINUTES * 60_000}`;
    return `${payload}.${createHmac('sha256', proofKey).update(payload).digest('base64url')}`;
  }
  function readProof(value: string | undefined): { staffId: string; generation: number } | null {
    const [staffId, generation, expiry, given, ...rest] = (value ?? '').split('.');
    if (!staffId || !generation || !expiry || !given || rest.length > 0) return null;
    const expected = createHmac('sha256', proofKey).update(`${staffId}.${generation}.${expiry}`).digest('base64url');
    if (!safeEqual(given, expected) || Number(expiry) <= clock.nowMs()) return null;
    return { staffId, generation: Number(generation) };
  }

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

  async function newRecoveryCodes(tx: Executor, staffId: string) {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await repository.replaceRecoveryCodes(
      tx,
      staffId,
      codes.map((code) => hashToken(code)),
    );
    return codes;
  }

  /** A TOTP code checked against the account's secret; its step recorded so it works once. */
  async function checkTotp(tx: Executor, staff: StaffRow, code: string): Promise<'accepted' | 'wrong' | 'replayed'> {
    if (!staff.totpSecret) return 'wrong';
    const step = matchTotp(box.open(staff.totpSecret), code, clock.nowMs());
    if (step === null) return 'wrong';
    return (await repository.acceptStep(tx, staff.id, step)) ? 'accepted' : 'replayed';
  }

  /** The e-mail carrying a set-up link: an invitation, or a new link after a reset (decision 073). */
  const setupLinkMessage = (row: StaffRow, link: string, message: { kind: string; subject: string; opening: string }) =>
    standardMessage({
      to: row.email,
      kind: message.kind,
      subject: message.subject,
      greeting: `Hello ${row.name},`,
      paragraphs: [
        message.opening,
        `Open the link below to choose your password and set up your sign-in code. The link works once, for ${config.invitationDays} days.`,
      ],
      action: { label: 'Set up my account', href: link },
    });

  /**
   * A change of the member's own sign-in (decision 072): counted per account, then in one audited
   * unit of work the row locked, `check` run (it refuses by throwing StaffRefusal), the TOTP code
   * spent, `change` made, and the member told by e-mail (`changed`, decision 073) through the
   * outbox. A wrong or replayed code refuses; nothing is written.
   */
  async function ownAccountChange<T>(
    staff: StaffPrincipal,
    code: string,
    step: {
      action: string;
      changed: string;
      check?: (row: StaffRow) => Promise<void>;
      change: (tx: Executor, row: StaffRow) => Promise<T>;
    },
  ): Promise<T> {
    const { action, changed, check, change } = step;
    await limit(codeLimiter, `own-account:${staff.id}`);
    const result = await audited(staff.id, action, { type: 'staff', id: staff.id }, async (tx) => {
      const row = await repository.lockById(tx, staff.id);
      if (!row) throw new StaffRefusal(STAFF_TEXTS.disabled);
      await check?.(row);
      const checked = await checkTotp(tx, row, code);
      if (checked !== 'accepted') throw new StaffRefusal(checked === 'replayed' ? STAFF_TEXTS.codeReplayed : STAFF_TEXTS.codeWrong, 'code');
      const made = await change(tx, row);
      // Someone holding the member's session, password and phone could do this: the member hears of it.
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

  const setupInvalid = { status: 'invalid' as const, message: STAFF_TEXTS.setupLinkInvalid };

  /**
   * An account's site ids must name test sites: checked in the change's transaction with the
   * sites share-locked, so a site's removal either counts this account (refused, decision 069) or
   * has removed the site before and the change is refused here.
   */
  async function checkSites(tx: Executor, siteIds: readonly string[]) {
    const unknown = await unknownTestSiteIds(tx, siteIds);
    if (unknown.length > 0) throw new StaffRefusal(STAFF_TEXTS.unknownSites(unknown), 'siteIds');
  }

  /**
   * An existing account back to set-up (a lost phone): in one audited unit of work with the
   * member's row locked, the password, second factor, recovery codes and sessions end, and a new
   * set-up link replaces any open one. From the server's command (`by` null: found by e-mail, the
   * link printed) the account is also enabled. From an admin (decision 073: found by id, audited
   * as theirs) a disabled account is refused and the link is e-mailed through the outbox. Two
   * resets at once run one after the other, so the later link is the one that works. Null: no
   * such account.
   */
  async function resetAccount(target: { email: string } | { staffId: string }, by: StaffPrincipal | null = null) {
    const staffId = 'email' in target ? (await repository.findByEmail(db, target.email.trim()))?.id : target.staffId;
    if (!staffId) return null;
    return audited(by?.id ?? null, 'staff.reset-account', { type: 'staff', id: staffId }, async (tx) => {
      const before = await repository.lockById(tx, staffId);
      if (!before) throw new NotFound();
      // Enabling is a separate, deliberate change for an admin: a slip must not let a departed member back in.
      if (by && before.disabledAt) throw new StaffRefusal(STAFF_TEXTS.resetDisabled);
      const after = (await repository.update(tx, staffId, {
        passwordHash: null,
        totpSecret: null,
        totpConfirmedAt: null,
        totpLastStep: null,
        disabledAt: null,
      }))!;
      await repository.replaceRecoveryCodes(tx, staffId, []);
      await repository.deleteSessionsOf(tx, staffId);
      const link = await issueSetupLink(tx, after, by?.id ?? null);
      if (by)
        await mail.queue(
          setupLinkMessage(after, link, {
            kind: 'staff-new-setup-link',
            subject: `A new set-up link for the ${COMPANY.name} staff console`,
            opening: `${by.name} sent you a new set-up link. Your old password, sign-in code and recovery codes no longer work, and your sessions have ended.`,
          }),
          tx,
        );
      return { before: auditView(before), after: auditView(after), result: { staffId, name: after.name, link } };
    }).catch((error: unknown) => {
      if (error instanceof NotFound) return null;
      throw error;
    });
  }

  return {
    audited,

    /**
     * The first admin (the staff:create-admin command) or any account made on the server: the
     * account with its roles and a set-up link, audited as the command's doing (no staff member).
     */
    async createAccount(input: { name: string; email: string; roles: StaffRole[]; siteIds?: string[] }) {
      const existing = await repository.findByEmail(db, input.email.trim());
      if (existing) throw new Error(STAFF_TEXTS.emailTaken);
      let link = '';
      const staff = await audited(null, 'staff.create-account', { type: 'staff', id: 'new' }, async (tx) => {
        await checkSites(tx, input.siteIds ?? []);
        const row = await repository.insert(tx, {
          name: input.name.trim(),
          email: input.email.trim(),
          roles: input.roles,
          siteIds: input.siteIds ?? [],
          createdAt: clock.now(),
        });
        link = await issueSetupLink(tx, row, null);
        return { before: null, after: auditView(row), result: row, targetId: row.id };
      });
      return { staffId: staff.id, link };
    },

    resetAccount,

    // ---------------------------------------------------------------- set-up

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
        const checked = await checkTotp(tx, staff, code);
        if (checked !== 'accepted') throw new SetupRefused();
        if (!(await repository.useInvitation(tx, tokenHash, clock.now()))) throw new SetupRefused('invalid');
        await repository.update(tx, staff.id, { totpConfirmedAt: clock.now() });
        const recoveryCodes = await newRecoveryCodes(tx, staff.id);
        const sessionId = await startSession(tx, staff.id);
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

    // ---------------------------------------------------------------- login

    /**
     * The first step: e-mail and password. Counted before the (slow) hash check, per address, and
     * per account, or per device for a browser bringing the account's device cookie.
     */
    async login(email: string, password: string, address: string, deviceCookie?: string): Promise<StaffLoginResult> {
      await limit(addressLimiter, `ip:${address}`);
      const named = await repository.findByEmail(db, email.trim());
      const failed = passwordFailures.counterFor(`account:${email.trim().toLowerCase()}`, named?.id, deviceCookie);
      if (!(await failed.hit())) throw new TooManyRequestsError(STAFF_TEXTS.tooManyAttempts);
      const valid = await verifyPassword(named?.passwordHash ?? (await decoyPasswordHash()), password);
      if (!named || !valid) return { status: 'failed', message: STAFF_TEXTS.loginFailed };
      await failed.reset();
      if (named.disabledAt) return { status: 'disabled', message: STAFF_TEXTS.disabled };
      if (!named.totpConfirmedAt) return { status: 'setupUnfinished', message: STAFF_TEXTS.setupUnfinished };
      return { status: 'secondFactor', message: '', pendingToken: issueProof(named) };
    },

    /**
     * The second step: a TOTP code or a recovery code, with the password step's proof. The row is
     * locked, so of two completions with one proof the second finds it spent (decision 074) and
     * spends no code.
     */
    async loginCode(proof: string | undefined, code: string, address: string): Promise<StaffCodeResult> {
      await limit(addressLimiter, `ip:${address}`);
      const step = readProof(proof);
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
          const checked = await checkTotp(tx, staff, code);
          if (checked === 'wrong') return { status: 'codeWrong' as const, message: STAFF_TEXTS.codeWrong };
          if (checked === 'replayed') return { status: 'codeReplayed' as const, message: STAFF_TEXTS.codeReplayed };
        } else {
          const spent = await repository.spendRecoveryCode(tx, staff.id, hashToken(normaliseRecoveryCode(code)), clock.now());
          if (spent === 'used') return { status: 'recoveryUsed' as const, message: STAFF_TEXTS.recoveryUsed };
          if (spent === 'unknown') return { status: 'codeWrong' as const, message: STAFF_TEXTS.recoveryWrong };
        }
        await repository.update(tx, staff.id, { loginStepGeneration: staff.loginStepGeneration + 1 });
        const sessionId = await startSession(tx, staff.id);
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

    // ---------------------------------------------------------------- own account (decision 072)

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
          check: async (row) => {
            if (!row.passwordHash || !(await verifyPassword(row.passwordHash, input.currentPassword)))
              throw new StaffRefusal(STAFF_ACCOUNT_TEXTS.currentPasswordWrong, 'currentPassword');
          },
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
            const recoveryCodes = await newRecoveryCodes(tx, row.id);
            return { status: 'succeed' as const, message: STAFF_ACCOUNT_TEXTS.codesMade, recoveryCodes };
          },
        }),
      );
      return made.status === 'failed' ? { ...made, recoveryCodes: [] as string[] } : made;
    },

    /** A session without the two steps: test support only (decision 014). */
    startSessionFor: (staffId: string) => startSession(db, staffId),

    /** Staff members' names by id. */
    staffNames: (ids: readonly string[]) => repository.namesByIds(db, ids),

    // ---------------------------------------------------------------- admin

    async list() {
      const rows = await repository.list(db);
      return rows.map((row) => ({
        ...principal(row),
        state: row.disabledAt ? ('disabled' as const) : row.totpConfirmedAt ? ('active' as const) : ('invited' as const),
        createdAt: row.createdAt.toISOString(),
      }));
    },

    /** An admin invites by e-mail: the account with its roles now, the set-up link through the outbox. */
    async invite(actor: StaffPrincipal, input: StaffInvitePayload) {
      if (await repository.findByEmail(db, input.email)) return { status: 'failed' as const, message: STAFF_TEXTS.emailTaken };
      const siteIds = input.roles.includes('site-staff') ? input.siteIds : [];
      return refusalAnswered(async () => {
        const created = await audited(actor.id, 'staff.invite', { type: 'staff', id: 'new' }, async (tx) => {
          await checkSites(tx, siteIds);
          const row = await repository.insert(tx, {
            name: input.name,
            email: input.email,
            roles: input.roles,
            siteIds,
            createdAt: clock.now(),
          });
          const link = await issueSetupLink(tx, row, actor.id);
          await mail.queue(
            setupLinkMessage(row, link, {
              kind: 'staff-invitation',
              subject: `You are invited to the ${COMPANY.name} staff console`,
              opening: `${actor.name} invited you to the ${COMPANY.name} staff console.`,
            }),
            tx,
          );
          return { before: null, after: auditView(row), result: row, targetId: row.id };
        });
        return { status: 'succeed' as const, message: `${created.name} is invited.` };
      });
    },

    async setRoles(actor: StaffPrincipal, input: StaffSetRolesPayload) {
      if (input.staffId === actor.id && !input.roles.includes('admin'))
        return { status: 'failed' as const, message: STAFF_TEXTS.cannotDropOwnAdmin };
      const siteIds = input.roles.includes('site-staff') ? input.siteIds : [];
      return refusalAnswered(() =>
        audited(actor.id, 'staff.set-roles', { type: 'staff', id: input.staffId }, async (tx) => {
          const before = await repository.lockById(tx, input.staffId);
          if (!before) throw new NotFound();
          await checkSites(tx, siteIds);
          const after = await repository.update(tx, input.staffId, { roles: input.roles, siteIds });
          return { before: auditView(before), after: auditView(after!), result: { status: 'succeed' as const, message: 'Roles saved.' } };
        }),
      ).catch(notFound);
    },

    /** Disables (ending every session at once) or enables an account. */
    async setDisabled(actor: StaffPrincipal, input: StaffSetDisabledPayload) {
      if (input.staffId === actor.id && input.disabled) return { status: 'failed' as const, message: STAFF_TEXTS.cannotDisableSelf };
      return audited(actor.id, input.disabled ? 'staff.disable' : 'staff.enable', { type: 'staff', id: input.staffId }, async (tx) => {
        const before = await repository.lockById(tx, input.staffId);
        if (!before) throw new NotFound();
        const after = await repository.update(tx, input.staffId, {
          disabledAt: input.disabled ? (before.disabledAt ?? clock.now()) : null,
        });
        if (input.disabled) await repository.deleteSessionsOf(tx, input.staffId);
        return {
          before: auditView(before),
          after: auditView(after!),
          result: { status: 'succeed' as const, message: input.disabled ? 'Account disabled.' : 'Account enabled.' },
        };
      }).catch(notFound);
    },

    /**
     * An admin sends another member a new set-up link (decision 073): `resetAccount` on their
     * behalf. Their own account is refused (they would lock themselves out; Your sign-in or the
     * command serve them), as are an unknown or a disabled one.
     */
    async resetSignIn(actor: StaffPrincipal, input: StaffResetSignInPayload) {
      if (input.staffId === actor.id) return { status: 'failed' as const, message: STAFF_TEXTS.cannotResetSelf };
      return refusalAnswered(async () => {
        const reset = await resetAccount({ staffId: input.staffId }, actor);
        if (!reset) return { status: 'failed' as const, message: STAFF_TEXTS.noSuchStaff };
        return { status: 'succeed' as const, message: STAFF_TEXTS.setupLinkSent(reset.name) };
      });
    },

    /** The newest `limit` staff changes of one row (a tester's page, decision 053), with who made them. */
    async auditTrailOf(target: AuditTarget, limit: number, offset = 0) {
      const rows = await repository.listAudit(db, { target }, offset, limit);
      return rows.slice(0, limit).map((row) => ({
        id: row.id,
        at: row.at.toISOString(),
        staffName: row.staffName ?? (row.staffId ? '' : 'Server command'),
        action: row.action,
        before: row.before,
        after: row.after,
      }));
    },

    /** Newest first, 50 a page, filtered by staff member, action and UTC dates (both ends included). */
    async auditLog(query: { staffId?: string; action?: string; from?: string; to?: string; page: number }) {
      const pageSize = 50;
      const before = query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + 24 * 3600_000) : undefined;
      const rows = await repository.listAudit(
        db,
        {
          staffId: query.staffId,
          action: query.action || undefined,
          from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
          before,
        },
        (query.page - 1) * pageSize,
        pageSize,
      );
      return {
        status: 'succeed' as const,
        page: query.page,
        hasMore: rows.length > pageSize,
        actions: await repository.auditActions(db),
        entries: rows.slice(0, pageSize).map((row) => ({
          id: row.id,
          at: row.at.toISOString(),
          staffId: row.staffId,
          staffName: row.staffName ?? (row.staffId ? '' : 'Server command'),
          action: row.action,
          targetType: row.targetType,
          targetId: row.targetId,
          before: row.before,
          after: row.after,
        })),
      };
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
export type { StaffAuditQuery };

class SetupRefused extends Error {
  constructor(readonly why: 'code' | 'invalid' = 'code') {
    super(why);
  }
}

class NotFound extends Error {}

function notFound(error: unknown) {
  if (error instanceof NotFound) return { status: 'failed' as const, message: STAFF_TEXTS.noSuchStaff };
  throw error;
}
