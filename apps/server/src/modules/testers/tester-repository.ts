import { and, eq, getTableColumns, gt, inArray, isNull, or, sql, type AnyColumn } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { builtOnce } from '../../core/db/built-once.ts';
import type { Executor, SqlFragment } from '../../core/db/client.ts';
import { contactSettings, emailTokens, testerSuspensions, testers } from './tester-tables.ts';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type TesterRow = typeof testers.$inferSelect;
export type NewTester = typeof testers.$inferInsert;
export type TokenPurpose = 'confirm-email' | 'reset-password' | 'change-credentials' | 'resend-confirmation';

// Built once (decision 150): a spend reads the mail contact, a booking locks the row, on every call.
const mailContactStatement = builtOnce((db) =>
  db
    .select({
      email: testers.email,
      emailConfirmedAt: testers.emailConfirmedAt,
      firstName: testers.firstName,
      language: testers.language,
    })
    .from(testers)
    .where(eq(testers.id, sql.placeholder('id')))
    .limit(1),
);
const lockForUpdateStatement = builtOnce((db) =>
  db
    .select({
      id: testers.id,
      email: testers.email,
      phone: testers.phone,
      firstName: testers.firstName,
      lastName: testers.lastName,
      language: testers.language,
      suspendedUntil: testers.suspendedUntil,
    })
    .from(testers)
    .where(eq(testers.id, sql.placeholder('id')))
    .for('update'),
);

/**
 * Every write to the testers table goes through here (ESLint keeps the table to this module,
 * the session join and the ledger's balance update), and each one tells `onTesterChanged`, so
 * that cached copies of the row (the active-session cache) are dropped at once. `db` is the
 * database or the transaction of a unit of work; `now` is the injected clock's.
 */
export function createTesterRepository(db: Executor, onTesterChanged: (testerId: string, executor: Executor) => void, now: () => Date) {
  return {
    /** How many testers registration assigned to the site (a site is removed only at 0, decision 069). */
    async countAtSite(siteId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`cast(count(*) as integer)` })
        .from(testers)
        .where(eq(testers.siteId, siteId));
      return row?.count ?? 0;
    },

    /**
     * The account record without the password hash, the contact choices and the e-mailed codes
     * without their hashes, for the tester's data export (decision 040).
     */
    async exportOf(testerId: string) {
      const { passwordHash: _secret, ...profileColumns } = getTableColumns(testers);
      const [profile] = await db.select(profileColumns).from(testers).where(eq(testers.id, testerId));
      return {
        profile: profile ?? null,
        contactSettings: await db.select().from(contactSettings).where(eq(contactSettings.testerId, testerId)),
        emailCodes: await db
          .select({
            purpose: emailTokens.purpose,
            createdAt: emailTokens.createdAt,
            expiresAt: emailTokens.expiresAt,
            usedAt: emailTokens.usedAt,
          })
          .from(emailTokens)
          .where(eq(emailTokens.testerId, testerId)),
        suspensions: await db.select().from(testerSuspensions).where(eq(testerSuspensions.testerId, testerId)),
      };
    },

    /** Deletes the account record; every table that names the tester follows by its foreign key (decision 040). */
    async deleteById(testerId: string) {
      const rows = await db.delete(testers).where(eq(testers.id, testerId)).returning({ id: testers.id });
      onTesterChanged(testerId, db);
      return rows.length === 1;
    },

    async findByUsername(username: string) {
      const rows = await db
        .select()
        .from(testers)
        .where(eq(sql`lower(${testers.username})`, username.toLowerCase()))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Username and avatar of each tester, for lists that show other testers (winners, leaderboards). */
    publicProfiles(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({ id: testers.id, username: testers.username, avatarFile: testers.avatarFile })
        .from(testers)
        .where(inArray(testers.id, ids));
    },

    /** How many testers wear each profile picture (the staff's avatar list, decision 068). */
    avatarWearers() {
      return db
        .select({ avatarFile: testers.avatarFile, count: sql<number>`count(*)::int` })
        .from(testers)
        .groupBy(testers.avatarFile);
    },

    /** First and last names by tester id (the check-in's, decision 048). */
    /** Sign-ups by the week (Monday, in `timeZone`) of their account's creation, from `from` on (the staff dashboard, decision 058). */
    signUpsByWeek(from: Date, timeZone: string) {
      const week = sql`date_trunc('week', ${testers.createdAt} at time zone ${timeZone})::date::text`;
      return (
        db
          .select({ weekStart: sql<string>`${week}`, count: sql<number>`count(*)::int` })
          .from(testers)
          .where(sql`${testers.createdAt} >= ${from}`)
          // By position: the week expression's time zone is a parameter, so a repeat would not match it.
          .groupBy(sql`1`)
      );
    },

    namesByIds(ids: readonly string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({ id: testers.id, firstName: testers.firstName, lastName: testers.lastName, birthDate: testers.birthDate })
        .from(testers)
        .where(inArray(testers.id, [...ids]));
    },

    /** Names and phone numbers, for site staff's list of the day (decision 120). */
    namesAndPhonesByIds(ids: readonly string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({ id: testers.id, firstName: testers.firstName, lastName: testers.lastName, phone: testers.phone })
        .from(testers)
        .where(inArray(testers.id, [...ids]));
    },

    /**
     * The staff search (decision 053): testers whose key of each of `kinds` starts with `prefix`
     * (lower case; digits for a phone), at most `limit` per kind, duplicates possible. Each kind is
     * read as a range of its own "C"-collated index in that index's order, so a million testers
     * cost the same as a thousand; the kinds go as one statement (UNION ALL), one round trip.
     */
    searchByPrefix(kinds: readonly ('email' | 'phone' | 'username' | 'fullName' | 'lastName')[], prefix: string, limit: number) {
      const keys = {
        email: sql`lower(${testers.email}) collate "C"`,
        username: sql`lower(${testers.username}) collate "C"`,
        fullName: sql`lower(${testers.firstName} || ' ' || ${testers.lastName}) collate "C"`,
        lastName: sql`lower(${testers.lastName}) collate "C"`,
        phone: sql`${testers.phone} collate "C"`,
      };
      const pattern = `${prefix.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
      const read = (kind: keyof typeof keys) =>
        db
          .select({
            id: testers.id,
            firstName: testers.firstName,
            lastName: testers.lastName,
            username: testers.username,
            email: testers.email,
            phone: testers.phone,
            blackList: testers.blackList,
            suspendedUntil: testers.suspendedUntil,
          })
          .from(testers)
          .where(sql`${keys[kind]} like ${pattern}`)
          .orderBy(keys[kind])
          .limit(limit);
      const [first, ...rest] = kinds.map(read);
      if (!first) return Promise.resolve([]);
      return rest.length === 0 ? first : unionAll(first, ...(rest as [typeof first, ...(typeof first)[]]));
    },

    /** Puts the tester on or off the blackList; the row as it was, or null when it already was so (or is gone). */
    async setBlackList(testerId: string, blackList: boolean) {
      if (!UUID_PATTERN.test(testerId)) return null;
      const [row] = await db
        .update(testers)
        .set({ blackList })
        .where(and(eq(testers.id, testerId), eq(testers.blackList, !blackList)))
        .returning({ id: testers.id });
      if (!row) return null;
      onTesterChanged(testerId, db);
      return row;
    },

    async findById(id: string) {
      // Schemas reject a malformed id with 400; this keeps any other caller's from reaching PostgreSQL as a 500.
      if (!UUID_PATTERN.test(id)) return null;
      const rows = await db.select().from(testers).where(eq(testers.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /** What a message to the tester needs (their address, whether it is confirmed, their first name and language), not the whole row. */
    async mailContact(id: string) {
      if (!UUID_PATTERN.test(id)) return null;
      const rows = await mailContactStatement(db, { id });
      return rows[0] ?? null;
    },

    /** The tester's row locked until the transaction ends: one scheduling change of a tester at a time. */
    async lockForUpdate(id: string) {
      if (!UUID_PATTERN.test(id)) return null;
      const rows = await lockForUpdateStatement(db, { id });
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

    /** A duplicate username or e-mail fails on the unique indexes (see uniqueViolation). */
    async insert(tester: NewTester) {
      const [created] = await db.insert(testers).values(tester).returning();
      if (!created) throw new Error('tester insert returned nothing');
      return created;
    },

    /**
     * Suspends the tester from `startsAt` until `endsAt` unless a suspension is already in force;
     * true when this call suspended them. Conditional, so two racing calls suspend once.
     */
    async suspend(testerId: string, suspension: { reason: string; noShows: number; startsAt: Date; endsAt: Date }) {
      const [row] = await db
        .update(testers)
        .set({ suspendedUntil: suspension.endsAt })
        .where(and(eq(testers.id, testerId), or(isNull(testers.suspendedUntil), sql`${testers.suspendedUntil} <= ${suspension.startsAt}`)))
        .returning({ id: testers.id });
      if (!row) return false;
      await db.insert(testerSuspensions).values({ testerId, ...suspension });
      onTesterChanged(testerId, db);
      return true;
    },

    /** Ends the suspension in force at `at`, recording who lifted it and why; false when none was in force. */
    async liftSuspension(testerId: string, lift: { at: Date; liftedBy: string; reason: string }) {
      const [row] = await db
        .update(testers)
        .set({ suspendedUntil: null })
        .where(and(eq(testers.id, testerId), gt(testers.suspendedUntil, lift.at)))
        .returning({ id: testers.id });
      if (!row) return false;
      await db
        .update(testerSuspensions)
        .set({ liftedAt: lift.at, liftedBy: lift.liftedBy, liftReason: lift.reason })
        .where(and(eq(testerSuspensions.testerId, testerId), isNull(testerSuspensions.liftedAt), gt(testerSuspensions.endsAt, lift.at)));
      onTesterChanged(testerId, db);
      return true;
    },

    /** The tester's suspensions, newest first. */
    suspensions(testerId: string) {
      return db
        .select()
        .from(testerSuspensions)
        .where(eq(testerSuspensions.testerId, testerId))
        .orderBy(sql`${testerSuspensions.startsAt} desc`);
    },

    async setAvatar(testerId: string, avatarFile: string) {
      await db.update(testers).set({ avatarFile }).where(eq(testers.id, testerId));
      onTesterChanged(testerId, db);
    },

    async setPassword(testerId: string, passwordHash: string) {
      await db.update(testers).set({ passwordHash, passwordChangedAt: now() }).where(eq(testers.id, testerId));
      onTesterChanged(testerId, db);
    },

    /** The contact of the account settings page, with the test site its zip belongs to. */
    async updateContact(testerId: string, values: { address: string; city: string; zipCode: string; phone: string; siteId: string }) {
      const rows = await db.update(testers).set(values).where(eq(testers.id, testerId)).returning({ id: testers.id });
      onTesterChanged(testerId, db);
      return rows.length === 1;
    },

    /** The tester's language for every page and e-mail from now on. */
    async setLanguage(testerId: string, language: 'en' | 'es') {
      const rows = await db.update(testers).set({ language }).where(eq(testers.id, testerId)).returning({ id: testers.id });
      onTesterChanged(testerId, db);
      return rows.length === 1;
    },

    /**
     * Replaces the password only while it is still the one the caller checked (`previousHash`):
     * of two changes racing with the same current password exactly one goes through.
     */
    async replacePassword(testerId: string, previousHash: string, passwordHash: string) {
      const rows = await db
        .update(testers)
        .set({ passwordHash, passwordChangedAt: now() })
        .where(and(eq(testers.id, testerId), eq(testers.passwordHash, previousHash)))
        .returning({ id: testers.id });
      onTesterChanged(testerId, db);
      return rows.length === 1;
    },

    /** The tester's stored channel choices (a channel without a row is on). */
    async contactSettings(testerId: string) {
      return db
        .select({ contactType: contactSettings.contactType, isTurnOn: contactSettings.isTurnOn })
        .from(contactSettings)
        .where(eq(contactSettings.testerId, testerId));
    },

    /** One channel's choice, as one upsert: racing toggles of a channel leave one row holding one of their answers. */
    async setContactSetting(testerId: string, contactType: string, isTurnOn: boolean) {
      const [row] = await db
        .insert(contactSettings)
        .values({ testerId, contactType, isTurnOn, updatedAt: now() })
        .onConflictDoUpdate({
          target: [contactSettings.testerId, contactSettings.contactType],
          set: { isTurnOn, updatedAt: now() },
        })
        .returning({ contactType: contactSettings.contactType, isTurnOn: contactSettings.isTurnOn });
      if (!row) throw new Error('contact setting upsert returned nothing');
      return row;
    },

    async updateCredentials(testerId: string, values: { username: string; email: string; phone: string; passwordHash: string }) {
      await db
        .update(testers)
        .set({ ...values, passwordChangedAt: now(), mustChangeCredentials: false })
        .where(eq(testers.id, testerId));
      onTesterChanged(testerId, db);
    },

    async markEmailConfirmed(testerId: string) {
      await db
        .update(testers)
        .set({ emailConfirmedAt: now() })
        .where(and(eq(testers.id, testerId), isNull(testers.emailConfirmedAt)));
      onTesterChanged(testerId, db);
    },

    async insertToken(testerId: string, purpose: TokenPurpose, codeHash: string, expiresAt: Date) {
      await db.insert(emailTokens).values({ testerId, purpose, codeHash, expiresAt });
    },

    /** Uses a code once: the conditional update lets exactly one of two racing requests through. */
    async consumeToken(codeHash: string, purpose: TokenPurpose, testerId: string) {
      const rows = await db
        .update(emailTokens)
        .set({ usedAt: now() })
        .where(
          and(
            eq(emailTokens.codeHash, codeHash),
            eq(emailTokens.purpose, purpose),
            eq(emailTokens.testerId, testerId),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, now()),
          ),
        )
        .returning({ testerId: emailTokens.testerId });
      return rows.length === 1;
    },

    /** Voids every open code of the tester for one purpose (marks it used now); the number voided. */
    async voidTokens(testerId: string, purpose: TokenPurpose) {
      const rows = await db
        .update(emailTokens)
        .set({ usedAt: now() })
        .where(and(eq(emailTokens.testerId, testerId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)))
        .returning({ id: emailTokens.id });
      return rows.length;
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
            gt(emailTokens.expiresAt, now()),
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
  };
}

export type TesterRepository = ReturnType<typeof createTesterRepository>;

/**
 * The testers an invitation may reach, as a subquery of `tester_id` for one set-based statement
 * (decision 052): not suspended at `now`, not black-listed, invitation e-mail not turned off (no
 * Email row turned off: decision 035), within the ages (whole years at `now`, UTC) and sites, in
 * every `include` subquery and in no `exclude` one (other modules' subqueries of tester ids).
 */
export function testerAudienceSql(filter: {
  now: Date;
  minAge: number | null;
  maxAge: number | null;
  siteIds: readonly string[];
  include: readonly SqlFragment[];
  exclude: readonly SqlFragment[];
}): SqlFragment {
  const today = filter.now.toISOString().slice(0, 10);
  const conditions: SqlFragment[] = [
    sql`(${testers.suspendedUntil} is null or ${testers.suspendedUntil} <= ${filter.now})`,
    sql`${testers.blackList} = false`,
    sql`not exists (select 1 from ${contactSettings} where ${contactSettings.testerId} = ${testers.id} and ${contactSettings.contactType} = 'Email' and ${contactSettings.isTurnOn} = false)`,
  ];
  // Aged at least n: born on or before today n years ago; at most n: born after today n + 1 years ago.
  if (filter.minAge !== null)
    conditions.push(sql`${testers.birthDate} <= (${today}::date - make_interval(years => ${filter.minAge}))::date`);
  if (filter.maxAge !== null)
    conditions.push(sql`${testers.birthDate} > (${today}::date - make_interval(years => ${filter.maxAge + 1}))::date`);
  if (filter.siteIds.length > 0) conditions.push(inArray(testers.siteId, [...filter.siteIds])!);
  for (const subquery of filter.include) conditions.push(sql`${testers.id} in (${subquery})`);
  for (const subquery of filter.exclude)
    conditions.push(sql`not exists (select 1 from (${subquery}) as excluded where excluded.tester_id = ${testers.id})`);
  return sql`select ${testers.id} as tester_id from ${testers} where ${sql.join(conditions, sql` and `)}`;
}

/**
 * A tester's username by their id, for another module's list to sort and filter on in its own
 * statement (decision 136); null once the tester is deleted.
 */
export const usernameOfSql = (testerId: SqlFragment | AnyColumn): SqlFragment =>
  sql`(select ${testers.username} from ${testers} where ${testers.id} = ${testerId})`;
