import { message, type Language } from '@testerhub/shared/account-messages';
import { signInTexts } from '@testerhub/shared/sign-in-texts';
import type { AppConfig } from '../../core/config/env.ts';
import type { Clock } from '../../core/clock.ts';
import { inTransaction, type Database } from '../../core/db/client.ts';
import { resetPasswordMessage, usernameMessage } from '../mail/mail-service.ts';
import type { AuthService } from '../auth/auth-service.ts';
import type { TesterService } from '../testers/tester-service.ts';
import { createRecoveryRepository } from './recovery-repository.ts';
import { hashPassword } from '../../core/security/passwords.ts';
import { RateLimiter, type RateLimitStore, nameTarget } from '../rate-limits/rate-limit-service.ts';
import { TooManyRequestsError } from '../../core/errors.ts';
import { hashToken, randomToken } from '../../core/security/tokens.ts';
import type { MailService } from '../mail/mail-service.ts';

/** Find username, reset password, confirm e-mail and e-mail click tracking. */
export function createRecoveryService(
  db: Database,
  deps: {
    testers: TesterService;
    auth: Pick<AuthService, 'endAllSessions'>;
    clock: Clock;
    mail: MailService;
    config: Pick<AppConfig, 'resetCodeTtlMinutes' | 'loginAttemptsPerWindow' | 'rateLimitWindowSeconds'>;
    /** Where the limits count: the database every instance shares (decision 062). */
    rateLimits: RateLimitStore;
  },
) {
  const { testers, auth, mail, clock, config } = deps;
  const clicks = createRecoveryRepository(db, () => clock.now());
  const recoveryAttempts = new RateLimiter(
    deps.rateLimits,
    'recovery',
    config.loginAttemptsPerWindow,
    config.rateLimitWindowSeconds * 1000,
  );

  // Clicks come from people opening their e-mail: generous, but bounded per address (it writes a row).
  const clickAttempts = new RateLimiter(
    deps.rateLimits,
    'recovery-click',
    config.loginAttemptsPerWindow * 3,
    config.rateLimitWindowSeconds * 1000,
  );
  // Attempts per e-mail address (find username) and per username (forgot password), from all addresses
  // together: names can be guessed for one known address, and reset mails sent to one account, from many.
  const targetAttempts = new RateLimiter(
    deps.rateLimits,
    'recovery-target',
    config.loginAttemptsPerWindow,
    config.rateLimitWindowSeconds * 1000,
  );
  /** Counts one attempt from the address (a rate-limit address, see rateLimitAddress) and one for what it names. */
  async function limit(address: string, target: string, language: Language) {
    if (!(await recoveryAttempts.hit(`recovery:${address}`))) throw new TooManyRequestsError(message('tooManyRequests', language));
    if (!(await targetAttempts.hit(target))) throw new TooManyRequestsError(message('tooManyRequests', language));
  }

  // The answers' messages are in the visitor's language (the request's, decision 118); the e-mails in the tester's own.
  return {
    /** The tester's part of the data export (decision 040). */
    exportData: (testerId: string) => clicks.exportOf(testerId),

    /** Shows the username (as the original did) and also mails it to the address on file. */
    async findUsername(firstName: string, lastName: string, email: string, address: string, language: Language = 'en') {
      await limit(address, `email:${nameTarget(email)}`, language);
      const tester = await testers.findByNameAndEmail(firstName, lastName, email);
      if (!tester) return { status: 'failed' as const, userName: '', message: signInTexts(language)('findUsernameFailure') };
      await mail.queue(
        usernameMessage({
          to: tester.email,
          firstName: tester.firstName,
          username: tester.username,
          loginLink: mail.link('/community/login', {}),
          language: tester.language as Language,
        }),
      );
      return { status: 'succeed' as const, userName: tester.username, message: '' };
    },

    async forgotPassword(username: string, email: string, address: string, language: Language = 'en') {
      const t = signInTexts(language);
      await limit(address, `username:${nameTarget(username)}`, language);
      const tester = await testers.findByUsername(username.trim());
      if (!tester || tester.email.toLowerCase() !== email.trim().toLowerCase())
        return { status: 'failed' as const, message: t('forgotPasswordFailure') };
      const code = randomToken();
      // One unit of work: the older links end, the new one starts, and its e-mail is queued, or none of it.
      await inTransaction(db, async (tx) => {
        await testers.voidTokens(tester.id, 'reset-password', tx);
        await testers.issueToken(
          tester.id,
          'reset-password',
          hashToken(code),
          new Date(clock.nowMs() + config.resetCodeTtlMinutes * 60_000),
          tx,
        );
        await mail.queue(
          resetPasswordMessage({
            to: tester.email,
            firstName: tester.firstName,
            validMinutes: config.resetCodeTtlMinutes,
            language: tester.language as Language,
            link: mail.link('/account/resetPassword', { userId: tester.id, code }),
          }),
          tx,
        );
      });
      return { status: 'succeed' as const, message: t('forgotPasswordSuccess') };
    },

    /**
     * A reset code works once, before it expires, and using it voids every other reset code of the
     * tester; the new password ends every session of the tester.
     */
    async resetPassword(userId: string, code: string, password: string, language: Language = 'en') {
      const t = signInTexts(language);
      const tester = await testers.findById(userId);
      // A code that is not open fails before the (slow) password hash; the transaction below decides for good.
      if (!tester || (await testers.testerForToken(hashToken(code), 'reset-password')) !== tester.id)
        return { status: 'failed' as const, message: t('resetFailure') };
      const passwordHash = await hashPassword(password);
      const reset = await inTransaction(db, async (tx) => {
        if (!(await testers.consumeToken(hashToken(code), 'reset-password', tester.id, tx))) return false;
        await testers.voidTokens(tester.id, 'reset-password', tx);
        await testers.setPassword(tester.id, passwordHash, tx);
        return true;
      });
      if (!reset) return { status: 'failed' as const, message: t('resetFailure') };
      // The owner read the mailed link: the requests for this username that led here are spent.
      await targetAttempts.reset(`username:${nameTarget(tester.username)}`);
      await auth.endAllSessions(tester.id);
      return { status: 'succeed' as const, message: t('resetSuccess') };
    },

    async confirmEmail(userId: string, code: string) {
      const tester = await testers.findById(userId);
      if (!tester) return { status: 'failed' as const };
      // A second click on the same link still says confirmed; any other code fails, confirmed or not.
      if (tester.emailConfirmedAt)
        return (await testers.tokenBelongsTo(hashToken(code), 'confirm-email', tester.id))
          ? { status: 'confirmed' as const }
          : { status: 'failed' as const };
      if (!(await testers.consumeToken(hashToken(code), 'confirm-email', tester.id))) return { status: 'failed' as const };
      await testers.markEmailConfirmed(tester.id);
      return { status: 'confirmed' as const };
    },

    async recordClick(testerId: string, eCode: string, address: string, language: Language = 'en') {
      if (!(await clickAttempts.hit(`click:${address}`))) throw new TooManyRequestsError(message('tooManyRequests', language));
      const tester = await testers.findById(testerId);
      if (!tester) return { status: 'failed' as const, message: signInTexts(language)('clickTrackFailure') };
      await clicks.recordClick(tester.id, eCode);
      return { status: 'succeed' as const, message: '' };
    },
  };
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;
