import { pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { testers } from '../testers/tester-tables.ts';

/** Clicks on tracked e-mail links (EmailClickTrack): the first click on each (tester, eCode) link, once. */
export const emailClicks = pgTable(
  'email_clicks',
  {
    id: serial('id').primaryKey(),
    testerId: uuid('tester_id')
      .notNull()
      .references(() => testers.id, { onDelete: 'cascade' }),
    eCode: text('e_code').notNull(),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('email_clicks_tester_link').on(table.testerId, table.eCode)],
);
