import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { testers } from '../testers/tester-tables.ts';

/**
 * About-me (spec 2 "dossier"): pages of questions, each question made of question sets (a set is
 * what a tester answers: checkbox 'C', radio 'B' or 'M'), each set with its answers. All of it is
 * data staff will edit later; `active` retires a page or a set without losing what testers hold.
 */
export const dossierPages = pgTable(
  'dossier_pages',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    coins: integer('coins').notNull().default(0),
    experience: integer('experience').notNull().default(0),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (table) => [check('dossier_pages_reward_not_negative', sql`${table.coins} >= 0 and ${table.experience} >= 0`)],
);

export const dossierQuestions = pgTable(
  'dossier_questions',
  {
    id: serial('id').primaryKey(),
    pageId: integer('page_id')
      .notNull()
      .references(() => dossierPages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    text: text('text').notNull(),
  },
  (table) => [index('dossier_questions_page').on(table.pageId, table.position)],
);

export const dossierQuestionSets = pgTable(
  'dossier_question_sets',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => dossierQuestions.id, { onDelete: 'cascade' }),
    /** 'C' checkbox (each box Y or N), 'B' and 'M' radio (one answer). */
    type: text('type').notNull(),
    minChecked: integer('min_checked').notNull().default(0),
    maxChecked: integer('max_checked').notNull().default(1),
    active: boolean('active').notNull().default(true),
    text: text('text').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    index('dossier_question_sets_question').on(table.questionId, table.position),
    check('dossier_question_sets_type', sql`${table.type} in ('C', 'B', 'M')`),
    check('dossier_question_sets_checked_range', sql`${table.minChecked} >= 0 and ${table.maxChecked} >= greatest(${table.minChecked}, 1)`),
  ],
);

export const dossierAnswers = pgTable(
  'dossier_answers',
  {
    id: serial('id').primaryKey(),
    setId: integer('set_id')
      .notNull()
      .references(() => dossierQuestionSets.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    text: text('text').notNull(),
  },
  (table) => [index('dossier_answers_set').on(table.setId, table.position)],
);

/** What a tester holds for each set: answering a page again replaces these rows. */
export const dossierTesterAnswers = pgTable(
  'dossier_tester_answers',
  {
    testerId: uuid('tester_id')
      .notNull()
      .references(() => testers.id, { onDelete: 'cascade' }),
    setId: integer('set_id')
      .notNull()
      .references(() => dossierQuestionSets.id, { onDelete: 'cascade' }),
    answerIds: integer('answer_ids').array().notNull(),
    answerText: text('answer_text').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ name: 'dossier_tester_answers_pk', columns: [table.testerId, table.setId] })],
);

/** A page the tester answered completely: it leaves their list, and its reward becomes payable. */
export const dossierPageCompletions = pgTable(
  'dossier_page_completions',
  {
    testerId: uuid('tester_id')
      .notNull()
      .references(() => testers.id, { onDelete: 'cascade' }),
    pageId: integer('page_id')
      .notNull()
      .references(() => dossierPages.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ name: 'dossier_page_completions_pk', columns: [table.testerId, table.pageId] })],
);
