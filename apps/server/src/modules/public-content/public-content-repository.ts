import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/client.ts';
import { faqs, referralEvents, testimonials, testSites, themeStyles, winners } from './public-content-tables.ts';

/** Reads of the public site's content. Only this file touches these tables. */
/** A notice on this channel (sent in the changing transaction, so delivered at its commit) makes every instance drop its cached copies. */
export const PUBLIC_CONTENT_CHANNEL = 'public_content_changed';

export type FaqRow = typeof faqs.$inferSelect;
export type FaqFieldsRow = Pick<FaqRow, 'type' | 'question' | 'answer' | 'hidden'>;

export function createPublicContentRepository(db: Executor) {
  return {
    async listFaqs() {
      return db
        .select({ type: faqs.type, question: faqs.question, answer: faqs.answer })
        .from(faqs)
        .where(eq(faqs.hidden, false))
        .orderBy(asc(faqs.type), asc(faqs.sortOrder), asc(faqs.id));
    },

    /** Every FAQ, hidden ones too, in the public page's order (the staff console). */
    listAllFaqs(): Promise<FaqRow[]> {
      return db.select().from(faqs).orderBy(asc(faqs.type), asc(faqs.sortOrder), asc(faqs.id));
    },

    /** One FAQ; `lock` holds its row until the caller's transaction ends, so two editors take turns. */
    async findFaq(id: number, options: { lock?: boolean } = {}): Promise<FaqRow | null> {
      const query = db.select().from(faqs).where(eq(faqs.id, id));
      const [row] = options.lock ? await query.for('update') : await query;
      return row ?? null;
    },

    /** A new FAQ, last of its group. */
    async insertFaq(fields: FaqFieldsRow): Promise<FaqRow> {
      const [row] = await db
        .insert(faqs)
        .values({
          ...fields,
          sortOrder: sql`(select coalesce(max(${faqs.sortOrder}), -1) + 1 from ${faqs} where ${faqs.type} = ${fields.type})`,
        })
        .returning();
      return row!;
    },

    /**
     * The FAQ's fields saved, only while its revision is still `revision`; the revision grows by one.
     * Moved to another group, it goes last there. Null when the revision has moved on.
     */
    async updateFaq(id: number, revision: number, fields: FaqFieldsRow & { sortOrder?: number }): Promise<FaqRow | null> {
      const [row] = await db
        .update(faqs)
        .set({ ...fields, revision: sql`${faqs.revision} + 1` })
        .where(and(eq(faqs.id, id), eq(faqs.revision, revision)))
        .returning();
      return row ?? null;
    },

    /** The next place at the end of a group. */
    async nextSortOrder(type: number): Promise<number> {
      const [row] = await db
        .select({ next: sql<number>`cast(coalesce(max(${faqs.sortOrder}), -1) + 1 as integer)` })
        .from(faqs)
        .where(eq(faqs.type, type));
      return row?.next ?? 0;
    },

    /** A group's FAQs in order, their rows held until the caller's transaction ends (a reorder). */
    lockFaqGroup(type: number): Promise<FaqRow[]> {
      return db.select().from(faqs).where(eq(faqs.type, type)).orderBy(asc(faqs.sortOrder), asc(faqs.id)).for('update');
    },

    /** Sets a group's order as given (ids first to last); the moved FAQ's revision grows by one. */
    async setFaqOrder(ids: number[], movedId: number): Promise<FaqRow> {
      for (const [index, id] of ids.entries()) {
        await db
          .update(faqs)
          .set({ sortOrder: index, ...(id === movedId ? { revision: sql`${faqs.revision} + 1` } : {}) })
          .where(eq(faqs.id, id));
      }
      return (await this.findFaq(movedId))!;
    },

    /** Tells every instance on this database, at the caller's commit, that the public content changed. */
    async announceChange(what: string): Promise<void> {
      await db.execute(sql`select pg_notify(${PUBLIC_CONTENT_CHANNEL}, ${what})`);
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
