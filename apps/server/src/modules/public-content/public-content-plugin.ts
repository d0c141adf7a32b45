import { defineModule } from '../../core/modules/app-module.ts';
import type { StaffService } from '../staff/staff-service.ts';
import type { TermsService } from '../terms/terms-service.ts';
import { contentAdminRoutes } from './content-admin-routes.ts';
import { createContentAdminService } from './content-admin-service.ts';
import { legalTextAdminRoutes } from './legal-text-admin-routes.ts';
import { createLegalTextAdminService } from './legal-text-admin-service.ts';
import { PUBLIC_CONTENT_CHANNEL } from './public-content-repository.ts';
import { publicContentRoutes } from './public-content-routes.ts';
import { createPublicContentService } from './public-content-service.ts';
import { referralEventsAdminRoutes } from './referral-events-admin-routes.ts';
import { createReferralEventsAdminService } from './referral-events-admin-service.ts';
import { siteContentAdminRoutes } from './site-content-admin-routes.ts';
import { createSiteContentAdminService } from './site-content-admin-service.ts';

/** FAQs, winners, test sites, legal texts: public, and edited by content staff (decisions 057, 061, 066, 069, 070). */
export const publicContentModule = defineModule({
  name: 'public-content',
  async build(
    { staff, terms }: { staff: Pick<StaffService, 'audited' | 'staffNames'>; terms: TermsService },
    { db, clock, config, listen },
  ) {
    const publicContent = createPublicContentService(db, {
      cacheSeconds: config.publicContentCacheSeconds,
      clock,
      timeZone: config.loyaltyTimeZone,
    });
    // Content changed by staff on any instance on this database shows here at once (decision 057).
    await listen(PUBLIC_CONTENT_CHANNEL, () => publicContent.forgetCached());
    const { audited } = staff;
    const { forgetCached } = publicContent;
    // FAQs and the terms' versions (decision 057), legal texts (070), winners and test sites (061), referral event texts (066).
    const contentAdmin = createContentAdminService(db, { audited, terms, forgetCached });
    const legalTextAdmin = createLegalTextAdminService(db, { audited, staffNames: staff.staffNames, terms, forgetCached, clock });
    const siteContentAdmin = createSiteContentAdminService(db, { audited, forgetCached });
    const referralEventsAdmin = createReferralEventsAdminService(db, { audited, forgetCached, clock, timeZone: config.loyaltyTimeZone });
    return {
      provides: { publicContent },
      routes: {
        public: [(api) => api.register(publicContentRoutes, { service: publicContent })],
        staff: [
          contentAdminRoutes(contentAdmin),
          legalTextAdminRoutes(legalTextAdmin),
          siteContentAdminRoutes(siteContentAdmin),
          referralEventsAdminRoutes(referralEventsAdmin),
        ],
      },
    };
  },
});
