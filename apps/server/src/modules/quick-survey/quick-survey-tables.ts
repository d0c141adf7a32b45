import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { testers } from '../testers/tester-tables.ts';

/** Quick surveys (spec 2 "Quick survey"): short polls with a reward, data staff will edit later. */
export const quickSurveys = pgTable(
  'quick_surveys',
  {
    jobId: integer('job_id').primaryKey(),
    shortName: text('short_name').notNull(),
    coins: integer('coins').notNull().default(0),
    experience: integer('experience').notNull().default(0),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (table) => [check('quick_surveys_reward_not_negative', sql`${table.coins} >= 0 and ${table.experience} >= 0`)],
);

export const quickSurveyQuestions = pgTable(
  'quick_survey_questions',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => quickSurveys.jobId, { onDelete: 'cascade' }),
    questionIndex: integer('question_index').notNull(),
    text: text('text').notNull(),
    /** 'checkbox' (Other and None of the above are added by the server), 'radio' or 'textbox'. */
    style: text('style').notNull(),
  },
  (table) => [
    primaryKey({ name: 'quick_survey_questions_pk', columns: [table.jobId, table.questionIndex] }),
    check('quick_survey_questions_style', sql`${table.style} in ('checkbox', 'radio', 'textbox')`),
  ],
);

/** A question's choices. OTHER and NONE are the server's own keys and never stored here. */
export const quickSurveyScales = pgTable(
  'quick_survey_scales',
  {
    jobId: integer('job_id').notNull(),
    questionIndex: integer('question_index').notNull(),
    scaleIndex: integer('scale_index').notNull(),
    text: text('text').notNull(),
    score: integer('score').notNull().default(1),
    valueKey: text('value_key').notNull(),
    imageId: integer('image_id'),
  },
  (table) => [
    primaryKey({ name: 'quick_survey_scales_pk', columns: [table.jobId, table.questionIndex, table.scaleIndex] }),
    uniqueIndex('quick_survey_scales_value_key').on(table.jobId, table.questionIndex, table.valueKey),
    foreignKey({
      name: 'quick_survey_scales_question_fk',
      columns: [table.jobId, table.questionIndex],
      foreignColumns: [quickSurveyQuestions.jobId, quickSurveyQuestions.questionIndex],
    }).onDelete('cascade'),
    check('quick_survey_scales_own_keys', sql`${table.valueKey} not in ('OTHER', 'NONE') and ${table.valueKey} <> ''`),
  ],
);

/** A tester's answer to one question: the chosen value keys and the comment ('' when none). */
export const quickSurveyResponses = pgTable(
  'quick_survey_responses',
  {
    jobId: integer('job_id').notNull(),
    testerId: uuid('tester_id')
      .notNull()
      .references(() => testers.id, { onDelete: 'cascade' }),
    questionIndex: integer('question_index').notNull(),
    valueKeys: text('value_keys').array().notNull(),
    codedResponse: text('coded_response').notNull().default(''),
  },
  (table) => [
    primaryKey({ name: 'quick_survey_responses_pk', columns: [table.jobId, table.testerId, table.questionIndex] }),
    foreignKey({
      name: 'quick_survey_responses_question_fk',
      columns: [table.jobId, table.questionIndex],
      foreignColumns: [quickSurveyQuestions.jobId, quickSurveyQuestions.questionIndex],
    }).onDelete('cascade'),
  ],
);

/** A tester's response counts once: this row is the claim, inserted with the responses and the counters. */
export const quickSurveyCompletions = pgTable(
  'quick_survey_completions',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => quickSurveys.jobId, { onDelete: 'cascade' }),
    testerId: uuid('tester_id')
      .notNull()
      .references(() => testers.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'quick_survey_completions_pk', columns: [table.jobId, table.testerId] }),
    index('quick_survey_completions_tester').on(table.testerId),
  ],
);

/**
 * How many testers chose each answer (a value key, or OTHER for a non-empty comment, or NONE),
 * moved in the transaction of the completion, so the results read a few rows, never the responses.
 */
export const quickSurveyAnswerCounts = pgTable(
  'quick_survey_answer_counts',
  {
    jobId: integer('job_id').notNull(),
    questionIndex: integer('question_index').notNull(),
    answerKey: text('answer_key').notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [
    primaryKey({ name: 'quick_survey_answer_counts_pk', columns: [table.jobId, table.questionIndex, table.answerKey] }),
    foreignKey({
      name: 'quick_survey_answer_counts_question_fk',
      columns: [table.jobId, table.questionIndex],
      foreignColumns: [quickSurveyQuestions.jobId, quickSurveyQuestions.questionIndex],
    }).onDelete('cascade'),
  ],
);
