import type { MapCode, ReferralEvent, TestSite, ThemeStyle } from '@testerhub/shared/public-content';
import type { PublicContentRepository } from '../repositories/public-content-repository.ts';

export class NotFoundError extends Error {
  readonly statusCode = 404;
}

export function createPublicContentService(repository: PublicContentRepository, now: () => Date = () => new Date()) {
  return {
    listFaqs: () => repository.listFaqs(),
    listWinners: () => repository.listWinners(),
    listTestimonials: () => repository.listTestimonials(),

    async listTestSites(): Promise<TestSite[]> {
      const sites = await repository.listTestSites();
      return sites.map((site) => ({ ...site, mapCode: site.mapCode as MapCode }));
    },

    /** This month's referral offer; a month without one keeps showing the latest earlier offer. */
    listReferralEvents(): Promise<ReferralEvent[]> {
      const today = now();
      const monthStart = `${today.getUTCFullYear()}-${String(today.getUTCMonth() + 1).padStart(2, '0')}-01`;
      return repository.listReferralEventsForMonth(monthStart);
    },

    async getThemeStyle(themeName: string): Promise<ThemeStyle> {
      const colors = await repository.findThemeColors(themeName);
      if (!colors) throw new NotFoundError(`No theme named '${themeName}'.`);
      return { styleFile: colors.join(',') };
    },
  };
}

export type PublicContentService = ReturnType<typeof createPublicContentService>;
