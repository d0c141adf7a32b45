import { boolean, date, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * FAQ entries of the public FAQ popup; answer holds HTML that the browser sanitises. Content staff
 * edit them (decision 057): `hidden` keeps one off the public page, `revision` grows with every
 * change so that a save made from an older copy is refused.
 */
export const faqs = pgTable('faqs', {
  id: serial('id').primaryKey(),
  type: smallint('type').notNull(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  hidden: boolean('hidden').notNull().default(false),
  revision: integer('revision').notNull().default(1),
});

/** Drawing and giveaway winners shown in the rewards popup. */
export const winners = pgTable(
  'winners',
  {
    id: serial('id').primaryKey(),
    winnerTypeDesc: text('winner_type_desc').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    winnerTime: text('winner_time').notNull(),
    winner: text('winner').notNull(),
  },
  (table) => [uniqueIndex('winners_unique_entry').on(table.winnerTypeDesc, table.periodStart, table.winner)],
);

/** Monthly referral offers; the one whose month is current is shown. */
export const referralEvents = pgTable('referral_events', {
  id: serial('id').primaryKey(),
  month: date('month', { mode: 'string' }).notNull(),
  referralComment: text('referral_comment'),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const testimonials = pgTable('testimonials', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  city: text('city').notNull(),
  quote: text('quote').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const testSites = pgTable('test_sites', {
  siteId: text('site_id').primaryKey(),
  mapCode: text('map_code').notNull().unique(),
  name: text('name').notNull(),
  city: text('city').notNull(),
  address: text('address').notNull(),
  phone: text('phone').notNull(),
  fax: text('fax').notNull(),
  tollFree: text('toll_free').notNull(),
  timeZone: text('time_zone').notNull(),
  airportDirections: jsonb('airport_directions').$type<{ airport: string; directions: string }[]>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Colour lists named by theme, answered by POST /api/themeStyle/GetStyles. */
export const themeStyles = pgTable('theme_styles', {
  name: text('name').primaryKey(),
  colors: text('colors').array().notNull(),
});
