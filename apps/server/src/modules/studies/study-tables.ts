import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { testSites } from '../public-content/public-content-tables.ts';
import { testers } from '../testers/tester-tables.ts';

/**
 * Studies on the screener page (spec 2, sections 2 and 3; decision 017). A tester sees the open ones
 * (opens_at <= now < closes_at) at their site or online-only (no site), for their age. Everything staff
 * will edit is a column here, never code.
 */
export const studies = pgTable(
  'studies',
  {
    studyNo: integer('study_no').primaryKey(),
    /** The `s` of e-mailed study links and of the self-schedule address. */
    guid: uuid('guid').notNull().defaultRandom().unique(),
    projectType: integer('project_type').notNull(),
    participantTypeId: integer('participant_type_id').notNull(),
    minimumAge: integer('minimum_age').notNull().default(18),
    /** Null: no upper age. */
    maximumAge: integer('maximum_age'),
    /** The children a kid study takes (decision 029); null: 0 and 17. minimum_age/maximum_age are the parent's. */
    childMinimumAge: integer('child_minimum_age'),
    childMaximumAge: integer('child_maximum_age'),
    isWaitingList: boolean('is_waiting_list').notNull().default(false),
    colorName: text('color_name').notNull(),
    testerLabel: text('tester_label').notNull(),
    studyBasicInfo: text('study_basic_info').notNull(),
    /** Coins and experience paid once for completing the screener. */
    coinValue: integer('coin_value').notNull(),
    screeningExp: integer('screening_exp').notNull().default(0),
    /** Coins and experience paid once when the tester self-schedules a session of the study (decision 024). */
    scheduleCoins: integer('schedule_coins').notNull().default(0),
    scheduleExp: integer('schedule_exp').notNull().default(0),
    /** Coins and experience paid once per attended booking, when site staff check the person in (decision 048). */
    attendanceCoins: integer('attendance_coins').notNull().default(0),
    attendanceExp: integer('attendance_exp').notNull().default(0),
    /** A test site (zip_prefix_sites, decision 007), or null for an online-only study. */
    siteId: text('site_id').references(() => testSites.siteId),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: open until staff close it. */
    closesAt: timestamp('closes_at', { withTimezone: true }),
    /** How many qualified testers the study takes (null: no limit); qualified_count reaching it makes the study full. */
    recruitTarget: integer('recruit_target'),
    qualifiedCount: integer('qualified_count').notNull().default(0),
    /** 'hosted' (our screener engine, modules/screening) or 'external' (an outside survey tool at external_url). */
    screenerKind: text('screener_kind').notNull().default('hosted'),
    externalUrl: text('external_url'),
    /** Show the screener's options in an order shuffled per tester (stable for that tester). */
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
    /** Rises with every staff change: a save names the version it started from (decision 050, optimistic check). */
    version: integer('version').notNull().default(1),
  },
  (table) => [
    index('studies_open_window').on(table.opensAt, table.closesAt),
    check('studies_screener_kind', sql`${table.screenerKind} in ('hosted', 'external')`),
    check('studies_external_has_url', sql`${table.screenerKind} <> 'external' or ${table.externalUrl} is not null`),
    check(
      'studies_child_age_range',
      sql`${table.childMaximumAge} is null or ${table.childMaximumAge} >= coalesce(${table.childMinimumAge}, 0)`,
    ),
    check('studies_age_range', sql`${table.maximumAge} is null or ${table.maximumAge} >= ${table.minimumAge}`),
    check('studies_qualified_within_target', sql`${table.recruitTarget} is null or ${table.qualifiedCount} <= ${table.recruitTarget}`),
    check('studies_credit_not_negative', sql`${table.coinValue} >= 0 and ${table.screeningExp} >= 0`),
    check('studies_schedule_credit_not_negative', sql`${table.scheduleCoins} >= 0 and ${table.scheduleExp} >= 0`),
    check('studies_attendance_credit_not_negative', sql`${table.attendanceCoins} >= 0 and ${table.attendanceExp} >= 0`),
  ],
);

/** Hosts an outside screener may live on (https only); checked when a study is saved and again at each redirect. */
export const screenerHosts = pgTable('screener_hosts', {
  host: text('host').primaryKey(),
});

/**
 * About-me targeting: a study listing answers here is shown only to testers who hold every one.
 * The answer ids belong to the dossier module; no foreign key, so the two modules stay apart.
 */
export const studyDossierTargets = pgTable(
  'study_dossier_targets',
  {
    studyNo: integer('study_no')
      .notNull()
      .references(() => studies.studyNo, { onDelete: 'cascade' }),
    answerId: integer('answer_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.studyNo, table.answerId] })],
);

/** Single-use tokens handed to an outside screener (only their hash is kept); redeemed once by a signed return (decisions 024, 077). */
export const externalScreenerTokens = pgTable(
  'external_screener_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    testerId: uuid('tester_id')
      .notNull()
      .references(() => testers.id, { onDelete: 'cascade' }),
    studyNo: integer('study_no')
      .notNull()
      .references(() => studies.studyNo, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('external_screener_tokens_tester_study').on(table.testerId, table.studyNo)],
);

/**
 * The secret an outside screener signs its returns with (decision 077): HMAC-SHA256(secret, token)
 * travels back as `sig`, so only the partner, not the tester holding the token, can claim the credit.
 * Its own table, so the study row (read widely, written whole into audit rows) never carries it;
 * staff replace it but are never shown it.
 */
export const studyReturnSecrets = pgTable('study_return_secrets', {
  studyNo: integer('study_no')
    .primaryKey()
    .references(() => studies.studyNo, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  setAt: timestamp('set_at', { withTimezone: true }).notNull(),
});

/** Studies a tester removed from their screener list (RemoveStudyFromList, decision 029). */
export const screenerListRemovals = pgTable(
  'screener_list_removals',
  {
    testerId: uuid('tester_id')
      .notNull()
      .references(() => testers.id, { onDelete: 'cascade' }),
    studyNo: integer('study_no')
      .notNull()
      .references(() => studies.studyNo, { onDelete: 'cascade' }),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.testerId, table.studyNo] })],
);
