import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { testers } from '../testers/tester-tables.ts';

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
