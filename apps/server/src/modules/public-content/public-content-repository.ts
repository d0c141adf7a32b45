import { asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../core/db/client.ts';
import { faqs, referralEvents, testimonials, testSites, themeStyles, winners } from './public-content-tables.ts';

/** Reads of the public site's content. Only this file touches these tables. */
export function createPublicContentRepository(db: Database) {
  return {
    async listFaqs() {
      return db
        .select({ type: faqs.type, question: faqs.question, answer: faqs.answer })
        .from(faqs)
        .orderBy(asc(faqs.type), asc(faqs.sortOrder), asc(faqs.id));
    },

    async listWinners() {
      return db
        .select({
          winnerTypeDesc: winners.winnerTypeDesc,
          year: sql<number>`cast(extract(year from ${winners.periodStart}) as integer)`,
          winnerTime: winners.winnerTime,
          winner: winners.winner,
          periodStart: winners.periodStart,
        })
        .from(winners)
        .orderBy(desc(winners.periodStart), asc(winners.id));
    },

    /** Referral comments of the latest month that has any, up to the given month. */
    async listReferralEventsForMonth(monthStart: string) {
      const latest = await db
        .select({ month: referralEvents.month })
        .from(referralEvents)
        .where(lte(referralEvents.month, monthStart))
        .orderBy(desc(referralEvents.month))
        .limit(1);
      const month = latest[0]?.month;
      if (!month) return [];
      return db
        .select({ referralComment: referralEvents.referralComment })
        .from(referralEvents)
        .where(eq(referralEvents.month, month))
        .orderBy(asc(referralEvents.sortOrder), asc(referralEvents.id));
    },

    async findThemeColors(name: string) {
      const rows = await db
        .select({ colors: themeStyles.colors })
        .from(themeStyles)
        .where(eq(sql`lower(${themeStyles.name})`, name.toLowerCase()))
        .limit(1);
      return rows[0]?.colors ?? null;
    },

    async listTestimonials() {
      return db
        .select({ name: testimonials.name, city: testimonials.city, quote: testimonials.quote })
        .from(testimonials)
        .orderBy(asc(testimonials.sortOrder));
    },

    async listTestSites() {
      return db
        .select({
          mapCode: testSites.mapCode,
          siteId: testSites.siteId,
          name: testSites.name,
          city: testSites.city,
          address: testSites.address,
          phone: testSites.phone,
          fax: testSites.fax,
          tollFree: testSites.tollFree,
          timeZone: testSites.timeZone,
          airportDirections: testSites.airportDirections,
        })
        .from(testSites)
        .orderBy(asc(testSites.sortOrder));
    },
  };
}

export type PublicContentRepository = ReturnType<typeof createPublicContentRepository>;
