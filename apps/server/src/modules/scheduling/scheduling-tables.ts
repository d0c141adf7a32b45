import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { studies } from '../studies/study-tables.ts';
import { testers } from '../testers/tester-tables.ts';

/** A tester's (or their child's) session in a study; the scheduling issue adds sessions and seats. */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    testerId: uuid('tester_id')
      .notNull()
      .references(() => testers.id, { onDelete: 'cascade' }),
    /** The children issue adds the children table and its foreign key. */
    childId: integer('child_id'),
    studyNo: integer('study_no')
      .notNull()
      .references(() => studies.studyNo, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('booked'),
  },
  (table) => [
    index('bookings_tester_starts').on(table.testerId, table.startsAt),
    check('bookings_status', sql`${table.status} in ('booked', 'cancelled', 'attended', 'noShow')`),
    check('bookings_ends_after_start', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);
