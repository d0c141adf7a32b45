import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Executor, SqlFragment } from '../../core/db/client.ts';
import {
  dossierAnswers,
  dossierPageCompletions,
  dossierPages,
  dossierQuestionSets,
  dossierQuestions,
  dossierTesterAnswers,
} from './about-me-tables.ts';

export interface SetAnswerInput {
  setId: number;
  answerIds: number[];
  answerText: string;
}

/** The testers holding every one of `answerIds` (About-me targeting for invitations, decision 052), as a subquery of `tester_id`. */
export function holdersOfAnswersSql(answerIds: readonly number[]): SqlFragment {
  const wanted = sql.join(
    answerIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  return sql`select ${dossierTesterAnswers.testerId} as tester_id from ${dossierTesterAnswers} cross join lateral unnest(${dossierTesterAnswers.answerIds}) as held(answer_id) where held.answer_id in (${wanted}) group by ${dossierTesterAnswers.testerId} having count(distinct held.answer_id) = ${answerIds.length}`;
}

export function createAboutMeRepository(db: Executor) {
  return {
    /** Every answer of an active set with its question, in page order: what staff target testers by. */
    async answerOptions() {
      return db
        .select({
          answerId: dossierAnswers.id,
          question: dossierQuestions.text,
          set: dossierQuestionSets.text,
          answer: dossierAnswers.text,
        })
        .from(dossierAnswers)
        .innerJoin(dossierQuestionSets, eq(dossierQuestionSets.id, dossierAnswers.setId))
        .innerJoin(dossierQuestions, eq(dossierQuestions.id, dossierQuestionSets.questionId))
        .where(eq(dossierQuestionSets.active, true))
        .orderBy(
          asc(dossierQuestions.pageId),
          asc(dossierQuestions.position),
          asc(dossierQuestionSets.position),
          asc(dossierAnswers.position),
        );
    },

    /** The tester's About-me answers and completed pages, for the tester's data export (decision 040). */
    async exportOf(testerId: string) {
      return {
        aboutMeAnswers: await db.select().from(dossierTesterAnswers).where(eq(dossierTesterAnswers.testerId, testerId)),
        aboutMePageCompletions: await db.select().from(dossierPageCompletions).where(eq(dossierPageCompletions.testerId, testerId)),
      };
    },

    /** Active pages the tester has not completed, in the page order. */
    async openPagesFor(testerId: string) {
      return db
        .select({ id: dossierPages.id, title: dossierPages.title, coins: dossierPages.coins })
        .from(dossierPages)
        .where(
          and(
            eq(dossierPages.active, true),
            notExists(
              db
                .select({ one: sql`1` })
                .from(dossierPageCompletions)
                .where(and(eq(dossierPageCompletions.pageId, dossierPages.id), eq(dossierPageCompletions.testerId, testerId))),
            ),
          ),
        )
        .orderBy(asc(dossierPages.position), asc(dossierPages.id));
    },

    async page(pageId: number) {
      const rows = await db.select().from(dossierPages).where(eq(dossierPages.id, pageId)).limit(1);
      return rows[0] ?? null;
    },

    /** Every active set of a page with its question and answers, one row per answer, in display order. */
    async pageStructure(pageId: number) {
      return db
        .select({
          questionId: dossierQuestions.id,
          questionText: dossierQuestions.text,
          setId: dossierQuestionSets.id,
          type: dossierQuestionSets.type,
          minChecked: dossierQuestionSets.minChecked,
          maxChecked: dossierQuestionSets.maxChecked,
          active: dossierQuestionSets.active,
          setText: dossierQuestionSets.text,
          answerId: dossierAnswers.id,
          answerText: dossierAnswers.text,
        })
        .from(dossierQuestions)
        .innerJoin(dossierQuestionSets, and(eq(dossierQuestionSets.questionId, dossierQuestions.id), eq(dossierQuestionSets.active, true)))
        .innerJoin(dossierAnswers, eq(dossierAnswers.setId, dossierQuestionSets.id))
        .where(eq(dossierQuestions.pageId, pageId))
        .orderBy(
          asc(dossierQuestions.position),
          asc(dossierQuestions.id),
          asc(dossierQuestionSets.position),
          asc(dossierQuestionSets.id),
          asc(dossierAnswers.position),
          asc(dossierAnswers.id),
        );
    },

    /** The pages of the given active sets of active pages (an unknown or retired set has no row). */
    async pagesOfSets(setIds: number[]) {
      return db
        .select({ setId: dossierQuestionSets.id, pageId: dossierQuestions.pageId })
        .from(dossierQuestionSets)
        .innerJoin(dossierQuestions, eq(dossierQuestions.id, dossierQuestionSets.questionId))
        .innerJoin(dossierPages, eq(dossierPages.id, dossierQuestions.pageId))
        .where(and(inArray(dossierQuestionSets.id, setIds), eq(dossierQuestionSets.active, true), eq(dossierPages.active, true)));
    },

    /** Replaces the tester's answers of these sets (one statement) and marks the page completed once. */
    async saveAnswers(testerId: string, pageId: number, answers: SetAnswerInput[], at: Date) {
      await db
        .insert(dossierTesterAnswers)
        .values(answers.map((answer) => ({ testerId, ...answer, updatedAt: at })))
        .onConflictDoUpdate({
          target: [dossierTesterAnswers.testerId, dossierTesterAnswers.setId],
          set: {
            answerIds: sql`excluded.answer_ids`,
            answerText: sql`excluded.answer_text`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
      await db.insert(dossierPageCompletions).values({ testerId, pageId, completedAt: at }).onConflictDoNothing();
    },

    async isCompleted(testerId: string, pageId: number) {
      const rows = await db
        .select({ pageId: dossierPageCompletions.pageId })
        .from(dossierPageCompletions)
        .where(and(eq(dossierPageCompletions.testerId, testerId), eq(dossierPageCompletions.pageId, pageId)))
        .limit(1);
      return rows.length === 1;
    },

    /** Every answer id the tester holds, over all sets. */
    /** Which of these ids are About-me answers (a study's targets are checked against them). */
    async existingAnswerIds(ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: dossierAnswers.id })
        .from(dossierAnswers)
        .where(inArray(dossierAnswers.id, [...ids]));
      return rows.map((row) => row.id);
    },

    async heldAnswerIds(testerId: string): Promise<number[]> {
      const rows = await db
        .select({ id: sql<number>`unnest(${dossierTesterAnswers.answerIds})` })
        .from(dossierTesterAnswers)
        .where(eq(dossierTesterAnswers.testerId, testerId));
      return rows.map((row) => Number(row.id));
    },
  };
}

export type AboutMeRepository = ReturnType<typeof createAboutMeRepository>;
