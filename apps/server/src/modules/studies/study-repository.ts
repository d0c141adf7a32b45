import { and, asc, desc, eq, exists, getTableColumns, gt, inArray, isNull, lte, ne, not, or, sql, type AnyColumn } from 'drizzle-orm';
import { builtOnce } from '../../core/db/built-once.ts';
import type { Executor } from '../../core/db/client.ts';
// One query decides the list for a million testers (decision 017): "not screened yet" reads the
// screening module's table in it, as the session join reads testers (decision 016).
// eslint-disable-next-line no-restricted-imports
import { screenings } from '../screening/screening-tables.ts';
import {
  externalScreenerTokens,
  screenerHosts,
  screenerListRemovals,
  studies,
  studyDossierTargets,
  studyReturnSecrets,
} from './study-tables.ts';

export type StudyRow = typeof studies.$inferSelect;
export type NewStudy = typeof studies.$inferInsert;

export interface OpenStudyFilter {
  testerId: string;
  /** The tester's site; null: only online-only studies. */
  siteId: string | null;
  age: number;
  now: Date;
  /** The About-me answers the tester holds (a study's targets must all be among them). */
  heldAnswerIds: readonly number[];
}

/** The studies of these project types, as a subquery of `study_no` (the invitation filters' exclusion by kind, decision 121). */
export const studiesOfProjectTypesSql = (projectTypes: readonly number[]) =>
  sql`select ${studies.studyNo} as study_no from ${studies} where ${inArray(studies.projectType, [...projectTypes])}`;

/** A study's name (its basic info) as a scalar subquery on `studyNo`: another module's list sorts and filters by it in its own statement. */
export const studyNameOfSql = (studyNo: AnyColumn) =>
  sql`(select ${studies.studyBasicInfo} from ${studies} where ${studies.studyNo} = ${studyNo})`;

/** An int[] literal for one parameter: the same plan whatever the number of ids. */
const intArray = (ids: readonly number[]) => `{${ids.filter((id) => Number.isSafeInteger(id)).join(',')}}`;

/** The list's rules, on placeholders (testerId, siteId, age, now as ISO text, held as an int[] literal) so one prepared statement serves every call. */
function openStudies(db: Executor) {
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  const screened = db
    .select({ one: sql`1` })
    .from(screenings)
    .where(
      and(
        eq(screenings.testerId, sql`${sql.placeholder('testerId')}::uuid`),
        eq(screenings.studyNo, studies.studyNo),
        // The tester's own screening: a child's (decision 029) leaves the study on the parent's list.
        isNull(screenings.childId),
        ne(screenings.status, 'inProgress'),
      ),
    );
  const removed = db
    .select({ one: sql`1` })
    .from(screenerListRemovals)
    .where(
      and(eq(screenerListRemovals.testerId, sql`${sql.placeholder('testerId')}::uuid`), eq(screenerListRemovals.studyNo, studies.studyNo)),
    );
  const missingTarget = db
    .select({ one: sql`1` })
    .from(studyDossierTargets)
    .where(
      and(eq(studyDossierTargets.studyNo, studies.studyNo), sql`${studyDossierTargets.answerId} <> all(${sql.placeholder('held')}::int[])`),
    );
  return and(
    sql`${studies.opensAt} <= ${now}`,
    or(isNull(studies.closesAt), sql`${studies.closesAt} > ${now}`),
    sql`${studies.minimumAge} <= ${sql.placeholder('age')}::int`,
    or(isNull(studies.maximumAge), sql`${studies.maximumAge} >= ${sql.placeholder('age')}::int`),
    // A tester with no site (null) compares to nothing: online-only studies only.
    or(isNull(studies.siteId), sql`${studies.siteId} = ${sql.placeholder('siteId')}::text`),
    not(exists(screened)),
    not(exists(removed)),
    not(exists(missingTarget)),
  );
}

const placeholderValues = (filter: OpenStudyFilter) => ({
  testerId: filter.testerId,
  siteId: filter.siteId,
  age: filter.age,
  now: filter.now.toISOString(),
  held: intArray(filter.heldAnswerIds),
});

/** findStudies' statement, built once (decision 150): a booking reads its studies with it. */
const findStudiesStatement = builtOnce((db) =>
  db
    .select()
    .from(studies)
    .where(sql`${studies.studyNo} = any(${sql.placeholder('studyNos')}::integer[])`)
    .orderBy(asc(studies.studyNo)),
);

export function createStudyRepository(db: Executor) {
  // Prepared once per repository: PostgreSQL plans it once per connection instead of every call.
  let listQuery: ReturnType<typeof prepareList> | undefined;
  function prepareList() {
    return db
      .select({
        screenerStudyNo: studies.studyNo,
        projectType: studies.projectType,
        participantTypeID: studies.participantTypeId,
        minimumAge: studies.minimumAge,
        isWaitingList: studies.isWaitingList,
        colorName: studies.colorName,
        testerLabel: studies.testerLabel,
        studyBasicInfo: studies.studyBasicInfo,
        coinValue: studies.coinValue,
      })
      .from(studies)
      .where(openStudies(db))
      .orderBy(asc(studies.studyNo))
      .prepare('list_screeners');
  }

  return {
    /** Studies held at the site (a site is removed only at 0, decision 069). */
    async countAtSite(siteId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`cast(count(*) as integer)` })
        .from(studies)
        .where(eq(studies.siteId, siteId));
      return row?.count ?? 0;
    },

    /** The outside-screener tokens issued to the tester (without the token) and the screeners they removed, for the data export (decision 040). */
    async exportOf(testerId: string) {
      const { tokenHash: _secret, ...tokenColumns } = getTableColumns(externalScreenerTokens);
      return {
        externalScreenerTokens: await db
          .select(tokenColumns)
          .from(externalScreenerTokens)
          .where(eq(externalScreenerTokens.testerId, testerId)),
        screenerListRemovals: await db.select().from(screenerListRemovals).where(eq(screenerListRemovals.testerId, testerId)),
      };
    },

    /** The screener list: open, the tester's age and site, not screened yet, targeting matched. One query. */
    async listScreenersFor(filter: OpenStudyFilter) {
      listQuery ??= prepareList();
      return listQuery.execute(placeholderValues(filter));
    },

    /** The study when it is open to this tester by the same rules as the list, else null. */
    async findOpenStudy(filter: OpenStudyFilter & { studyNo: number }): Promise<StudyRow | null> {
      const [row] = await db
        .select()
        .from(studies)
        .where(and(eq(studies.studyNo, filter.studyNo), openStudies(db)))
        .limit(1)
        .execute(placeholderValues(filter));
      return row ?? null;
    },

    /** Each study's description (basic information), by study number. */
    /** The studies open at `now` (opened, not closed), newest first: what staff may invite testers to (decision 052). */
    async openStudies(now: Date) {
      return db
        .select({ studyNo: studies.studyNo, name: studies.studyBasicInfo })
        .from(studies)
        .where(sql`${studies.opensAt} <= ${now} and (${studies.closesAt} is null or ${studies.closesAt} > ${now})`)
        .orderBy(sql`${studies.studyNo} desc`);
    },

    /** Every study that has opened by `now`, newest first, with its project type: what an invitation may leave out the testers of (decision 121). */
    async studiesOpenedBy(now: Date) {
      return db
        .select({ studyNo: studies.studyNo, name: studies.studyBasicInfo, projectType: studies.projectType })
        .from(studies)
        .where(lte(studies.opensAt, now))
        .orderBy(desc(studies.studyNo));
    },

    async studyNames(studyNos: readonly number[]): Promise<Map<number, string>> {
      if (studyNos.length === 0) return new Map();
      const rows = await db
        .select({ studyNo: studies.studyNo, name: studies.studyBasicInfo })
        .from(studies)
        .where(inArray(studies.studyNo, [...studyNos]));
      return new Map(rows.map((row) => [row.studyNo, row.name]));
    },

    async findStudyByGuid(guid: string): Promise<StudyRow | null> {
      // Schemas reject a malformed GUID with 400; this keeps any other caller's from reaching PostgreSQL as a 500.
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(guid)) return null;
      const [row] = await db.select().from(studies).where(eq(studies.guid, guid.toLowerCase())).limit(1);
      return row ?? null;
    },

    async findStudy(studyNo: number): Promise<StudyRow | null> {
      const [row] = await db.select().from(studies).where(eq(studies.studyNo, studyNo)).limit(1);
      return row ?? null;
    },

    /** One more qualified tester, unless the recruit target is reached: true when counted. */
    async claimRecruitSlot(studyNo: number): Promise<boolean> {
      const rows = await db
        .update(studies)
        .set({ qualifiedCount: sql`${studies.qualifiedCount} + 1` })
        .where(
          and(eq(studies.studyNo, studyNo), or(isNull(studies.recruitTarget), sql`${studies.qualifiedCount} < ${studies.recruitTarget}`)),
        )
        .returning({ studyNo: studies.studyNo });
      return rows.length > 0;
    },

    async listHosts(): Promise<string[]> {
      const rows = await db.select({ host: screenerHosts.host }).from(screenerHosts);
      return rows.map((row) => row.host);
    },

    async insertHosts(hosts: readonly string[]) {
      if (hosts.length)
        await db
          .insert(screenerHosts)
          .values(hosts.map((host) => ({ host })))
          .onConflictDoNothing();
    },

    async insertStudy(study: NewStudy, targetAnswerIds: readonly number[]) {
      await db.insert(studies).values(study);
      if (targetAnswerIds.length)
        await db.insert(studyDossierTargets).values(targetAnswerIds.map((answerId) => ({ studyNo: study.studyNo, answerId })));
    },

    /** The ages of the children a kid study takes (the seed; later the staff console). */
    async setChildAges(studyNo: number, ages: { min: number | null; max: number | null }) {
      await db.update(studies).set({ childMinimumAge: ages.min, childMaximumAge: ages.max }).where(eq(studies.studyNo, studyNo));
    },

    /** The staff's list (decision 050): open, or not (closed or opening later), or all; by number or words of the name; newest number first. */
    async listForStaff(filter: { status: 'open' | 'closed' | 'all'; q: string; now: Date }, offset: number, limit: number) {
      const isOpen = and(lte(studies.opensAt, filter.now), or(isNull(studies.closesAt), gt(studies.closesAt, filter.now)));
      const words = filter.q.split(/\s+/).filter(Boolean);
      const number = /^\d{1,9}$/.test(filter.q) ? Number(filter.q) : null;
      const matches = words.length
        ? or(
            ...(number !== null ? [eq(studies.studyNo, number)] : []),
            and(...words.map((word) => sql`${studies.studyBasicInfo} ilike ${`%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`)),
          )
        : undefined;
      return db
        .select()
        .from(studies)
        .where(and(filter.status === 'open' ? isOpen : filter.status === 'closed' ? not(isOpen!) : undefined, matches))
        .orderBy(desc(studies.studyNo))
        .offset(offset)
        .limit(limit);
    },

    /** The study, locked until the transaction ends (two staff saving it take turns). */
    async lockStudy(studyNo: number): Promise<StudyRow | null> {
      const [row] = await db.select().from(studies).where(eq(studies.studyNo, studyNo)).for('update');
      return row ?? null;
    },

    /** Writes the staff's change and the next version, if the version is still the one the change started from: the row, or null. */
    async updateStudyAtVersion(studyNo: number, version: number, change: Partial<NewStudy>): Promise<StudyRow | null> {
      const [row] = await db
        .update(studies)
        .set({ ...change, version: sql`${studies.version} + 1` })
        .where(and(eq(studies.studyNo, studyNo), eq(studies.version, version)))
        .returning();
      return row ?? null;
    },

    /** A new study unless its number is taken: false then. */
    async insertStudyIfNew(study: NewStudy): Promise<boolean> {
      const rows = await db.insert(studies).values(study).onConflictDoNothing().returning({ studyNo: studies.studyNo });
      return rows.length > 0;
    },

    async targetsOf(studyNo: number): Promise<number[]> {
      const rows = await db
        .select({ answerId: studyDossierTargets.answerId })
        .from(studyDossierTargets)
        .where(eq(studyDossierTargets.studyNo, studyNo))
        .orderBy(asc(studyDossierTargets.answerId));
      return rows.map((row) => row.answerId);
    },

    async replaceTargets(studyNo: number, answerIds: readonly number[]) {
      await db.delete(studyDossierTargets).where(eq(studyDossierTargets.studyNo, studyNo));
      if (answerIds.length) await db.insert(studyDossierTargets).values([...new Set(answerIds)].map((answerId) => ({ studyNo, answerId })));
    },

    /** Hides the study from the tester's screener list; again is harmless. */
    async removeFromList(testerId: string, studyNo: number, now: Date) {
      await db.insert(screenerListRemovals).values({ testerId, studyNo, removedAt: now }).onConflictDoNothing();
    },

    async insertExternalToken(token: { tokenHash: string; testerId: string; studyNo: number; createdAt: Date; usedAt?: Date | null }) {
      await db.insert(externalScreenerTokens).values(token);
    },

    /** Sets what attending pays on the studies that pay nothing for it yet (the seed, decision 048). */
    async setAttendancePayWhereUnset(studyNos: readonly number[], pay: { coins: number; exp: number }) {
      await db
        .update(studies)
        .set({ attendanceCoins: pay.coins, attendanceExp: pay.exp })
        .where(and(inArray(studies.studyNo, [...studyNos]), eq(studies.attendanceCoins, 0), eq(studies.attendanceExp, 0)));
    },

    async findStudies(studyNos: readonly number[]): Promise<StudyRow[]> {
      if (studyNos.length === 0) return [];
      return findStudiesStatement(db, { studyNos });
    },

    /** The tester's unused token with its study's return secret (null: none set), or null for an unknown, used or other tester's token. */
    async pendingExternalReturn(tokenHash: string, testerId: string): Promise<{ studyNo: number; secret: string | null } | null> {
      const [row] = await db
        .select({ studyNo: externalScreenerTokens.studyNo, secret: studyReturnSecrets.secret })
        .from(externalScreenerTokens)
        .leftJoin(studyReturnSecrets, eq(studyReturnSecrets.studyNo, externalScreenerTokens.studyNo))
        .where(
          and(
            eq(externalScreenerTokens.tokenHash, tokenHash),
            eq(externalScreenerTokens.testerId, testerId),
            isNull(externalScreenerTokens.usedAt),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** The study's return secret ends in these characters (what staff are shown), or null when none is set. */
    async returnSecretEnding(studyNo: number): Promise<string | null> {
      const [row] = await db
        .select({ ending: sql<string>`right(${studyReturnSecrets.secret}, 4)` })
        .from(studyReturnSecrets)
        .where(eq(studyReturnSecrets.studyNo, studyNo));
      return row?.ending ?? null;
    },

    /** Sets or replaces the study's return secret. */
    async setReturnSecret(studyNo: number, secret: string, now: Date) {
      await db
        .insert(studyReturnSecrets)
        .values({ studyNo, secret, setAt: now })
        .onConflictDoUpdate({ target: studyReturnSecrets.studyNo, set: { secret, setAt: now } });
    },

    /** Marks the tester's unused token used (a conditional UPDATE: one caller wins); its study, or null. */
    async useExternalToken(tokenHash: string, testerId: string, now: Date): Promise<number | null> {
      const rows = await db
        .update(externalScreenerTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(externalScreenerTokens.tokenHash, tokenHash),
            eq(externalScreenerTokens.testerId, testerId),
            isNull(externalScreenerTokens.usedAt),
          ),
        )
        .returning({ studyNo: externalScreenerTokens.studyNo });
      return rows[0]?.studyNo ?? null;
    },

    /** Each study the tester came back from an outside screener for, with the first return. */
    async externalReturns(testerId: string): Promise<{ studyNo: number; returnedAt: Date }[]> {
      const rows = await db
        .select({ studyNo: externalScreenerTokens.studyNo, returnedAt: sql<string>`min(${externalScreenerTokens.usedAt})` })
        .from(externalScreenerTokens)
        .where(and(eq(externalScreenerTokens.testerId, testerId), sql`${externalScreenerTokens.usedAt} is not null`))
        .groupBy(externalScreenerTokens.studyNo);
      return rows.map((row) => ({ studyNo: row.studyNo, returnedAt: new Date(row.returnedAt) }));
    },
  };
}
