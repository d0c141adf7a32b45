import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { coinLedger, emailClicks, emailTokens, testers } from '../db/schema.ts';

export type TesterRow = typeof testers.$inferSelect;
export type NewTester = typeof testers.$inferInsert;
export type TokenPurpose = 'confirm-email' | 'reset-password' | 'change-credentials';

/** PostgreSQL's unique_violation, and which index raised it. */
export function uniqueViolation(error: unknown): string | null {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const code = (cause as { code?: string }).code;
  if (code !== '23505') return null;
  return (cause as { constraint?: string }).constraint ?? 'unknown';
}

/**
 * Every write to the testers table goes through here (ESLint keeps the table to this file
 * and the session join), and each one tells `onTesterChanged`, so that cached copies of the
 * row (the active-session cache) are dropped at once.
 */
export function createTesterRepository(db: Database, onTesterChanged: (testerId: string) => void) {
  return {
    async findByUsername(username: string) {
      const rows = await db
        .select()
        .from(testers)
        .where(eq(sql`lower(${testers.username})`, username.toLowerCase()))
        .limit(1);
      return rows[0] ?? null;
    },

    async findById(id: string) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
      const rows = await db.select().from(testers).where(eq(testers.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async findByEmail(email: string) {
      const rows = await db
        .select()
        .from(testers)
        .where(eq(sql`lower(${testers.email})`, email.toLowerCase()))
        .limit(1);
      return rows[0] ?? null;
    },

    async findByNameAndEmail(firstName: string, lastName: string, email: string) {
      const rows = await db
        .select()
        .from(testers)
        .where(
          and(
            eq(sql`lower(${testers.firstName})`, firstName.trim().toLowerCase()),
            eq(sql`lower(${testers.lastName})`, lastName.trim().toLowerCase()),
            eq(sql`lower(${testers.email})`, email.toLowerCase()),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    async usernameOrEmailTaken(username: string, email: string) {
      const [usernameRow] = username
        ? await db
            .select({ id: testers.id })
            .from(testers)
            .where(eq(sql`lower(${testers.username})`, username.toLowerCase()))
            .limit(1)
        : [];
      const [emailRow] = email
        ? await db
            .select({ id: testers.id })
            .from(testers)
            .where(eq(sql`lower(${testers.email})`, email.toLowerCase()))
            .limit(1)
        : [];
      return { usernameTaken: !!usernameRow, emailTaken: !!emailRow };
    },

    /**
     * Creates the tester with the welcome coins in one transaction: the ledger row and the
     * balance go in together. A duplicate username or e-mail fails on the unique indexes.
     */
    async insertWithWelcomeCoins(tester: NewTester, welcomeCoins: number, confirmToken: { codeHash: string; expiresAt: Date }) {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(testers)
          .values({ ...tester, coins: welcomeCoins })
          .returning();
        if (!created) throw new Error('tester insert returned nothing');
        if (welcomeCoins > 0)
          await tx.insert(coinLedger).values({ testerId: created.id, amount: welcomeCoins, reason: 'welcome-gift', reference: created.id });
        await tx
          .insert(emailTokens)
          .values({ testerId: created.id, purpose: 'confirm-email', codeHash: confirmToken.codeHash, expiresAt: confirmToken.expiresAt });
        return created;
      });
    },

    async setPassword(testerId: string, passwordHash: string) {
      await db.update(testers).set({ passwordHash }).where(eq(testers.id, testerId));
      onTesterChanged(testerId);
    },

    async updateCredentials(testerId: string, values: { username: string; email: string; phone: string; passwordHash: string }) {
      await db
        .update(testers)
        .set({ ...values, mustChangeCredentials: false })
        .where(eq(testers.id, testerId));
      onTesterChanged(testerId);
    },

    async markEmailConfirmed(testerId: string) {
      await db
        .update(testers)
        .set({ emailConfirmedAt: new Date() })
        .where(and(eq(testers.id, testerId), isNull(testers.emailConfirmedAt)));
      onTesterChanged(testerId);
    },

    async insertToken(testerId: string, purpose: TokenPurpose, codeHash: string, expiresAt: Date) {
      await db.insert(emailTokens).values({ testerId, purpose, codeHash, expiresAt });
    },

    /** Uses a code once: the conditional update lets exactly one of two racing requests through. */
    async consumeToken(codeHash: string, purpose: TokenPurpose, testerId: string) {
      const rows = await db
        .update(emailTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(emailTokens.codeHash, codeHash),
            eq(emailTokens.purpose, purpose),
            eq(emailTokens.testerId, testerId),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, new Date()),
          ),
        )
        .returning({ testerId: emailTokens.testerId });
      return rows.length === 1;
    },

    /** The tester of a code that is still unused and unexpired, without using it up. */
    async testerForToken(codeHash: string, purpose: TokenPurpose) {
      const rows = await db
        .select({ testerId: emailTokens.testerId })
        .from(emailTokens)
        .where(
          and(
            eq(emailTokens.codeHash, codeHash),
            eq(emailTokens.purpose, purpose),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, new Date()),
          ),
        )
        .limit(1);
      return rows[0]?.testerId ?? null;
    },

    /** Whether a code was ever issued to this tester for this purpose, used or not. */
    async tokenBelongsTo(codeHash: string, purpose: TokenPurpose, testerId: string) {
      const rows = await db
        .select({ id: emailTokens.id })
        .from(emailTokens)
        .where(and(eq(emailTokens.codeHash, codeHash), eq(emailTokens.purpose, purpose), eq(emailTokens.testerId, testerId)))
        .limit(1);
      return rows.length === 1;
    },

    async recordEmailClick(testerId: string, eCode: string) {
      await db.insert(emailClicks).values({ testerId, eCode });
    },
  };
}

export type TesterRepository = ReturnType<typeof createTesterRepository>;
