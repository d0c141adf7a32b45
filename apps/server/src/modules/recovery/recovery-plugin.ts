import { defineModule } from '../../core/modules/app-module.ts';
import type { AuthService } from '../auth/auth-service.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { RateLimitStore } from '../rate-limits/rate-limit-service.ts';
import type { TesterService } from '../testers/tester-service.ts';
import { recoveryRoutes } from './recovery-routes.ts';
import { createRecoveryService } from './recovery-service.ts';

/** Find username, reset password, confirm e-mail, e-mail click tracking: public calls. */
export const recoveryModule = defineModule({
  name: 'recovery',
  build(
    {
      testers,
      auth,
      mail,
      rateLimits,
    }: { testers: TesterService; auth: Pick<AuthService, 'endAllSessions'>; mail: MailService; rateLimits: RateLimitStore },
    { db, clock, config },
  ) {
    const recovery = createRecoveryService(db, { testers, auth, mail, clock, config, rateLimits });
    return { provides: { recovery }, routes: { public: [(api) => api.register(recoveryRoutes, { recovery })] } };
  },
});
