import { defineModule } from '../../core/modules/app-module.ts';
import type { DailyBonusService } from '../daily-bonus/daily-bonus-service.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import type { StaffService } from '../staff/staff-service.ts';
import type { TesterService } from '../testers/tester-service.ts';
import { avatarAdminRoutes } from './avatar-admin-routes.ts';
import { createAvatarAdminService } from './avatar-admin-service.ts';
import { avatarImageRoutes } from './avatar-image-routes.ts';
import { profileRoutes } from './profile-routes.ts';
import { createProfileService } from './profile-service.ts';

/** The portal shell's reads; the avatars' staff side and the pictures content staff added (decision 068). */
export const profileModule = defineModule({
  name: 'profile',
  build(
    {
      ledger,
      testers,
      dailyBonus,
      staff,
    }: {
      ledger: LedgerService;
      testers: TesterService;
      dailyBonus: Pick<DailyBonusService, 'loginDaysThisMonth'>;
      staff: Pick<StaffService, 'audited'>;
    },
    { db, clock },
  ) {
    const profile = createProfileService(db, { ledger, clock, testers, loginDaysThisMonth: dailyBonus.loginDaysThisMonth });
    // Read afresh on every tester call, so no kept copy to drop.
    const avatarAdmin = createAvatarAdminService(db, { audited: staff.audited, ledger, testers, clock });
    return {
      provides: { profile, avatarAdmin },
      routes: {
        // The pictures content staff added: public, as the shipped ones are.
        public: [(api) => api.register(avatarImageRoutes(profile))],
        tester: [profileRoutes(profile)],
        staff: [avatarAdminRoutes(avatarAdmin)],
      },
    };
  },
});
