import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/*
 * What makes two accounts likely duplicates (decision 129), as SQL over a tester's columns so that
 * the list is one set-based query and the hold check reads an expression index. Every function
 * here is immutable in PostgreSQL (lower, replace, split_part, regexp_replace, right), as an
 * index expression must be. A key is null when there is too little to compare.
 */

type Column = AnyPgColumn | SQL;

/** Domains whose mailboxes ignore dots in the local part; googlemail.com is gmail.com. */
const DOTLESS_DOMAINS = ['gmail.com', 'googlemail.com'];

/**
 * The mailbox an address reaches: lower case, any +tag removed, and for gmail-like domains the
 * dots of the local part removed and the domain written gmail.com.
 */
export function emailKey(email: Column): SQL<string | null> {
  const lower = sql`lower(${email})`;
  const local = sql`split_part(split_part(${lower}, '@', 1), '+', 1)`;
  const domain = sql`split_part(${lower}, '@', 2)`;
  const dotless = sql.join(
    DOTLESS_DOMAINS.map((name) => sql.raw(`'${name}'`)),
    sql`, `,
  );
  return sql`(case when ${domain} in (${dotless}) then replace(${local}, '.', '') || '@gmail.com' else ${local} || '@' || ${domain} end)`;
}

/** The phone's last ten digits (a leading 1 or +1 dropped); null under ten digits. */
export function phoneKey(phone: Column): SQL<string | null> {
  const digits = sql`regexp_replace(${phone}, '[^0-9]', '', 'g')`;
  return sql`(case when length(${digits}) >= 10 then right(${digits}, 10) end)`;
}

/** Words an address writes either way, by the short form both become. */
const ADDRESS_WORDS: readonly [string, string][] = [
  ['street', 'st'],
  ['avenue', 'ave'],
  ['av', 'ave'],
  ['road', 'rd'],
  ['drive', 'dr'],
  ['boulevard', 'blvd'],
  ['lane', 'ln'],
  ['court', 'ct'],
  ['place', 'pl'],
  ['apartment', 'apt'],
  ['suite', 'ste'],
  ['north', 'n'],
  ['south', 's'],
  ['east', 'e'],
  ['west', 'w'],
];

/**
 * The street address with the ZIP's first five digits: lower case, punctuation as spaces, the
 * words above in their short form, spaces collapsed. Null without an address or a five-digit ZIP.
 */
export function addressKey(address: Column, zipCode: Column): SQL<string | null> {
  let words: SQL = sql`regexp_replace(lower(${address}), '[^a-z0-9]+', ' ', 'g')`;
  for (const [long, short] of ADDRESS_WORDS)
    words = sql`regexp_replace(${words}, ${sql.raw(`'\\m${long}\\M'`)}, ${sql.raw(`'${short}'`)}, 'g')`;
  const street = sql`btrim(${words})`;
  const zip = sql`left(regexp_replace(${zipCode}, '[^0-9]', '', 'g'), 5)`;
  return sql`(case when ${street} <> '' and length(${zip}) = 5 then ${street} || ' ' || ${zip} end)`;
}

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
    /** When the tester last changed the password on the password page; null: not since registering (decision 035). */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** Until when the no-show rule (decision 046) bars the tester from studies and bookings; null or past: not suspended. */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('testers_username_lower').on(sql`lower(${table.username})`),
    uniqueIndex('testers_email_lower').on(sql`lower(${table.email})`),
    // A referral is refused for a tester's phone (decision 036): looked up by it.
    index('testers_phone').on(table.phone),
    // The staff dashboard's sign-ups by week (decision 058).
    index('testers_created_at').on(table.createdAt),
    // The staff console's tester search (decision 053): prefix ranges in the "C" collation, each read in its own order.
    index('testers_search_email').on(sql`lower(${table.email}) collate "C"`),
    index('testers_search_username').on(sql`lower(${table.username}) collate "C"`),
    index('testers_search_full_name').on(sql`lower(${table.firstName} || ' ' || ${table.lastName}) collate "C"`),
    index('testers_search_last_name').on(sql`lower(${table.lastName}) collate "C"`),
    index('testers_search_phone').on(sql`${table.phone} collate "C"`),
    // The duplicate-account hold on starting a screener (decision 129): one lookup per key.
    index('testers_duplicate_email').on(emailKey(table.email)),
    index('testers_duplicate_phone').on(phoneKey(table.phone)),
    check('testers_coins_not_negative', sql`${table.coins} >= 0`),
    check('testers_exp_not_negative', sql`${table.exp} >= 0`),
  ],
);

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

/**
 * A tester's choice per contact channel (spec 3, "Opt-in"; decision 035): Phone, NoText (shown
 * as Text) and Email. No row means on: a new tester is reachable on every channel until they
 * turn one off. One row per tester and channel, written by an upsert, so racing toggles leave one answer.
 */
export const contactSettings = pgTable(
  'contact_settings',
  {
    testerId: uuid('tester_id')
      .notNull()
      .references(() => testers.id, { onDelete: 'cascade' }),
    contactType: text('contact_type').notNull(),
    isTurnOn: boolean('is_turn_on').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.testerId, table.contactType] }),
    check('contact_settings_type', sql`${table.contactType} in ('Phone', 'NoText', 'Email')`),
  ],
);

/**
 * Every suspension a tester has had (decision 046): why, from when until when, and whether staff
 * lifted it early (when, by whom, why). The tester row's suspendedUntil is the one in force.
 */
export const testerSuspensions = pgTable(
  'tester_suspensions',
  {
    id: serial('id').primaryKey(),
    testerId: uuid('tester_id')
      .notNull()
      .references(() => testers.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    /** The no-shows counted when the rule suspended the tester. */
    noShows: integer('no_shows').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    /** The staff member who lifted it (the staff console's account id). */
    liftedBy: text('lifted_by'),
    liftReason: text('lift_reason'),
  },
  (table) => [
    index('tester_suspensions_tester').on(table.testerId, table.startsAt),
    check('tester_suspensions_ends_after_start', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);
