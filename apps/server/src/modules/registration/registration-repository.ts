import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../core/db/client.ts';
import { adSources, reEngagementCodes, signUpLeads, zipPrefixSites } from './registration-tables.ts';

/** Reference data and small records of the entry flows. */
export function createRegistrationRepository(db: Executor, now: () => Date) {
  return {
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
