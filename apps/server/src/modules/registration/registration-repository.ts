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
