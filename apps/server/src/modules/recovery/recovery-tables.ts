import { pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { testers } from '../testers/tester-tables.ts';

/** Clicks on tracked e-mail links (EmailClickTrack). */
export const emailClicks = pgTable('email_clicks', {
  id: serial('id').primaryKey(),
  testerId: uuid('tester_id')
    .notNull()
    .references(() => testers.id, { onDelete: 'cascade' }),
  eCode: text('e_code').notNull(),
  clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull().defaultNow(),
});
