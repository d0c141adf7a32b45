import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { testers } from '../testers/tester-tables.ts';

/**
 * The highest level CheckEXP has told the tester about, so a level-up is announced once. No row
 * means level 1: every tester starts there, so a first reward that crosses a level is announced.
 */
export const levelAcknowledgements = pgTable('level_acknowledgements', {
  testerId: uuid('tester_id')
    .primaryKey()
    .references(() => testers.id, { onDelete: 'cascade' }),
  level: integer('level').notNull(),
  acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull(),
});

/**
 * The profile pictures a tester may choose, each from a level on (spec 3, "Avatar"; decision 038).
 * Content staff change the level and hide or show one (decision 068): a hidden picture is not
 * offered; `version` rises with every staff save, so a save from an older read is refused.
 */
export const avatars = pgTable(
  'avatars',
  {
    imageId: serial('image_id').primaryKey(),
    fileName: text('file_name').notNull().unique(),
    requireLevel: integer('require_level').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    version: integer('version').notNull().default(1),
  },
  (table) => [check('avatars_require_level_positive', sql`${table.requireLevel} >= 1`)],
);
