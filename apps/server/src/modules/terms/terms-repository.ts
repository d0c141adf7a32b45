import { and, desc, eq, lte, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/client.ts';
import { termsAcceptances, termsVersions } from './terms-tables.ts';

export type TermsVersionRow = typeof termsVersions.$inferSelect;
export type TermsAcceptanceRow = typeof termsAcceptances.$inferSelect;

export function createTermsRepository(db: Executor) {
  return {
    /**
     * The version in force at `at`: the highest one whose publication time has come. `share` also
     * takes a key-share lock on it, so a publication (which locks the table) waits for the caller's
     * transaction, and the caller waits for a publication under way (decision 041).
     */
    async current(at: Date, options: { share?: boolean } = {}): Promise<TermsVersionRow | null> {
      const query = db.select().from(termsVersions).where(lte(termsVersions.publishedAt, at)).orderBy(desc(termsVersions.version)).limit(1);
      const [row] = options.share ? await query.for('key share') : await query;
      return row ?? null;
    },

    /** Every version, newest first. */
    listVersions() {
      return db.select().from(termsVersions).orderBy(desc(termsVersions.version));
    },

    /** Every acceptance of the tester, oldest first (download my data, decision 040). */
    acceptancesOf(testerId: string) {
      return db.select().from(termsAcceptances).where(eq(termsAcceptances.testerId, testerId)).orderBy(termsAcceptances.version);
    },

    /** The tester's acceptance of the highest version, or null. */
    async latestAcceptance(testerId: string): Promise<TermsAcceptanceRow | null> {
      const [row] = await db
        .select()
        .from(termsAcceptances)
        .where(eq(termsAcceptances.testerId, testerId))
        .orderBy(desc(termsAcceptances.version))
        .limit(1);
      return row ?? null;
    },

    /** Records an acceptance once: accepting again keeps the first row. Answers the stored row. */
    async accept(testerId: string, version: number, at: Date): Promise<TermsAcceptanceRow> {
      await db.insert(termsAcceptances).values({ testerId, version, acceptedAt: at }).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(termsAcceptances)
        .where(and(eq(termsAcceptances.testerId, testerId), eq(termsAcceptances.version, version)));
      return row!;
    },

    /**
     * A new version, numbered after the highest, under an exclusive lock of the table: readers that
     * record the current version (registration, accepting) wait for it, so none records the old one
     * after it and none is missed by `acceptForEveryoneBut`. Call inside a transaction. With
     * `basedOn` (a version number, or null for none), null when the latest version is another.
     */
    async publish(
      version: { publishedAt: Date; summaryEn: string; summaryEs: string },
      basedOn?: number | null,
    ): Promise<TermsVersionRow | null> {
      await db.execute(sql`lock table ${termsVersions} in exclusive mode`);
      const [latest] = await db
        .select({ version: termsVersions.version })
        .from(termsVersions)
        .orderBy(desc(termsVersions.version))
        .limit(1);
      // The staff console publishes over the latest version it showed; under the lock, a second publisher finds it moved.
      if (basedOn !== undefined && (latest?.version ?? null) !== basedOn) return null;
      const [row] = await db
        .insert(termsVersions)
        .values({ version: (latest?.version ?? 0) + 1, ...version })
        .returning();
      return row!;
    },

    /**
     * Every tester who accepted an earlier version, but `testerIds`, accepts `version` at `at` (test
     * support only: decision 041). A tester who never accepted any version stays asked.
     */
    async acceptForEveryoneBut(version: number, at: Date, testerIds: string[]): Promise<void> {
      const others = db
        .selectDistinct({
          testerId: termsAcceptances.testerId,
          version: sql<number>`${version}::integer`.as('version'),
          acceptedAt: sql<Date>`${at.toISOString()}::timestamptz`.as('accepted_at'),
        })
        .from(termsAcceptances)
        .where(testerIds.length > 0 ? notInArray(termsAcceptances.testerId, testerIds) : undefined);
      await db.insert(termsAcceptances).select(others).onConflictDoNothing();
    },

    /** Acceptances as they are (the seed's). */
    async insertAcceptances(rows: TermsAcceptanceRow[]): Promise<void> {
      for (let start = 0; start < rows.length; start += 1000) {
        await db
          .insert(termsAcceptances)
          .values(rows.slice(start, start + 1000))
          .onConflictDoNothing();
      }
    },
  };
}
