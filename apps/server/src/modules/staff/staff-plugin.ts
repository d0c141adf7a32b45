import { randomBytes } from 'node:crypto';
import { createStaffCookie } from '../../core/auth/staff-scope.ts';
import { defineModule } from '../../core/modules/app-module.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { PublicContentService } from '../public-content/public-content-service.ts';
import type { RateLimitStore } from '../rate-limits/rate-limit-service.ts';
import { staffPublicRoutes, staffRoutes } from './staff-routes.ts';
import { createStaffService } from './staff-service.ts';

/**
 * The staff console (issue 12 section 1, decisions 043 and 044): its own accounts, cookie and
 * scope. Built early: the staff side of every later module writes its changes through `audited`.
 */
export const staffModule = defineModule({
  name: 'staff',
  build(
    {
      rateLimits,
      mail,
      publicContent,
    }: { rateLimits: RateLimitStore; mail: MailService; publicContent: Pick<PublicContentService, 'unknownTestSiteIds'> },
    { db, clock, config, secrets, servedOverHttps, metrics },
  ) {
    const staffCookie = createStaffCookie({ secure: servedOverHttps, maxAgeSeconds: config.staffSessionAbsoluteHours * 3600 });
    const staff = createStaffService(db, {
      clock,
      rateLimits,
      deviceCookieSecret: secrets.deviceCookie,
      onLoginRefused: (reason) => metrics.loginsRefused.inc({ scope: 'staff', reason }),
      mail,
      // Unset in tests: a key per start; main.ts always provides one (kept in DATA_DIR).
      totpKey: config.staffTotpKey ?? randomBytes(32).toString('base64url'),
      config: {
        idleMinutes: config.staffSessionIdleMinutes,
        absoluteHours: config.staffSessionAbsoluteHours,
        invitationDays: config.staffInvitationDays,
        timeZone: config.loyaltyTimeZone,
        loginAttemptsPerWindow: config.loginAttemptsPerWindow,
        rateLimitWindowSeconds: config.rateLimitWindowSeconds,
      },
      // The test sites an account names must exist (decision 083).
      unknownTestSiteIds: publicContent.unknownTestSiteIds,
    });
    return {
      provides: { staff, staffCookie },
      routes: { public: [(api) => api.register(staffPublicRoutes(staff, staffCookie))], staff: [staffRoutes(staff, staffCookie)] },
    };
  },
});
