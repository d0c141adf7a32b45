import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { children } from '../children/children-tables.ts';
import { studies } from '../studies/study-tables.ts';
import { testers } from '../testers/tester-tables.ts';

/**
 * A hosted screener's questions, in `position` order (decision 017). kind: single, multiple (min_choices..max_choices),
 * number (min_value..max_value), text (max_length), date. show_if_*: shown only when the earlier question's answer
 * holds one of those options. qualify_min/qualify_max: a number answer outside them disqualifies.
 */
export const screenerQuestions = pgTable(
  'screener_questions',
  {
    id: serial('id').primaryKey(),
    studyNo: integer('study_no')
      .notNull()
      .references(() => studies.studyNo, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind').notNull(),
    prompt: text('prompt').notNull(),
    required: boolean('required').notNull().default(true),
    minChoices: integer('min_choices'),
    maxChoices: integer('max_choices'),
    minValue: integer('min_value'),
    maxValue: integer('max_value'),
    maxLength: integer('max_length'),
    showIfQuestionId: integer('show_if_question_id').references((): AnyPgColumn => screenerQuestions.id, { onDelete: 'set null' }),
    showIfOptionIds: integer('show_if_option_ids').array(),
    qualifyMin: integer('qualify_min'),
    qualifyMax: integer('qualify_max'),
  },
  (table) => [
    index('screener_questions_study').on(table.studyNo, table.position),
    check('screener_questions_kind', sql`${table.kind} in ('single', 'multiple', 'number', 'text', 'date')`),
  ],
);

/** A choice of a single or multiple question; `disqualifies` ends the screener as disqualified when chosen. */
export const screenerOptions = pgTable(
  'screener_options',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => screenerQuestions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    disqualifies: boolean('disqualifies').notNull().default(false),
  },
  (table) => [index('screener_options_question').on(table.questionId, table.position)],
);

/** Quotas of a study (for example ten women aged 25 to 34): filled is counted by a conditional UPDATE, never past capacity. */
export const screenerQuotas = pgTable(
  'screener_quotas',
  {
    id: serial('id').primaryKey(),
    studyNo: integer('study_no')
      .notNull()
      .references(() => studies.studyNo, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    capacity: integer('capacity').notNull(),
    filled: integer('filled').notNull().default(0),
  },
  (table) => [
    index('screener_quotas_study').on(table.studyNo, table.position),
    check('screener_quotas_within_capacity', sql`${table.filled} >= 0 and ${table.filled} <= ${table.capacity}`),
  ],
);

/** One condition of a quota: the answer to a question holds one of option_ids, or a number within min_value..max_value. */
export const screenerQuotaConditions = pgTable('screener_quota_conditions', {
  id: serial('id').primaryKey(),
  quotaId: integer('quota_id')
    .notNull()
    .references(() => screenerQuotas.id, { onDelete: 'cascade' }),
  questionId: integer('question_id')
    .notNull()
    .references(() => screenerQuestions.id, { onDelete: 'cascade' }),
  optionIds: integer('option_ids').array(),
  minValue: integer('min_value'),
  maxValue: integer('max_value'),
});

/**
 * A person's screening for a study: progress while 'inProgress', then the outcome. One per person
 * (the tester, or one of their children: child_id) and study, a screener being taken once; the
 * answers stay for staff to read.
 */
export const screenings = pgTable(
  'screenings',
  {
    id: serial('id').primaryKey(),
    testerId: uuid('tester_id')
      .notNull()
      .references(() => testers.id, { onDelete: 'cascade' }),
    studyNo: integer('study_no')
      .notNull()
      .references(() => studies.studyNo, { onDelete: 'cascade' }),
    /** Null: the tester themself; else the child screened through the parent's account (decision 029). */
    childId: integer('child_id').references(() => children.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('inProgress'),
    answers: jsonb('answers').$type<Record<string, number | number[] | string>>().notNull().default({}),
    quotaId: integer('quota_id').references(() => screenerQuotas.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    unique('screenings_once_per_person_study').on(table.testerId, table.studyNo, table.childId).nullsNotDistinct(),
    index('screenings_study').on(table.studyNo),
    // The 101 release job (decision 104) reads only these rows, every 15 minutes: never the whole table.
    index('screenings_already_scheduled')
      .on(table.testerId)
      .where(sql`${table.status} = 'alreadyScheduled'`),
    check(
      'screenings_status',
      sql`${table.status} in ('inProgress', 'qualified', 'disqualified', 'full', 'alreadyScheduled', 'waitlisted')`,
    ),
  ],
);

/**
 * The one waiting list of a study (decision 024): testers who screened for a waiting-list study
 * (reason screener), asked to be told when a Closed group of the self-schedule opens (notify, with
 * those groups' keys in group_ids: scheduling's, so no foreign key), or said Not interested. One row
 * per person (the tester, or a child: child_id) and study (decision 029).
 */
export const studyWaitingList = pgTable(
  'study_waiting_list',
  {
    id: serial('id').primaryKey(),
    studyNo: integer('study_no')
      .notNull()
      .references(() => studies.studyNo, { onDelete: 'cascade' }),
    testerId: uuid('tester_id')
      .notNull()
      .references(() => testers.id, { onDelete: 'cascade' }),
    childId: integer('child_id').references(() => children.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().default('screener'),
    groupIds: integer('group_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    unique('study_waiting_list_once_per_person').on(table.studyNo, table.testerId, table.childId).nullsNotDistinct(),
    index('study_waiting_list_tester').on(table.testerId),
    check('study_waiting_list_reason', sql`${table.reason} in ('screener', 'notify', 'notInterested')`),
  ],
);
