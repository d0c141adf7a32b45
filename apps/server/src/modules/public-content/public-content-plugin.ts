import { defineModule } from '../../core/modules/app-module.ts';
import type { RegistrationService } from '../registration/registration-service.ts';
import type { SchedulingService } from '../scheduling/scheduling-service.ts';
import type { StaffService } from '../staff/staff-service.ts';
import type { StudyService } from '../studies/study-service.ts';
import type { TermsService } from '../terms/terms-service.ts';
import type { TesterService } from '../testers/tester-service.ts';
import { contentAdminRoutes } from './faqs-and-terms/content-admin-routes.ts';
import { createContentAdminService } from './faqs-and-terms/content-admin-service.ts';
import { legalTextAdminRoutes } from './legal-texts/legal-text-admin-routes.ts';
import { createLegalTextAdminService } from './legal-texts/legal-text-admin-service.ts';
import { PUBLIC_CONTENT_CHANNEL } from './public-content-repository.ts';
import { publicContentRoutes } from './public-content-routes.ts';
import { createPublicContentService, type PublicContentService } from './public-content-service.ts';
import { referralEventsAdminRoutes } from './referral-events/referral-events-admin-routes.ts';
import { createReferralEventsAdminService } from './referral-events/referral-events-admin-service.ts';
import { siteContentAdminRoutes } from './winners-and-sites/site-content-admin-routes.ts';
import { createSiteContentAdminService } from './winners-and-sites/site-content-admin-service.ts';

/** FAQs, winners, test sites, legal texts as the public reads them (decisions 057, 061, 066, 070): built first, staff reads the sites. */
export const publicContentModule = defineModule({
  name: 'public-content',
  async build(_needs: object, { db, clock, config, listen }) {
    const publicContent = createPublicContentService(db, {
      cacheSeconds: config.publicContentCacheSeconds,
      clock,
      timeZone: config.loyaltyTimeZone,
    });
    // Content changed by staff on any instance on this database shows here at once (decision 057).
    await listen(
      PUBLIC_CONTENT_CHANNEL,
      () => publicContent.forgetCached(),
      () => publicContent.forgetCached(),
    );
    return {
      provides: { publicContent },
      routes: { public: [(api) => api.register(publicContentRoutes, { service: publicContent })] },
    };
  },
});

/**
 * The same content edited by content staff: FAQs and the terms' versions (decision 057), legal texts (070),
 * winners and test sites (061, 069: a site is removed only when nothing names it), referral event texts (066).
 */
export const contentAdminModule = defineModule({
  name: 'content-admin',
  build(
    {
      publicContent,
      staff,
      terms,
      scheduling,
      studies,
      testers,
      registration,
    }: {
      publicContent: Pick<PublicContentService, 'forgetCached'>;
      staff: Pick<StaffService, 'audited' | 'staffNames' | 'namesAtSite' | 'auditedTargetIds'>;
      terms: TermsService;
      scheduling: Pick<SchedulingService, 'sessionGroupsAtSite'>;
      studies: Pick<StudyService, 'studiesAtSite'>;
      testers: Pick<TesterService, 'testersAtSite'>;
      registration: Pick<RegistrationService, 'zipPrefixesOn'>;
    },
    { db, clock, config },
  ) {
    const { audited } = staff;
    const { forgetCached } = publicContent;
    const contentAdmin = createContentAdminService(db, { audited, terms, forgetCached });
    const legalTextAdmin = createLegalTextAdminService(db, { audited, staffNames: staff.staffNames, terms, forgetCached, clock });
    const siteContentAdmin = createSiteContentAdminService(db, {
      audited,
      forgetCached,
      staff,
      scheduling,
      studies,
      testers,
      registration,
    });
    const referralEventsAdmin = createReferralEventsAdminService(db, { audited, forgetCached, clock, timeZone: config.loyaltyTimeZone });
    return {
      provides: {},
      routes: {
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
