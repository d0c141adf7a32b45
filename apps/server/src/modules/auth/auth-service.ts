import { message, type Language } from '@testerhub/shared/account-messages';
import { signInTexts } from '@testerhub/shared/sign-in-texts';
import type { AppConfig } from '../../core/config/env.ts';
import type { Clock } from '../../core/clock.ts';
import type { SessionRepository } from './session-repository.ts';
import { uniqueViolation, type TesterRow, type TesterService } from '../testers/tester-service.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../core/security/passwords.ts';
import { RateLimiter, type RateLimitStore, nameTarget } from '../rate-limits/rate-limit-service.ts';
import { TooManyRequestsError } from '../../core/errors.ts';
import { hashToken, randomToken } from '../../core/security/tokens.ts';
import { createLoginFailureLimits } from '../rate-limits/device-cookie-service.ts';
import type { LoginRefusal } from '../../core/metrics/app-metrics.ts';

/** Where a tester lands after logging in. */
export const PORTAL_HOME = '/community/main/screener';

/** How long the login that answered changePassword stays good for the credential change. */
const CREDENTIAL_CHANGE_MINUTES = 15;

/** How long the login that answered notConfirmed may have the confirmation e-mail sent again. */
export const CONFIRMATION_RESEND_MINUTES = 15;
/** Cookie naming the login that answered notConfirmed (registration's ResendConfirmEmail reads it). */
export const CONFIRMATION_RESEND_COOKIE = 'th_confirmation_resend';

export type LoginResult =
  | { status: 'succeed'; url: string; message: string; sessionId: string; tester: TesterRow; deviceCookie: string }
  | { status: 'changePassword'; url: string; message: string; changeToken: string }
  | { status: 'notConfirmed'; url: string; message: string; resendToken: string }
  | { status: 'failed'; url: string; message: string };

export function createAuthService(deps: {
  testers: TesterService;
  clock: Clock;
  sessions: SessionRepository;
  config: Pick<AppConfig, 'sessionIdleMinutes' | 'sessionAbsoluteHours' | 'loginAttemptsPerWindow' | 'rateLimitWindowSeconds'>;
  /** Where the login limits count: the database every instance shares (decision 062). */
  rateLimits: RateLimitStore;
  /** The HMAC key of the device cookie (DEVICE_COOKIE_SECRET, or one made at start). */
  deviceCookieSecret: string;
  /** Told of every login refused, and why (the metrics' counter). */
  onLoginRefused?: (reason: LoginRefusal) => void;
}) {
  const { testers, sessions, clock, config } = deps;
  const refused = (reason: LoginRefusal) => deps.onLoginRefused?.(reason);
  const windowMs = config.rateLimitWindowSeconds * 1000;
  // Wrong logins per account from browsers without its device cookie (strangers), per device for
  // browsers with one (decision 013 finding 7), and login attempts per address (ten accounts' worth).
  const failures = createLoginFailureLimits({
    store: deps.rateLimits,
    accountName: 'login-account',
    deviceName: 'login-device',
    limit: config.loginAttemptsPerWindow,
    windowMs,
    secret: deps.deviceCookieSecret,
  });
  const addressAttempts = new RateLimiter(deps.rateLimits, 'login-address', config.loginAttemptsPerWindow * 10, windowMs);

  /** A session last used at or before this time (ms) is idle for too long. */
  const idleCutoff = () => clock.nowMs() - config.sessionIdleMinutes * 60_000;

  async function startSession(testerId: string) {
    const sessionId = randomToken();
    await sessions.insert(hashToken(sessionId), testerId, new Date(clock.nowMs() + config.sessionAbsoluteHours * 3600_000));
    return sessionId;
  }

  /** The password checked against argon2id; wrong answers cost the same time for known and unknown names. */
  async function checkPassword(tester: TesterRow | null, password: string) {
    const valid = await verifyPassword(tester?.passwordHash ?? (await decoyPasswordHash()), password);
    return valid && tester ? tester : null;
  }

  /** The account a credential change is for, and whether a login that answered changePassword named it (its token). */
  async function changingTester(changeToken: string | undefined, username: string) {
    if (changeToken) {
      const testerId = await testers.testerForToken(hashToken(changeToken), 'change-credentials');
      if (testerId) return { tester: await testers.findById(testerId), byToken: true };
    }
    return { tester: await testers.findByUsername(username.trim()), byToken: false };
  }

  return {
    /** The answer's message is in `language`, the visitor's (decision 118): no session yet, and a failed login names no account. */
    async login(
      username: string,
      password: string,
      address: string,
      deviceCookie?: string,
      language: Language = 'en',
    ): Promise<LoginResult> {
      const t = signInTexts(language);
      if (!(await addressAttempts.hit(`ip:${address}`))) {
        refused('rateLimited');
        throw new TooManyRequestsError(message('tooManyRequests', language));
      }
      const named = await testers.findByUsername(username.trim());
      const failed = failures.counterFor(`login:${nameTarget(username)}`, named?.id, deviceCookie);
      // Counted before the (slow) password check, so attempts sent all at once are limited too.
      if (!(await failed.hit())) {
        refused('rateLimited');
        throw new TooManyRequestsError(message('tooManyRequests', language));
      }
      const tester = await checkPassword(named, password);
      if (!tester) {
        refused('credentials');
        return { status: 'failed', url: '', message: t('loginDefault') };
      }
      await failed.reset();
      if (tester.mustChangeCredentials) {
        const changeToken = randomToken();
        await testers.issueToken(
          tester.id,
          'change-credentials',
          hashToken(changeToken),
          new Date(clock.nowMs() + CREDENTIAL_CHANGE_MINUTES * 60_000),
        );
        return { status: 'changePassword', url: '', message: t('loginChangePassword'), changeToken };
      }
      if (!tester.emailConfirmedAt) {
        refused('notConfirmed');
        // Only this login, which gave the right password, may have the e-mail sent again: the resend names no account.
        const resendToken = randomToken();
        await testers.issueToken(
          tester.id,
          'resend-confirmation',
          hashToken(resendToken),
          new Date(clock.nowMs() + CONFIRMATION_RESEND_MINUTES * 60_000),
        );
        return { status: 'notConfirmed', url: '', message: t('notConfirmed'), resendToken };
      }
      const sessionId = await startSession(tester.id);
      // This browser signed in to another account before: a likely duplicate for recruiters to review (decision 137).
      const earlier = failures.accountOf(deviceCookie);
      if (earlier !== null && earlier !== tester.id) await testers.recordSharedDevice([earlier, tester.id]);
      return { status: 'succeed', url: PORTAL_HOME, message: '', sessionId, tester, deviceCookie: failures.issue(tester.id) };
    },

    /**
     * The tester behind a session cookie, or null once it is unknown, idle too long or past its
     * absolute lifetime. At once (no promise) for a session this process read lately.
     */
    authenticate(sessionId: string | undefined): TesterRow | null | Promise<TesterRow | null> {
      if (!sessionId) return null;
      return sessions.findActive(hashToken(sessionId), idleCutoff());
    },

    /**
     * A session for the tester without checking a password: the same row a login writes, and
     * the id to put in the cookie. Only the test-support module calls it, whose routes exist
     * only in test runs (TEST_SUPPORT_SECRET, decision 014); the login above is the real way in.
     */
    startSessionFor: (testerId: string) => startSession(testerId),

    async logout(sessionId: string | undefined) {
      if (sessionId) await sessions.delete(hashToken(sessionId));
    },

    /** Ends every session of the tester, on this process at once and on the others as soon as they hear of it (decision 035). */
    endAllSessions: (testerId: string) => sessions.deleteAllForTester(testerId),
    /** The tester's part of the data export (decision 040): sessions without their ids. */
    exportData: (testerId: string) => sessions.exportOf(testerId),

    /** Ends the tester's sessions except the one with this cookie value (a password change keeps the session that made it). */
    endOtherSessions: (testerId: string, keepSessionId: string) => sessions.deleteOthersForTester(testerId, hashToken(keepSessionId)),

    /**
     * The forced credential change (status changePassword at login): the current credentials
     * must be right; then username, e-mail, phone and password are replaced, every session ends,
     * and the tester logs in again with the new credentials.
     */
    async initializeInformation(
      input: { username: string; currentPassword: string; newPassword: string; email: string; phone: string },
      context: { address: string; changeToken: string | undefined; language?: Language },
    ) {
      const language = context.language ?? 'en';
      if (!(await addressAttempts.hit(`ip:${context.address}`))) throw new TooManyRequestsError(message('tooManyRequests', language));
      // The account is the one whose login answered changePassword (its token), so Username may be a new one;
      // without the token, Username names the account and stays as it is.
      const { tester, byToken } = await changingTester(context.changeToken, input.username);
      // Without the token its current password is a guess like a login's: counted with the account's wrong logins,
      // so that spreading guesses over addresses gains nothing. The token's holder gave that password a moment ago.
      if (!byToken && !(await failures.counterFor(`login:${nameTarget(input.username)}`, undefined, undefined).hit()))
        throw new TooManyRequestsError(message('tooManyRequests', language));
      const passwordRight = await verifyPassword(tester?.passwordHash ?? (await decoyPasswordHash()), input.currentPassword);
      if (!tester || !passwordRight || !tester.mustChangeCredentials)
        return { status: 'failedLogin' as const, message: signInTexts(language)('forcedChangeFailure') };
      try {
        await testers.updateCredentials(tester.id, {
          username: input.username.trim(),
          email: input.email.trim(),
          phone: input.phone,
          passwordHash: await hashPassword(input.newPassword),
        });
      } catch (error) {
        const index = uniqueViolation(error);
        if (index === 'testers_email_lower') return { status: 'emailTaken' as const, message: message('emailTaken', language) };
        if (index === 'testers_username_lower') return { status: 'usernameTaken' as const, message: message('usernameTaken', language) };
        throw error;
      }
      if (context.changeToken) await testers.consumeToken(hashToken(context.changeToken), 'change-credentials', tester.id);
      await sessions.deleteAllForTester(tester.id);
      return { status: 'succeed' as const, message: signInTexts(language)('forcedChangeSuccess') };
    },

    async loginUsername(testerId: string) {
      const tester = await testers.findById(testerId);
      return tester ? { status: 'succeed' as const, name: tester.username } : { status: 'failed' as const, name: '' };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
