import { and, asc, eq, getTableColumns, gt, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/client.ts';
import { adSources, reEngagementCodes, signUpLeads, zipPrefixSites } from './registration-tables.ts';

/** Reference data and small records of the entry flows. */
export function createRegistrationRepository(db: Executor, now: () => Date) {
  return {
    /**
     * What the entry flows hold under the tester's address (any case), for the data export
     * (decision 040): short sign-up forms, and the record kept from before the site (without its
     * code and v, which open an account).
     */
    async exportFor(email: string) {
      const { code: _code, v: _v, ...recordColumns } = getTableColumns(reEngagementCodes);
      return {
        signUpLeads: await db
          .select()
          .from(signUpLeads)
          .where(sql`lower(${signUpLeads.email}) = lower(${email})`),
        preSiteRecords: await db
          .select(recordColumns)
          .from(reEngagementCodes)
          .where(sql`lower(${reEngagementCodes.email}) = lower(${email})`),
      };
    },

    /** Removes what the entry flows hold under the address (an account deleted, decision 040): answers how many rows. */
    async deleteFor(email: string) {
      const leads = await db
        .delete(signUpLeads)
        .where(sql`lower(${signUpLeads.email}) = lower(${email})`)
        .returning({ id: signUpLeads.id });
      const records = await db
        .delete(reEngagementCodes)
        .where(sql`lower(${reEngagementCodes.email}) = lower(${email})`)
        .returning({ code: reEngagementCodes.code });
      return leads.length + records.length;
    },

    async listAdSources() {
      return db.select({ adID: adSources.adId, adName: adSources.adName }).from(adSources).orderBy(asc(adSources.sortOrder));
    },

    async siteForZipPrefix(prefix: string) {
      const rows = await db
        .select({ siteId: zipPrefixSites.siteId })
        .from(zipPrefixSites)
        .where(eq(zipPrefixSites.prefix, prefix))
        .limit(1);
      return rows[0]?.siteId ?? null;
    },

    /**
     * The prefix's site inside a registration's transaction, its row share-locked until the commit
     * (decision 071): a site's removal deletes its prefixes before counting its testers, so it waits
     * for this registration and then counts its tester, or this waits for the removal and finds the
     * row gone; a new statement then reads the prefixes as they are after it (none: online only).
     */
    async lockedSiteForZipPrefix(prefix: string) {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const rows = await db
          .select({ siteId: zipPrefixSites.siteId })
          .from(zipPrefixSites)
          .where(eq(zipPrefixSites.prefix, prefix))
          .for('share');
        if (rows[0]) return rows[0].siteId;
      }
      return null;
    },

    /** Every ZIP prefix with its site, in prefix order (the staff console, decision 069). */
    async listZipPrefixes() {
      return db.select().from(zipPrefixSites).orderBy(asc(zipPrefixSites.prefix));
    },

    /** The prefix given to the site unless another site holds it (the primary key decides a race): answers whether it was added. */
    async insertZipPrefix(prefix: string, siteId: string) {
      const rows = await db
        .insert(zipPrefixSites)
        .values({ prefix, siteId })
        .onConflictDoNothing()
        .returning({ prefix: zipPrefixSites.prefix });
      return rows.length === 1;
    },

    /** The prefix taken from the site, only while the site holds it: answers whether it was. */
    async deleteZipPrefix(prefix: string, siteId: string) {
      const rows = await db
        .delete(zipPrefixSites)
        .where(and(eq(zipPrefixSites.prefix, prefix), eq(zipPrefixSites.siteId, siteId)))
        .returning({ prefix: zipPrefixSites.prefix });
      return rows.length === 1;
    },

    /** Every prefix of a site deleted (the site removed): answers the prefixes. */
    async deleteZipPrefixesOf(siteId: string) {
      const rows = await db.delete(zipPrefixSites).where(eq(zipPrefixSites.siteId, siteId)).returning({ prefix: zipPrefixSites.prefix });
      return rows.map((row) => row.prefix).sort();
    },

    /** The site ids the prefixes name, test sites or not (00006, the mail-only area, has prefixes and no site row). */
    async zipSiteIds() {
      const rows = await db.selectDistinct({ siteId: zipPrefixSites.siteId }).from(zipPrefixSites);
      return rows.map((row) => row.siteId);
    },

    async findReEngagement(code: string, phone: string) {
      const rows = await db
        .select()
        .from(reEngagementCodes)
        .where(
          and(
            eq(reEngagementCodes.code, code),
            eq(reEngagementCodes.phone, phone),
            or(isNull(reEngagementCodes.expiresAt), gt(reEngagementCodes.expiresAt, now())),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    async findReEngagementByV(v: string) {
      const rows = await db.select().from(reEngagementCodes).where(eq(reEngagementCodes.v, v)).limit(1);
      return rows[0] ?? null;
    },

    /** Marks a known tester's record as used by an online account; only one request wins. */
    async claimReEngagement(v: string) {
      const rows = await db
        .update(reEngagementCodes)
        .set({ usedAt: now() })
        .where(and(eq(reEngagementCodes.v, v), isNull(reEngagementCodes.usedAt)))
        .returning({ v: reEngagementCodes.v });
      return rows.length === 1;
    },

    async insertLead(lead: { firstName: string; lastName: string; phone: string; email: string }) {
      const [row] = await db.insert(signUpLeads).values(lead).returning({ id: signUpLeads.id });
      return row!.id;
    },
  };
}

export type RegistrationRepository = ReturnType<typeof createRegistrationRepository>;
