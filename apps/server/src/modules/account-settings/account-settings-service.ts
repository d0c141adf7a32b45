import { ENTRY_TEXTS } from '@testerhub/shared/account-messages';
import type {
  ChangeLanguagePayload,
  ChangeLanguageResponse,
  ChangeContactPayload,
  ChangeContactResponse,
  ChangePasswordPayload,
  ChangePasswordResponse,
  ContactInfoResponse,
  ContactSetting,
  PasswordAgeResponse,
} from '@testerhub/shared/account-settings-schemas';
import type { Clock } from '../../core/clock.ts';
import { inTransaction, type Database } from '../../core/db/client.ts';
import { TooManyRequestsError } from '../../core/errors.ts';
import { hashPassword, verifyPassword } from '../../core/security/passwords.ts';
import { RateLimiter, type RateLimitStore } from '../rate-limits/rate-limit-service.ts';
import type { AuthService } from '../auth/auth-service.ts';
import type { RegistrationService } from '../registration/registration-service.ts';
import type { TesterRow, TesterService } from '../testers/tester-service.ts';

interface AccountSettingsDeps {
  clock: Clock;
  testers: Pick<TesterService, 'updateContact' | 'replacePassword' | 'contactSettings' | 'setContactSetting' | 'setLanguage'>;
  auth: Pick<AuthService, 'endOtherSessions'>;
  /** The zip's test site, as registration finds it (decision 007), read and share-locked in the change's transaction (decision 071). */
  lockedSiteForZip: RegistrationService['lockedSiteForZip'];
  /** Wrong current passwords allowed per account per window, as login allows (decision 008). */
  attemptsPerWindow: number;
  windowSeconds: number;
  /** Where the limit counts: the database every instance shares (decision 062). */
  rateLimits: RateLimitStore;
  /** PASSWORD_REMINDER_MONTHS: a password older than this is due for a change. */
  reminderMonths: number;
}

/** The time `months` calendar months before `at` (UTC). */
function monthsBefore(at: Date, months: number): Date {
  const earlier = new Date(at);
  earlier.setUTCMonth(earlier.getUTCMonth() - months);
  return earlier;
}

/**
 * The tester's own settings (spec 3, "Settings"; decision 035): contact, password and the
 * contact-channel choices. The tester row and the choices are the testers module's; sessions are auth's.
 */
export function createAccountSettingsService(db: Database, deps: AccountSettingsDeps) {
  const { testers, clock } = deps;
  // Counted per account before the slow check, like login: a stolen session cannot guess the password freely.
  const wrongPasswords = new RateLimiter(deps.rateLimits, 'settings-password', deps.attemptsPerWindow, deps.windowSeconds * 1000);

  return {
    contact(tester: TesterRow): ContactInfoResponse {
      return { status: 'succeed', address: tester.address, city: tester.city, zipCode: tester.zipCode, homeNo: tester.phone };
    },

    /**
     * Stores the contact with the site its zip belongs to (a too-far zip gets 88888 or 00006, as at
     * registration), in one unit of work with the read of that site: a site's removal either counts
     * this tester (refused) or leaves the tester no site of it (decision 071).
     */
    async changeContact(tester: TesterRow, contact: ChangeContactPayload): Promise<ChangeContactResponse> {
      const changed = await inTransaction(db, async (tx) => {
        const siteId = await deps.lockedSiteForZip(contact.zipCode, tx);
        return testers.updateContact(tester.id, { ...contact, address: contact.address.trim(), city: contact.city.trim(), siteId }, tx);
      });
      return { status: changed ? 'succeed' : 'failed' };
    },

    /** The language of every page and e-mail from now on (the session cache forgets the old row). */
    async changeLanguage(tester: TesterRow, { language }: ChangeLanguagePayload): Promise<ChangeLanguageResponse> {
      const changed = await testers.setLanguage(tester.id, language);
      return { status: changed ? 'succeed' : 'failed', language };
    },

    /**
     * A new password when the current one is right; then every other session of the tester ends
     * (this one stays). Of two changes racing with the same current password one goes through.
     */
    async changePassword(tester: TesterRow, sessionId: string, payload: ChangePasswordPayload): Promise<ChangePasswordResponse> {
      const key = `change-password:${tester.id}`;
      if (!(await wrongPasswords.hit(key))) throw new TooManyRequestsError(ENTRY_TEXTS.tooManyRequests);
      if (!(await verifyPassword(tester.passwordHash, payload.currentPassword))) return { status: 'failed' };
      await wrongPasswords.reset(key);
      const replaced = await testers.replacePassword(tester.id, tester.passwordHash, await hashPassword(payload.newPassword));
      if (!replaced) return { status: 'failed' };
      await deps.auth.endOtherSessions(tester.id, sessionId);
      return { status: 'succeed' };
    },

    /** When the password last changed (registration counts) and whether PASSWORD_REMINDER_MONTHS have passed since. */
    passwordAge(tester: TesterRow): PasswordAgeResponse {
      const changedAt = tester.passwordChangedAt ?? tester.createdAt;
      return {
        status: 'succeed',
        passwordChangedAt: changedAt.toISOString(),
        changeRecommended: changedAt <= monthsBefore(clock.now(), deps.reminderMonths),
        reminderMonths: deps.reminderMonths,
      };
    },

    contactSettings: (tester: TesterRow) => testers.contactSettings(tester.id),

    changeContactSetting: (tester: TesterRow, setting: ContactSetting) =>
      testers.setContactSetting(tester.id, setting.contactType, setting.isTurnOn),

    async smsSetting(tester: TesterRow): Promise<boolean> {
      const settings = await testers.contactSettings(tester.id);
      return settings.find((setting) => setting.contactType === 'NoText')?.isTurnOn ?? true;
    },
  };
}

export type AccountSettingsService = ReturnType<typeof createAccountSettingsService>;
