import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** FAQ entries of the public FAQ popup; answer holds HTML that the browser sanitises. */
export const faqs = pgTable('faqs', {
  id: serial('id').primaryKey(),
  type: smallint('type').notNull(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
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

/** One row per applied seed, so the demo data goes in once and only once. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Registered testers. Username and e-mail are unique without regard to case (see the indexes). */
export const testers = pgTable(
  'testers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    zipCode: text('zip_code').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    sex: text('sex').notNull(),
    phone: text('phone').notNull(),
    raceId: text('race_id').notNull(),
    adId: text('ad_id').notNull(),
    adDetail: text('ad_detail').notNull().default(''),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    referralCode: text('referral_code').notNull().default(''),
    contactBestTimeFrom: text('contact_best_time_from').notNull().default('07:00'),
    contactBestTimeTo: text('contact_best_time_to').notNull().default('17:00'),
    language: text('language').notNull().default('en'),
    siteId: text('site_id'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    mustChangeCredentials: boolean('must_change_credentials').notNull().default(false),
    level: integer('level').notNull().default(1),
    exp: integer('exp').notNull().default(0),
    coins: integer('coins').notNull().default(0),
    avatarFile: text('avatar_file').notNull().default('avatar-01.svg'),
    blackList: boolean('black_list').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('testers_username_lower').on(sql`lower(${table.username})`),
    uniqueIndex('testers_email_lower').on(sql`lower(${table.email})`),
    check('testers_coins_not_negative', sql`${table.coins} >= 0`),
  ],
);

/** Every change of a tester's coins, with its reason; testers.coins is kept in step in the same transaction. */
export const coinLedger = pgTable(
  'coin_ledger',
  {
    id: serial('id').primaryKey(),
    testerId: uuid('tester_id')
      .notNull()
      .references(() => testers.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('coin_ledger_once_per_reference').on(table.testerId, table.reason, table.reference)],
);

/** Experience needed to reach each level; the last row is Max. */
export const levels = pgTable('levels', {
  level: integer('level').primaryKey(),
  expRequired: integer('exp_required').notNull(),
});

/** Login sessions: only a hash of the cookie's random id is stored. */
export const sessions = pgTable('sessions', {
  idHash: text('id_hash').primaryKey(),
  testerId: uuid('tester_id')
    .notNull()
    .references(() => testers.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Single-use codes sent by e-mail (confirm the address, reset the password), stored hashed. */
export const emailTokens = pgTable('email_tokens', {
  id: serial('id').primaryKey(),
  testerId: uuid('tester_id')
    .notNull()
    .references(() => testers.id, { onDelete: 'cascade' }),
  purpose: text('purpose').notNull(),
  codeHash: text('code_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Messages waiting for, or done with, the SMTP sender; a message is never lost when the mail server is down. */
export const emailOutbox = pgTable('email_outbox', {
  id: serial('id').primaryKey(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  html: text('html').notNull(),
  text: text('text').notNull(),
  kind: text('kind').notNull(),
  status: text('status').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  lastError: text('last_error'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Partial profiles from the short sign-up form on the welcome page. */
export const signUpLeads = pgTable('sign_up_leads', {
  id: uuid('id').primaryKey().defaultRandom(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Testers known from before the site (phone and paper sign-ups). A valid code and phone give
 * back v; with v (and e, the e-mail on file) the person completes an online account
 * from the profile kept here (registerExistedUser).
 */
export const reEngagementCodes = pgTable('re_engagement_codes', {
  code: text('code').primaryKey(),
  phone: text('phone').notNull(),
  v: text('v').notNull().unique(),
  email: text('email').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  zipCode: text('zip_code').notNull(),
  address: text('address').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  sex: text('sex').notNull(),
  raceId: text('race_id').notNull(),
  birthDate: date('birth_date', { mode: 'string' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
});

/** How-heard choices of registration step 3. */
export const adSources = pgTable('ad_sources', {
  adId: text('ad_id').primaryKey(),
  adName: text('ad_name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Zip-code prefixes (first three digits) served by each test site; see decision 007. */
export const zipPrefixSites = pgTable('zip_prefix_sites', {
  prefix: text('prefix').primaryKey(),
  siteId: text('site_id').notNull(),
});

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

/** Clicks on tracked e-mail links (EmailClickTrack). */
export const emailClicks = pgTable('email_clicks', {
  id: serial('id').primaryKey(),
  testerId: uuid('tester_id')
    .notNull()
    .references(() => testers.id, { onDelete: 'cascade' }),
  eCode: text('e_code').notNull(),
  clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull().defaultNow(),
});
