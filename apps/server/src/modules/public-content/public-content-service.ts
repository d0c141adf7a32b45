import type { Language } from '@testerhub/shared/i18n';
import type { LegalPageKey, PublicLegalText } from '@testerhub/shared/legal-text-schemas';
import type { MapCode, ReferralEvent, TestSite, ThemeStyle } from '@testerhub/shared/public-content';
import type { Clock } from '../../core/clock.ts';
import type { Database, Executor } from '../../core/db/client.ts';
import { NotFoundError } from '../../core/errors.ts';
import { createPublicContentRepository } from './public-content-repository.ts';
import { cachedRead } from '../../core/cached-read.ts';
import { localDay, monthStart } from '../../core/local-day.ts';

/**
 * The first day of the month whose referral offer is shown at `at`: the company's month (its time
 * zone, as the referral limit's month); the staff console shows the same (decision 066).
 */
export function referralMonthStart(at: Date, timeZone: string): string {
  return monthStart(localDay(at, timeZone));
}

/** FAQs, winners, testimonials and test sites change only by staff: kept `cacheSeconds`, dropped at once when staff change them. */
export function createPublicContentService(db: Database, options: { cacheSeconds: number; clock: Clock; timeZone: string }) {
  const repository = createPublicContentRepository(db);
  const now = () => options.clock.now();
  const ttlMs = options.cacheSeconds * 1000;
  const testSites = cachedRead(ttlMs, async (): Promise<TestSite[]> => {
    const sites = await repository.listTestSites();
    return sites.map((site) => ({ ...site, mapCode: site.mapCode as MapCode | null }));
  });
  const faqs = cachedRead(ttlMs, () => repository.listFaqs());
  const winners = cachedRead(ttlMs, () => repository.listWinners());
  const testimonials = cachedRead(ttlMs, () => repository.listTestimonials());
  // Every page's published body in one read (decision 070): the public call and the prerendered legal pages.
  const legalTexts = cachedRead(ttlMs, async () => new Map((await repository.currentLegalTexts()).map((row) => [row.page, row])));
  return {
    listFaqs: () => faqs(),
    listWinners: () => winners(),
    listTestimonials: () => testimonials(),
    listTestSites: () => testSites(),
    /**
     * The published body of a legal page, or `version: null` when its built-in text is in force
     * (decision 070), in `language`: Spanish when the version in force has a Spanish text, else
     * the English answer marked `englishOnly` (decision 132).
     */
    async getLegalText(page: LegalPageKey, language: Language = 'en'): Promise<PublicLegalText> {
      const row = (await legalTexts()).get(page);
      if (language === 'es' && row?.bodyHtmlEs != null) return { version: row.version, bodyHtml: row.bodyHtmlEs };
      const english: PublicLegalText = row?.bodyHtml == null ? { version: null } : { version: row.version, bodyHtml: row.bodyHtml };
      return language === 'es' ? { ...english, englishOnly: true } : english;
    },
    /**
     * Drops the kept copies: staff changed the content (decision 057). Called on every instance by
     * the PUBLIC_CONTENT_CHANNEL notice and at once by the instance that made the change.
     */
    forgetCached() {
      for (const read of [faqs, winners, testimonials, testSites, legalTexts]) read.forget();
    },
    /**
     * The ids among `siteIds` that name no test site, in the caller's unit of work, the existing
     * ones share-locked until it ends (a staff account's sites, decision 069): a site's removal then
     * counts the account, or the caller finds the site gone.
     */
    async unknownTestSiteIds(siteIds: readonly string[], tx: Executor): Promise<string[]> {
      const known = new Set(await createPublicContentRepository(tx).lockTestSitesShared(siteIds));
      return [...new Set(siteIds)].filter((siteId) => !known.has(siteId));
    },
    /** The test sites read inside a caller's unit of work (no cache: on PGlite a read outside the transaction would wait for it). */
    listTestSitesIn: async (tx: Executor): Promise<TestSite[]> =>
      (await createPublicContentRepository(tx).listTestSites()).map((site) => ({ ...site, mapCode: site.mapCode as MapCode | null })),

    /** This month's referral offer; a month without one keeps showing the latest earlier offer. */
    listReferralEvents(): Promise<ReferralEvent[]> {
      return repository.listReferralEventsForMonth(referralMonthStart(now(), options.timeZone));
    },

    async getThemeStyle(themeName: string): Promise<ThemeStyle> {
      const colors = await repository.findThemeColors(themeName);
      if (!colors) throw new NotFoundError(`No theme named '${themeName}'.`);
      return { styleFile: colors.join(',') };
    },
  };
}

export type PublicContentService = ReturnType<typeof createPublicContentService>;
