import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/client.ts';
import {
  quickSurveyAnswerCounts,
  quickSurveyCompletions,
  quickSurveyQuestions,
  quickSurveyResponses,
  quickSurveyScales,
  quickSurveys,
} from './quick-survey-tables.ts';

export interface ResponseRow {
  questionIndex: number;
  valueKeys: string[];
  codedResponse: string;
}

export interface CounterStep {
  questionIndex: number;
  answerKey: string;
}

export function createQuickSurveyRepository(db: Executor) {
  return {
    /** The tester's quick-survey answers and completions, for the tester's data export (decision 040). */
    async exportOf(testerId: string) {
      return {
        quickSurveyResponses: await db.select().from(quickSurveyResponses).where(eq(quickSurveyResponses.testerId, testerId)),
        quickSurveyCompletions: await db.select().from(quickSurveyCompletions).where(eq(quickSurveyCompletions.testerId, testerId)),
      };
    },

    /** Active surveys in their order, each with whether this tester completed it. */
    async surveysFor(testerId: string) {
      return db
        .select({
          jobId: quickSurveys.jobId,
          shortName: quickSurveys.shortName,
          coins: quickSurveys.coins,
          done: sql<boolean>`${quickSurveyCompletions.testerId} is not null`,
        })
        .from(quickSurveys)
        .leftJoin(
          quickSurveyCompletions,
          and(eq(quickSurveyCompletions.jobId, quickSurveys.jobId), eq(quickSurveyCompletions.testerId, testerId)),
        )
        .where(eq(quickSurveys.active, true))
        .orderBy(asc(quickSurveys.position), asc(quickSurveys.jobId));
    },

    async survey(jobId: number) {
      const rows = await db.select().from(quickSurveys).where(eq(quickSurveys.jobId, jobId)).limit(1);
      return rows[0] ?? null;
    },

    /** The survey's questions with their stored choices, one row per choice (a textbox question has one row with no choice). */
    async questionRows(jobId: number) {
      return db
        .select({
          questionIndex: quickSurveyQuestions.questionIndex,
          text: quickSurveyQuestions.text,
          style: quickSurveyQuestions.style,
          scaleIndex: quickSurveyScales.scaleIndex,
          scaleText: quickSurveyScales.text,
          score: quickSurveyScales.score,
          valueKey: quickSurveyScales.valueKey,
          imageId: quickSurveyScales.imageId,
        })
        .from(quickSurveyQuestions)
        .leftJoin(
          quickSurveyScales,
          and(
            eq(quickSurveyScales.jobId, quickSurveyQuestions.jobId),
            eq(quickSurveyScales.questionIndex, quickSurveyQuestions.questionIndex),
          ),
        )
        .where(eq(quickSurveyQuestions.jobId, jobId))
        .orderBy(asc(quickSurveyQuestions.questionIndex), asc(quickSurveyScales.scaleIndex));
    },

    async responsesOf(testerId: string, jobId: number): Promise<ResponseRow[]> {
      return db
        .select({
          questionIndex: quickSurveyResponses.questionIndex,
          valueKeys: quickSurveyResponses.valueKeys,
          codedResponse: quickSurveyResponses.codedResponse,
        })
        .from(quickSurveyResponses)
        .where(and(eq(quickSurveyResponses.jobId, jobId), eq(quickSurveyResponses.testerId, testerId)));
    },

    /** The survey and whether this tester completed it, in one round trip (the results' first read). */
    async surveyFor(testerId: string, jobId: number) {
      const rows = await db
        .select({
          survey: quickSurveys,
          done: sql<boolean>`exists (select 1 from ${quickSurveyCompletions} where ${quickSurveyCompletions.jobId} = ${quickSurveys.jobId} and ${quickSurveyCompletions.testerId} = ${testerId})`,
        })
        .from(quickSurveys)
        .where(eq(quickSurveys.jobId, jobId))
        .limit(1);
      return rows[0] ?? null;
    },

    async isCompleted(testerId: string, jobId: number) {
      const rows = await db
        .select({ jobId: quickSurveyCompletions.jobId })
        .from(quickSurveyCompletions)
        .where(and(eq(quickSurveyCompletions.jobId, jobId), eq(quickSurveyCompletions.testerId, testerId)))
        .limit(1);
      return rows.length === 1;
    },

    /**
     * Claims the tester's one completion; only the claim's winner goes on to store the responses
     * and move the counters. A concurrent second claim waits on the unique key, then finds the
     * row and stores nothing. False when the tester had completed the survey already.
     */
    async claimCompletion(testerId: string, jobId: number, at: Date): Promise<boolean> {
      const claimed = await db
        .insert(quickSurveyCompletions)
        .values({ jobId, testerId, completedAt: at })
        .onConflictDoNothing()
        .returning({ jobId: quickSurveyCompletions.jobId });
      return claimed.length === 1;
    },

    async insertResponses(testerId: string, jobId: number, responses: ResponseRow[]) {
      if (responses.length) await db.insert(quickSurveyResponses).values(responses.map((response) => ({ ...response, jobId, testerId })));
    },

    /**
     * Adds one to each counter in one statement. The steps arrive sorted, so concurrent
     * completions lock the counter rows in the same order and never deadlock.
     */
    async incrementCounters(jobId: number, steps: CounterStep[]) {
      if (!steps.length) return;
      await db
        .insert(quickSurveyAnswerCounts)
        .values(steps.map((step) => ({ jobId, ...step, count: 1 })))
        .onConflictDoUpdate({
          target: [quickSurveyAnswerCounts.jobId, quickSurveyAnswerCounts.questionIndex, quickSurveyAnswerCounts.answerKey],
          set: { count: sql`${quickSurveyAnswerCounts.count} + 1` },
        });
    },

    async counters(jobId: number) {
      return db
        .select({
          questionIndex: quickSurveyAnswerCounts.questionIndex,
          answerKey: quickSurveyAnswerCounts.answerKey,
          count: quickSurveyAnswerCounts.count,
        })
        .from(quickSurveyAnswerCounts)
        .where(eq(quickSurveyAnswerCounts.jobId, jobId));
    },
  };
}
