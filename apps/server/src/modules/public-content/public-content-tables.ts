import { boolean, date, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { staffMembers } from '../staff/staff-tables.ts';

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

/**
 * Drawing and giveaway winners shown in the rewards popup and the winners pages. Content staff edit
 * them (decision 061): `hidden` keeps one off the public pages, `revision` refuses a stale save.
 */
export const winners = pgTable(
  'winners',
  {
    id: serial('id').primaryKey(),
    winnerTypeDesc: text('winner_type_desc').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    winnerTime: text('winner_time').notNull(),
    winner: text('winner').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    revision: integer('revision').notNull().default(1),
  },
  (table) => [uniqueIndex('winners_unique_entry').on(table.winnerTypeDesc, table.periodStart, table.winner)],
);

/**
 * Monthly referral offers; the texts of the latest month up to the current one are shown. Content
 * staff edit them (decision 066): `revision` grows with every change, so a stale save is refused.
 */
export const referralEvents = pgTable(
  'referral_events',
  {
    id: serial('id').primaryKey(),
    month: date('month', { mode: 'string' }).notNull(),
    referralComment: text('referral_comment'),
    sortOrder: integer('sort_order').notNull().default(0),
    revision: integer('revision').notNull().default(1),
  },
  (table) => [index('referral_events_by_month').on(table.month)],
);

export const testimonials = pgTable('testimonials', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  city: text('city').notNull(),
  quote: text('quote').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * Test sites: the maps pages, scheduling, check-in and the site staff's sites. Content staff edit the
 * public fields and add sites (decision 061); `revision` refuses a stale save. A site added in the
 * console has no `map_code` (the maps pages are the four routed codes).
 */
export const testSites = pgTable('test_sites', {
  siteId: text('site_id').primaryKey(),
  mapCode: text('map_code').unique(),
  name: text('name').notNull(),
  city: text('city').notNull(),
  address: text('address').notNull(),
  phone: text('phone').notNull(),
  fax: text('fax').notNull(),
  tollFree: text('toll_free').notNull(),
  timeZone: text('time_zone').notNull(),
  airportDirections: jsonb('airport_directions').$type<{ airport: string; directions: string }[]>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  revision: integer('revision').notNull().default(1),
});

/** Colour lists named by theme, answered by POST /api/themeStyle/GetStyles. */
export const themeStyles = pgTable('theme_styles', {
  name: text('name').primaryKey(),
  colors: text('colors').array().notNull(),
});

/**
 * The legal pages' published bodies (decision 070): versions 1, 2, ... per page; the latest is in
 * force. A page without a row shows its built-in text (the web bundle's); a row without a body
 * puts the built-in text back in force. The unique (page, version) decides two publications made
 * from one version: one is stored, the other refused as stale. `body_html_es` is the same version in
 * Spanish (decision 132): null, Spanish readers get the English text with a note saying so.
 */
export const legalTextVersions = pgTable(
  'legal_text_versions',
  {
    id: serial('id').primaryKey(),
    page: text('page').notNull(),
    version: integer('version').notNull(),
    bodyHtml: text('body_html'),
    bodyHtmlEs: text('body_html_es'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    publishedBy: uuid('published_by').references(() => staffMembers.id, { onDelete: 'set null' }),
  },
  (table) => [uniqueIndex('legal_text_versions_page_version').on(table.page, table.version)],
);
