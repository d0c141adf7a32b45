import { defineModule } from '../../core/modules/app-module.ts';
import type { AuthService } from '../auth/auth-service.ts';
import type { RateLimitStore } from '../rate-limits/rate-limit-service.ts';
import type { RegistrationService } from '../registration/registration-service.ts';
import type { TesterService } from '../testers/tester-service.ts';
import { accountSettingsRoutes } from './account-settings-routes.ts';
import { createAccountSettingsService } from './account-settings-service.ts';

/** Contact, password, password age, contact-channel opt-ins (decision 035). */
export const accountSettingsModule = defineModule({
  name: 'account-settings',
  build(
    {
      rateLimits,
      testers,
      auth,
      registration,
    }: {
      rateLimits: RateLimitStore;
      testers: TesterService;
      auth: Pick<AuthService, 'endOtherSessions'>;
      registration: Pick<RegistrationService, 'lockedSiteForZip'>;
    },
    { db, clock, config, sessionCookie },
  ) {
    const accountSettings = createAccountSettingsService(db, {
      clock,
      rateLimits,
      testers,
      auth,
      lockedSiteForZip: registration.lockedSiteForZip,
      attemptsPerWindow: config.loginAttemptsPerWindow,
      windowSeconds: config.rateLimitWindowSeconds,
      reminderMonths: config.passwordReminderMonths,
    });
    return { provides: {}, routes: { tester: [accountSettingsRoutes(accountSettings, sessionCookie)] } };
  },
});
