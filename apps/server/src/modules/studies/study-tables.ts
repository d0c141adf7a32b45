import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Studies on the screener page: a tester sees the active ones at their site or online (no site), for their age. */
export const studies = pgTable('studies', {
  studyNo: integer('study_no').primaryKey(),
  projectType: integer('project_type').notNull(),
  participantTypeId: integer('participant_type_id').notNull(),
  minimumAge: integer('minimum_age').notNull().default(18),
  isWaitingList: boolean('is_waiting_list').notNull().default(false),
  colorName: text('color_name').notNull(),
  testerLabel: text('tester_label').notNull(),
  studyBasicInfo: text('study_basic_info').notNull(),
  coinValue: integer('coin_value').notNull(),
  siteId: text('site_id'),
  active: boolean('active').notNull().default(true),
});
