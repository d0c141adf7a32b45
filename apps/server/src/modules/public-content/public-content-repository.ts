import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/client.ts';
import { faqs, legalTextVersions, referralEvents, testimonials, testSites, themeStyles, winners } from './public-content-tables.ts';

/** Reads of the public site's content. Only this file touches these tables. */
/** A notice on this channel (sent in the changing transaction, so delivered at its commit) makes every instance drop its cached copies. */
export const PUBLIC_CONTENT_CHANNEL = 'public_content_changed';

export type FaqRow = typeof faqs.$inferSelect;
export type FaqFieldsRow = Pick<FaqRow, 'type' | 'question' | 'answer' | 'hidden'>;

export type WinnerRow = typeof winners.$inferSelect;
export type WinnerFieldsRow = Pick<WinnerRow, 'winnerTypeDesc' | 'periodStart' | 'winnerTime' | 'winner' | 'hidden'>;
export type ReferralEventRow = typeof referralEvents.$inferSelect;
export type ReferralEventFieldsRow = Pick<ReferralEventRow, 'month' | 'referralComment' | 'sortOrder'>;
export type TestSiteRow = typeof testSites.$inferSelect;
export type TestSiteFieldsRow = Pick<TestSiteRow, 'name' | 'city' | 'address' | 'phone' | 'fax' | 'tollFree' | 'airportDirections'>;

export type LegalTextVersionRow = typeof legalTextVersions.$inferSelect;

export function createPublicContentRepository(db: Executor) {
  return {
    /** The latest version of a legal page (its body null: the built-in text is in force), or undefined: none ever published. */
    async currentLegalText(page: string): Promise<LegalTextVersionRow | undefined> {
      const [row] = await db
        .select()
        .from(legalTextVersions)
        .where(eq(legalTextVersions.page, page))
        .orderBy(desc(legalTextVersions.version))
        .limit(1);
      return row;
    },

    /** The latest version of every page that has one. */
    async currentLegalTexts(): Promise<LegalTextVersionRow[]> {
      const rows = await db.select().from(legalTextVersions).orderBy(asc(legalTextVersions.page), desc(legalTextVersions.version));
      return rows.filter((row, index) => index === 0 || rows[index - 1]!.page !== row.page);
    },

    /** A page's versions, newest first. */
    legalTextHistory(page: string): Promise<LegalTextVersionRow[]> {
      return db.select().from(legalTextVersions).where(eq(legalTextVersions.page, page)).orderBy(desc(legalTextVersions.version));
    },

    /**
     * Stores `version` of a page; undefined when that version exists already (another publication
     * made from the same version won): the caller refuses its change as stale.
     */
    async insertLegalTextVersion(values: Omit<LegalTextVersionRow, 'id'>): Promise<LegalTextVersionRow | undefined> {
      const [row] = await db.insert(legalTextVersions).values(values).onConflictDoNothing().returning();
      return row;
    },

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
        .where(eq(winners.hidden, false))
        .orderBy(desc(winners.periodStart), asc(winners.id));
    },

    /** Every winner, hidden ones too, newest period first (the staff console). */
    listAllWinners(): Promise<WinnerRow[]> {
      return db.select().from(winners).orderBy(desc(winners.periodStart), asc(winners.winnerTypeDesc), asc(winners.id));
    },

    /** One winner; `lock` holds its row until the caller's transaction ends, so two editors take turns. */
    async findWinner(id: number, options: { lock?: boolean } = {}): Promise<WinnerRow | null> {
      const query = db.select().from(winners).where(eq(winners.id, id));
      const [row] = options.lock ? await query.for('update') : await query;
      return row ?? null;
    },

    /** A new winner; null when the same giveaway, period and name is listed already. */
    async insertWinner(fields: WinnerFieldsRow): Promise<WinnerRow | null> {
      const [row] = await db.insert(winners).values(fields).onConflictDoNothing().returning();
      return row ?? null;
    },

    /** The winner's fields saved, only while its revision is still `revision`; the revision grows by one. */
    async updateWinner(id: number, revision: number, fields: WinnerFieldsRow): Promise<WinnerRow | null> {
      const [row] = await db
        .update(winners)
        .set({ ...fields, revision: sql`${winners.revision} + 1` })
        .where(and(eq(winners.id, id), eq(winners.revision, revision)))
        .returning();
      return row ?? null;
    },

    /** The winner deleted, only while its revision is still `revision`. */
    async deleteWinner(id: number, revision: number): Promise<boolean> {
      const rows = await db
        .delete(winners)
        .where(and(eq(winners.id, id), eq(winners.revision, revision)))
        .returning({ id: winners.id });
      return rows.length > 0;
    },

    /** Every referral event text, newest month first, in each month's order (the staff console, decision 066). */
    listAllReferralEvents(): Promise<ReferralEventRow[]> {
      return db.select().from(referralEvents).orderBy(desc(referralEvents.month), asc(referralEvents.sortOrder), asc(referralEvents.id));
    },

    /** One referral event text; `lock` holds its row until the caller's transaction ends, so two editors take turns. */
    async findReferralEvent(id: number, options: { lock?: boolean } = {}): Promise<ReferralEventRow | null> {
      const query = db.select().from(referralEvents).where(eq(referralEvents.id, id));
      const [row] = options.lock ? await query.for('update') : await query;
      return row ?? null;
    },

    async insertReferralEvent(fields: ReferralEventFieldsRow): Promise<ReferralEventRow> {
      const [row] = await db.insert(referralEvents).values(fields).returning();
      return row!;
    },

    /** The text's fields saved, only while its revision is still `revision`; the revision grows by one. */
    async updateReferralEvent(id: number, revision: number, fields: ReferralEventFieldsRow): Promise<ReferralEventRow | null> {
      const [row] = await db
        .update(referralEvents)
        .set({ ...fields, revision: sql`${referralEvents.revision} + 1` })
        .where(and(eq(referralEvents.id, id), eq(referralEvents.revision, revision)))
        .returning();
      return row ?? null;
    },

    /** The text deleted, only while its revision is still `revision`. */
    async deleteReferralEvent(id: number, revision: number): Promise<boolean> {
      const rows = await db
        .delete(referralEvents)
        .where(and(eq(referralEvents.id, id), eq(referralEvents.revision, revision)))
        .returning({ id: referralEvents.id });
      return rows.length > 0;
    },

    /** The latest month up to `monthStart` that has referral event texts: the one testers are shown. */
    async shownReferralMonth(monthStart: string): Promise<string | null> {
      const [row] = await db
        .select({ month: referralEvents.month })
        .from(referralEvents)
        .where(lte(referralEvents.month, monthStart))
        .orderBy(desc(referralEvents.month))
        .limit(1);
      return row?.month ?? null;
    },

    /** Referral comments of the latest month that has any, up to the given month. */
    async listReferralEventsForMonth(monthStart: string) {
      const month = await this.shownReferralMonth(monthStart);
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
        .orderBy(asc(testSites.sortOrder), asc(testSites.siteId));
    },

    /** Every site with its revision, in the public order (the staff console). */
    listAllTestSites(): Promise<TestSiteRow[]> {
      return db.select().from(testSites).orderBy(asc(testSites.sortOrder), asc(testSites.siteId));
    },

    /** One site; `lock` holds its row until the caller's transaction ends. */
    /**
     * Which of `siteIds` are sites, their rows share-locked until the caller's transaction ends (in
     * id order, as a move locks them): a removal of one waits for the caller, or the caller waits
     * for the removal and does not find it (decision 069).
     */
    async lockTestSitesShared(siteIds: readonly string[]): Promise<string[]> {
      if (siteIds.length === 0) return [];
      const rows = await db
        .select({ siteId: testSites.siteId })
        .from(testSites)
        .where(inArray(testSites.siteId, [...siteIds]))
        .orderBy(asc(testSites.siteId))
        .for('share');
      return rows.map((row) => row.siteId);
    },

    async findTestSite(siteId: string, options: { lock?: boolean } = {}): Promise<TestSiteRow | null> {
      const query = db.select().from(testSites).where(eq(testSites.siteId, siteId));
      const [row] = options.lock ? await query.for('update') : await query;
      return row ?? null;
    },

    /**
     * A new site, last in order, numbered one past the highest five-digit id. The table is locked
     * against other additions until the caller's transaction ends, so two additions take turns
     * (reads and edits of other sites go on).
     */
    async insertTestSite(fields: TestSiteFieldsRow & { timeZone: string }, reservedIds: readonly string[] = []): Promise<TestSiteRow> {
      await db.execute(sql`lock table ${testSites} in share row exclusive mode`);
      const [next] = await db
        .select({
          siteId: sql<string>`lpad(cast(coalesce(max(cast(${testSites.siteId} as integer)), 0) + 1 as text), 5, '0')`,
          sortOrder: sql<number>`cast(coalesce(max(${testSites.sortOrder}), -1) + 1 as integer)`,
        })
        .from(testSites)
        .where(sql`${testSites.siteId} ~ '^[0-9]{5}$'`);
      // Ids other tables already name without a site row (the mail-only area 00006) are skipped (decision 069).
      let siteId = next!.siteId;
      while (reservedIds.includes(siteId)) siteId = String(Number(siteId) + 1).padStart(5, '0');
      const [row] = await db
        .insert(testSites)
        .values({ ...fields, siteId, sortOrder: next!.sortOrder, mapCode: null })
        .returning();
      return row!;
    },

    /** The site showing the maps page `mapCode`, if any. */
    async findTestSiteByMapCode(mapCode: string): Promise<TestSiteRow | null> {
      const [row] = await db.select().from(testSites).where(eq(testSites.mapCode, mapCode));
      return row ?? null;
    },

    /** The site's maps page set (or taken off), only while its revision is still `revision`; the unique index refuses a code another site shows. */
    async updateTestSiteMapCode(siteId: string, revision: number, mapCode: string | null): Promise<TestSiteRow | null> {
      const [row] = await db
        .update(testSites)
        .set({ mapCode, revision: sql`${testSites.revision} + 1` })
        .where(and(eq(testSites.siteId, siteId), eq(testSites.revision, revision)))
        .returning();
      return row ?? null;
    },

    /**
     * Every site locked until the transaction ends, then read in the public order (a move renumbers
     * them all). Locked by id, an order no move changes, so two moves at once cannot deadlock; read
     * again after, so a move that waited sees the order the other one left.
     */
    async lockAllTestSites(): Promise<TestSiteRow[]> {
      await db.select({ siteId: testSites.siteId }).from(testSites).orderBy(asc(testSites.siteId)).for('update');
      return db.select().from(testSites).orderBy(asc(testSites.sortOrder), asc(testSites.siteId));
    },

    /** The sites numbered 0, 1, 2… in the order of `siteIds`; the moved site's revision grows by one. */
    async setTestSiteOrder(siteIds: readonly string[], movedId: string): Promise<TestSiteRow> {
      let moved: TestSiteRow | undefined;
      for (const [index, siteId] of siteIds.entries()) {
        const [row] = await db
          .update(testSites)
          .set({ sortOrder: index, ...(siteId === movedId && { revision: sql`${testSites.revision} + 1` }) })
          .where(eq(testSites.siteId, siteId))
          .returning();
        if (siteId === movedId) moved = row;
      }
      return moved!;
    },

    /** The site deleted, only while its revision is still `revision`: answers whether it was. */
    async deleteTestSite(siteId: string, revision: number): Promise<boolean> {
      const rows = await db
        .delete(testSites)
        .where(and(eq(testSites.siteId, siteId), eq(testSites.revision, revision)))
        .returning({ siteId: testSites.siteId });
      return rows.length === 1;
    },

    /** The site's public fields saved, only while its revision is still `revision`; the revision grows by one. */
    async updateTestSite(siteId: string, revision: number, fields: TestSiteFieldsRow): Promise<TestSiteRow | null> {
      const [row] = await db
        .update(testSites)
        .set({ ...fields, revision: sql`${testSites.revision} + 1` })
        .where(and(eq(testSites.siteId, siteId), eq(testSites.revision, revision)))
        .returning();
      return row ?? null;
    },
  };
}

export type PublicContentRepository = ReturnType<typeof createPublicContentRepository>;
