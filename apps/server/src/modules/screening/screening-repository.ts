import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { resultRows, type Executor, type SqlFragment } from '../../core/db/client.ts';
import { builtOnceForPerson } from '../../core/db/built-once.ts';
import { isChild, type Person } from '../../core/db/person.ts';

export type { Person } from '../../core/db/person.ts';
import type { Answers, QuestionKind, ScreenerQuestion, ScreenerQuota } from './screener-rules.ts';
import {
  screenerOptions,
  screenerQuestions,
  screenerQuotaConditions,
  screenerQuotas,
  screenings,
  studyWaitingList,
} from './screening-tables.ts';

export type ScreeningStatus = 'inProgress' | 'qualified' | 'disqualified' | 'full' | 'alreadyScheduled' | 'waitlisted';

export type WaitingListReason = 'screener' | 'notify' | 'notInterested';

/** A waiting-list entry (decision 024): notify names the session groups (scheduling's keys) to be told about. */
export interface WaitingListEntry {
  studyNo: number;
  testerId: string;
  /** Null or left out: the tester themself. */
  childId?: number | null;
  reason: WaitingListReason;
  groupIds: readonly number[];
}

export interface ScreeningRow {
  id: number;
  status: ScreeningStatus;
  answers: Answers;
}

/** A screener as the seed (later the staff console) writes it: questions, options and quotas named by keys, not ids. */
export interface ScreenerDefinition {
  studyNo: number;
  questions: {
    key: string;
    kind: QuestionKind;
    prompt: string;
    required?: boolean;
    minChoices?: number | null;
    maxChoices?: number | null;
    minValue?: number | null;
    maxValue?: number | null;
    maxLength?: number | null;
    qualifyMin?: number | null;
    qualifyMax?: number | null;
    showIf?: { question: string; options: string[] } | null;
    options?: { key: string; label: string; disqualifies?: boolean }[];
  }[];
  quotas?: {
    name: string;
    capacity: number;
    filled?: number;
    conditions: { question: string; options?: string[] | null; minValue?: number | null; maxValue?: number | null }[];
  }[];
}

/** Testers (themselves, not a child) who finished the study's screener, as a subquery of `tester_id` (decision 052). */
export const screenedInStudySql = (studyNo: number): SqlFragment =>
  sql`select ${screenings.testerId} as tester_id from ${screenings} where ${screenings.studyNo} = ${studyNo} and ${screenings.childId} is null and ${screenings.status} <> 'inProgress'`;

/** selfScheduleStanding's statement, built once for a tester's own standing and for a child's (decision 150). */
const selfScheduleStandingStatement = builtOnceForPerson(
  ({ testerId, childId }) => sql`
    select
      coalesce((select json_agg(json_build_object('studyNo', ${screenings.studyNo}, 'qualifiedAt', ${screenings.completedAt})
          order by ${screenings.completedAt}, ${screenings.studyNo})
        from ${screenings}
        where ${and(eq(screenings.testerId, testerId), isChild(screenings.childId, childId), eq(screenings.status, 'qualified'))}),
        '[]'::json) as qualified,
      coalesce((select json_agg(${studyWaitingList.studyNo}) from ${studyWaitingList}
        where ${and(eq(studyWaitingList.testerId, testerId), isChild(studyWaitingList.childId, childId))}), '[]'::json)
        as waiting_studies`,
);

export function createScreeningRepository(db: Executor) {
  return {
    /** The tester's (and their children's) screener answers and waiting-list places, for the tester's data export (decision 040). */
    async exportOf(testerId: string) {
      return {
        screenings: await db.select().from(screenings).where(eq(screenings.testerId, testerId)),
        waitingList: await db.select().from(studyWaitingList).where(eq(studyWaitingList.testerId, testerId)),
      };
    },

    /** A study's questions (with their options, in order) and quotas (with their conditions). */
    async loadScreener(studyNo: number): Promise<{ questions: ScreenerQuestion[]; quotas: ScreenerQuota[] }> {
      const questionRows = await db
        .select()
        .from(screenerQuestions)
        .where(eq(screenerQuestions.studyNo, studyNo))
        .orderBy(asc(screenerQuestions.position), asc(screenerQuestions.id));
      const questionIds = questionRows.map((row) => row.id);
      const optionRows = questionIds.length
        ? await db
            .select()
            .from(screenerOptions)
            .where(inArray(screenerOptions.questionId, questionIds))
            .orderBy(asc(screenerOptions.position), asc(screenerOptions.id))
        : [];
      const quotaRows = await db
        .select()
        .from(screenerQuotas)
        .where(eq(screenerQuotas.studyNo, studyNo))
        .orderBy(asc(screenerQuotas.position), asc(screenerQuotas.id));
      const conditionRows = quotaRows.length
        ? await db
            .select()
            .from(screenerQuotaConditions)
            .where(
              inArray(
                screenerQuotaConditions.quotaId,
                quotaRows.map((row) => row.id),
              ),
            )
        : [];
      const questions = questionRows.map((row) => ({
        id: row.id,
        kind: row.kind as QuestionKind,
        prompt: row.prompt,
        required: row.required,
        minChoices: row.minChoices,
        maxChoices: row.maxChoices,
        minValue: row.minValue,
        maxValue: row.maxValue,
        maxLength: row.maxLength,
        showIf: row.showIfQuestionId === null ? null : { questionId: row.showIfQuestionId, optionIds: row.showIfOptionIds ?? [] },
        qualifyMin: row.qualifyMin,
        qualifyMax: row.qualifyMax,
        options: optionRows
          .filter((option) => option.questionId === row.id)
          .map((option) => ({ id: option.id, label: option.label, disqualifies: option.disqualifies })),
      }));
      const quotas = quotaRows.map((row) => ({
        id: row.id,
        name: row.name,
        capacity: row.capacity,
        filled: row.filled,
        conditions: conditionRows
          .filter((condition) => condition.quotaId === row.id)
          .map((condition) => ({
            questionId: condition.questionId,
            optionIds: condition.optionIds,
            minValue: condition.minValue,
            maxValue: condition.maxValue,
          })),
      }));
      return { questions, quotas };
    },

    async findScreening({ testerId, childId }: Person, studyNo: number): Promise<ScreeningRow | null> {
      const [row] = await db
        .select({ id: screenings.id, status: screenings.status, answers: screenings.answers })
        .from(screenings)
        .where(and(eq(screenings.testerId, testerId), isChild(screenings.childId, childId), eq(screenings.studyNo, studyNo)))
        .limit(1);
      return row ? { ...row, status: row.status as ScreeningStatus } : null;
    },

    /** Keeps the answers of a screening in progress (made on the first save); false when it is already completed. */
    async saveProgress({ testerId, childId }: Person, studyNo: number, answers: Answers, now: Date): Promise<boolean> {
      const rows = await db
        .insert(screenings)
        .values({ testerId, childId, studyNo, answers, startedAt: now })
        .onConflictDoUpdate({
          target: [screenings.testerId, screenings.studyNo, screenings.childId],
          set: { answers },
          setWhere: sql`${screenings.status} = 'inProgress'`,
        })
        .returning({ id: screenings.id });
      return rows.length > 0;
    },

    /** The tester's screening for the study, made if need be and locked until the transaction ends (one completion at a time). */
    async lockScreening({ testerId, childId }: Person, studyNo: number, now: Date): Promise<ScreeningRow> {
      await db.insert(screenings).values({ testerId, childId, studyNo, startedAt: now }).onConflictDoNothing();
      const [row] = await db
        .select({ id: screenings.id, status: screenings.status, answers: screenings.answers })
        .from(screenings)
        .where(and(eq(screenings.testerId, testerId), isChild(screenings.childId, childId), eq(screenings.studyNo, studyNo)))
        .for('update');
      return { ...row!, status: row!.status as ScreeningStatus };
    },

    /**
     * Screenings finished with 101 whose person no longer holds an upcoming booking (`stillBooked` is
     * the scheduling module's condition) go back to in progress, answers kept: the 101 rule is about
     * now (issue 29). The quota the answers matched was never claimed at 101. Returns how many.
     */
    async reopenAfterBookings(stillBooked: (testerId: SqlFragment, childId: SqlFragment) => SqlFragment): Promise<number> {
      const reopened = await db
        .update(screenings)
        .set({ status: 'inProgress', completedAt: null, quotaId: null })
        .where(
          and(eq(screenings.status, 'alreadyScheduled'), sql`not ${stillBooked(sql`${screenings.testerId}`, sql`${screenings.childId}`)}`),
        )
        .returning({ id: screenings.id });
      return reopened.length;
    },

    async finishScreening(id: number, outcome: { status: ScreeningStatus; answers: Answers; quotaId: number | null; completedAt: Date }) {
      await db.update(screenings).set(outcome).where(eq(screenings.id, id));
    },

    /** One more place of the quota, unless it is full: true when counted. */
    async claimQuota(quotaId: number): Promise<boolean> {
      const rows = await db
        .update(screenerQuotas)
        .set({ filled: sql`${screenerQuotas.filled} + 1` })
        .where(and(eq(screenerQuotas.id, quotaId), sql`${screenerQuotas.filled} < ${screenerQuotas.capacity}`))
        .returning({ id: screenerQuotas.id });
      return rows.length > 0;
    },

    async isQuotaFull(quotaId: number): Promise<boolean> {
      const [row] = await db
        .select({ full: sql<boolean>`${screenerQuotas.filled} >= ${screenerQuotas.capacity}` })
        .from(screenerQuotas)
        .where(eq(screenerQuotas.id, quotaId));
      return row?.full ?? true;
    },

    /** Puts the tester on the study's waiting list; a second call keeps one row, with the latest reason and groups. */
    async addToWaitingList(entry: WaitingListEntry, now: Date) {
      const values = {
        studyNo: entry.studyNo,
        testerId: entry.testerId,
        childId: entry.childId ?? null,
        reason: entry.reason,
        groupIds: [...entry.groupIds],
      };
      await db
        .insert(studyWaitingList)
        .values({ ...values, addedAt: now })
        .onConflictDoUpdate({
          target: [studyWaitingList.studyNo, studyWaitingList.testerId, studyWaitingList.childId],
          set: { reason: values.reason, groupIds: values.groupIds },
        });
    },

    /**
     * The study's screenings for the staff (decision 051): oldest first after `afterId` (the export
     * pages through them), or the newest `limit` when `newest` is set (the results page).
     */
    /** Oldest first after an id (the export's pages), or newest first skipping some (the results page's pages). */
    screeningsOfStudy(studyNo: number, page: { afterId: number; limit: number } | { newestSkipping: number; limit: number }) {
      const newest = 'newestSkipping' in page;
      return db
        .select({
          id: screenings.id,
          testerId: screenings.testerId,
          childId: screenings.childId,
          status: screenings.status,
          answers: screenings.answers,
          quotaId: screenings.quotaId,
          startedAt: screenings.startedAt,
          completedAt: screenings.completedAt,
        })
        .from(screenings)
        .where(and(eq(screenings.studyNo, studyNo), newest ? undefined : sql`${screenings.id} > ${page.afterId}`))
        .orderBy(newest ? sql`${screenings.id} desc` : asc(screenings.id))
        .limit(page.limit)
        .offset(newest ? page.newestSkipping : 0);
    },

    /** How many people started or finished the study's screener (decision 050: above 0, only its wording may change). */
    async countScreenings(studyNo: number): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(screenings)
        .where(eq(screenings.studyNo, studyNo));
      return row?.count ?? 0;
    },

    /**
     * A study's screener in the recruiting funnel, in one statement (decision 122): people who
     * finished it, and those whose answers passed (qualified, or passed when the study was full,
     * kept a waiting list, or they were booked elsewhere).
     */
    async screeningFunnel(studyNo: number) {
      const [row] = await db
        .select({
          screened: sql<number>`count(*) filter (where ${screenings.status} <> 'inProgress')::int`,
          qualified: sql<number>`count(*) filter (where ${screenings.status} not in ('inProgress', 'disqualified'))::int`,
        })
        .from(screenings)
        .where(eq(screenings.studyNo, studyNo));
      return row!;
    },

    /** The study's waiting list, oldest entry first. */
    /** Each quota of the study in order, with its places taken (qualified testers) and its size: one query (decision 121). */
    quotaFill(studyNo: number) {
      return db
        .select({ id: screenerQuotas.id, name: screenerQuotas.name, qualified: screenerQuotas.filled, target: screenerQuotas.capacity })
        .from(screenerQuotas)
        .where(eq(screenerQuotas.studyNo, studyNo))
        .orderBy(asc(screenerQuotas.position), asc(screenerQuotas.id));
    },

    waitingListOfStudy(studyNo: number) {
      return db
        .select({
          testerId: studyWaitingList.testerId,
          childId: studyWaitingList.childId,
          reason: studyWaitingList.reason,
          groupIds: studyWaitingList.groupIds,
          addedAt: studyWaitingList.addedAt,
        })
        .from(studyWaitingList)
        .where(eq(studyWaitingList.studyNo, studyNo))
        .orderBy(asc(studyWaitingList.addedAt), asc(studyWaitingList.id));
    },

    /** The people on the study's list asking to be told about the group (reason notify), oldest entry first. */
    async notifyWaitersOf(studyNo: number, groupId: number): Promise<{ testerId: string; childId: number | null }[]> {
      return db
        .select({ testerId: studyWaitingList.testerId, childId: studyWaitingList.childId })
        .from(studyWaitingList)
        .where(
          and(
            eq(studyWaitingList.studyNo, studyNo),
            eq(studyWaitingList.reason, 'notify'),
            sql`${groupId} = any(${studyWaitingList.groupIds})`,
          ),
        )
        .orderBy(asc(studyWaitingList.addedAt), asc(studyWaitingList.id));
    },

    /** Who waits for any seat of the study (screener and Notify me entries), oldest first: a study-wide message's waiting list (decision 123). */
    async waitersOfStudy(studyNo: number): Promise<{ testerId: string; childId: number | null }[]> {
      return db
        .select({ testerId: studyWaitingList.testerId, childId: studyWaitingList.childId })
        .from(studyWaitingList)
        .where(and(eq(studyWaitingList.studyNo, studyNo), inArray(studyWaitingList.reason, ['screener', 'notify'])))
        .orderBy(asc(studyWaitingList.addedAt), asc(studyWaitingList.id));
    },

    /** Takes a cancelled group out of every Notify me entry naming it (decision 123): they no longer wait for it. */
    async forgetGroup(studyNo: number, groupId: number): Promise<void> {
      await db
        .update(studyWaitingList)
        .set({ groupIds: sql`array_remove(${studyWaitingList.groupIds}, ${groupId})` })
        .where(
          and(
            eq(studyWaitingList.studyNo, studyNo),
            eq(studyWaitingList.reason, 'notify'),
            sql`${groupId} = any(${studyWaitingList.groupIds})`,
          ),
        );
    },

    /** The tester's children who finished the study's screener, and those on its waiting list, by child key. */
    async childrenInStudy(testerId: string, studyNo: number): Promise<{ screened: Set<number>; waitlisted: Set<number> }> {
      const [finished, waiting] = await Promise.all([
        db
          .select({ childId: screenings.childId })
          .from(screenings)
          .where(
            and(
              eq(screenings.testerId, testerId),
              eq(screenings.studyNo, studyNo),
              sql`${screenings.childId} is not null`,
              sql`${screenings.status} <> 'inProgress'`,
            ),
          ),
        db
          .select({ childId: studyWaitingList.childId })
          .from(studyWaitingList)
          .where(
            and(
              eq(studyWaitingList.testerId, testerId),
              eq(studyWaitingList.studyNo, studyNo),
              sql`${studyWaitingList.childId} is not null`,
            ),
          ),
      ]);
      return {
        screened: new Set(finished.map((row) => row.childId!)),
        waitlisted: new Set(waiting.map((row) => row.childId!)),
      };
    },

    /**
     * What self-schedule reads of the person's screening (decision 024), in one statement (issue 27):
     * the studies they qualified for, earliest qualification first, and the studies whose waiting list
     * holds them.
     */
    async selfScheduleStanding({ testerId, childId }: Person): Promise<{
      qualified: { studyNo: number; qualifiedAt: Date }[];
      waitingStudies: number[];
    }> {
      const [row] = resultRows<{ qualified: { studyNo: number; qualifiedAt: string | null }[]; waiting_studies: number[] }>(
        await selfScheduleStandingStatement(db, { testerId, childId }),
      );
      return {
        qualified: row!.qualified.map((entry) => ({ studyNo: entry.studyNo, qualifiedAt: new Date(entry.qualifiedAt ?? 0) })),
        waitingStudies: row!.waiting_studies,
      };
    },

    /** A qualified screening with no answers (test support), whatever the tester's screening held before. */
    async recordQualified({ testerId, childId }: Person, studyNo: number, now: Date) {
      await db
        .insert(screenings)
        .values({ testerId, childId, studyNo, status: 'qualified', startedAt: now, completedAt: now })
        .onConflictDoUpdate({
          target: [screenings.testerId, screenings.studyNo, screenings.childId],
          set: { status: 'qualified', completedAt: now },
        });
    },

    /** Removes the study's questions (their options and quota conditions go with them) and quotas. */
    async deleteScreener(studyNo: number) {
      await db.delete(screenerQuotas).where(eq(screenerQuotas.studyNo, studyNo));
      await db.delete(screenerQuestions).where(eq(screenerQuestions.studyNo, studyNo));
    },

    async rewordQuestion(studyNo: number, questionId: number, prompt: string) {
      await db
        .update(screenerQuestions)
        .set({ prompt })
        .where(and(eq(screenerQuestions.id, questionId), eq(screenerQuestions.studyNo, studyNo)));
    },

    async rewordOption(questionId: number, optionId: number, label: string) {
      await db
        .update(screenerOptions)
        .set({ label })
        .where(and(eq(screenerOptions.id, optionId), eq(screenerOptions.questionId, questionId)));
    },

    /** Renames and resizes a quota unless the size would fall below its filled places (a conditional UPDATE): false then. */
    async resizeQuota(studyNo: number, quotaId: number, change: { name: string; capacity: number }): Promise<boolean> {
      const rows = await db
        .update(screenerQuotas)
        .set(change)
        .where(
          and(eq(screenerQuotas.id, quotaId), eq(screenerQuotas.studyNo, studyNo), sql`${screenerQuotas.filled} <= ${change.capacity}`),
        )
        .returning({ id: screenerQuotas.id });
      return rows.length > 0;
    },

    /** Writes a screener from its definition, turning keys into the new rows' ids. */
    async insertScreener(definition: ScreenerDefinition) {
      const questionIds = new Map<string, number>();
      const optionIds = new Map<string, number>();
      const optionId = (question: string, option: string) => {
        const id = optionIds.get(`${question}/${option}`);
        if (id === undefined) throw new Error(`Screener ${definition.studyNo}: no option ${question}/${option}.`);
        return id;
      };
      for (const [position, question] of definition.questions.entries()) {
        const showIfQuestionId = question.showIf ? questionIds.get(question.showIf.question) : undefined;
        if (question.showIf && showIfQuestionId === undefined)
          throw new Error(`Screener ${definition.studyNo}: ${question.key} depends on a later or unknown question.`);
        const [row] = await db
          .insert(screenerQuestions)
          .values({
            studyNo: definition.studyNo,
            position,
            kind: question.kind,
            prompt: question.prompt,
            required: question.required ?? true,
            minChoices: question.minChoices,
            maxChoices: question.maxChoices,
            minValue: question.minValue,
            maxValue: question.maxValue,
            maxLength: question.maxLength,
            qualifyMin: question.qualifyMin,
            qualifyMax: question.qualifyMax,
            showIfQuestionId,
            showIfOptionIds: question.showIf?.options.map((option) => optionId(question.showIf!.question, option)),
          })
          .returning({ id: screenerQuestions.id });
        questionIds.set(question.key, row!.id);
        for (const [optionPosition, option] of (question.options ?? []).entries()) {
          const [created] = await db
            .insert(screenerOptions)
            .values({ questionId: row!.id, position: optionPosition, label: option.label, disqualifies: option.disqualifies ?? false })
            .returning({ id: screenerOptions.id });
          optionIds.set(`${question.key}/${option.key}`, created!.id);
        }
      }
      for (const [position, quota] of (definition.quotas ?? []).entries()) {
        const [row] = await db
          .insert(screenerQuotas)
          .values({ studyNo: definition.studyNo, position, name: quota.name, capacity: quota.capacity, filled: quota.filled ?? 0 })
          .returning({ id: screenerQuotas.id });
        for (const condition of quota.conditions) {
          const questionId = questionIds.get(condition.question);
          if (questionId === undefined) throw new Error(`Screener ${definition.studyNo}: quota on unknown question ${condition.question}.`);
          await db.insert(screenerQuotaConditions).values({
            quotaId: row!.id,
            questionId,
            optionIds: condition.options?.map((option) => optionId(condition.question, option)),
            minValue: condition.minValue,
            maxValue: condition.maxValue,
          });
        }
      }
      return { questionIds, optionIds };
    },
  };
}
