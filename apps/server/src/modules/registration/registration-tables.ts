import { date, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
