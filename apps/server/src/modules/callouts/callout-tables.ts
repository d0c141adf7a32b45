import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Call-outs (spec 3, "Callout"; decision 035): announcements staff will edit, shown in the portal's
 * call-out popup while active and between start and end. `r_key` is the id the browser sees and
 * names the dismissal cookie. `screener` is an optional portal path the call-out points to.
 * Content staff edit them (decision 063); `revision` grows with every save and refuses a stale one.
 */
export const callouts = pgTable(
  'callouts',
  {
    id: serial('id').primaryKey(),
    rKey: text('r_key').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    pkCoins: integer('pk_coins').notNull().default(0),
    screener: text('screener').notNull().default(''),
    active: boolean('active').notNull().default(true),
    startTimeStamp: timestamp('start_time_stamp', { withTimezone: true }).notNull(),
    endTimeStamp: timestamp('end_time_stamp', { withTimezone: true }).notNull(),
    revision: integer('revision').notNull().default(1),
  },
  (table) => [
    check('callouts_end_after_start', sql`${table.endTimeStamp} > ${table.startTimeStamp}`),
    check('callouts_pk_coins_not_negative', sql`${table.pkCoins} >= 0`),
    index('callouts_window').on(table.startTimeStamp, table.endTimeStamp),
  ],
);
