import { defineModule } from '../../core/modules/app-module.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { ReferralService } from '../referral/referral-service.ts';
import type { TermsService } from '../terms/terms-service.ts';
import type { TesterService } from '../testers/tester-service.ts';
import { registrationRoutes, type RegistrationRouteOptions } from './registration-routes.ts';
import { createRegistrationService } from './registration-service.ts';

/** Register, its checks and re-engagement, sign-up leads, ZIP code to test site. */
export const registrationModule = defineModule({
  name: 'registration',
  build(
    {
      testers,
      ledger,
      mail,
      referrals,
      terms,
      routeChecks,
    }: {
      testers: TesterService;
      ledger: LedgerService;
      mail: MailService;
      referrals: Pick<ReferralService, 'registeredThroughCode'>;
      terms: Pick<TermsService, 'recordCurrent'>;
      routeChecks: Omit<RegistrationRouteOptions, 'registration'>;
    },
    { db, clock, config, metrics },
  ) {
    const registration = createRegistrationService(db, {
      testers,
      ledger,
      mail,
      clock,
      config,
      referrals,
      terms,
      counters: metrics.business,
    });
    return {
      provides: { registration },
      routes: { public: [(api) => api.register(registrationRoutes, { registration, ...routeChecks })] },
    };
  },
});
