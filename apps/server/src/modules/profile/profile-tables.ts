import { sql } from 'drizzle-orm';
import { boolean, check, customType, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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

/** Raw bytes: PGlite and pg both read bytea as a Uint8Array (pg's is a Buffer, one kind of it). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The bytes of a picture content staff added (decision 068): PNG, JPEG or WebP checked from its
 * own bytes. In the database, so every instance serves the same pictures; one row per added
 * picture (a new picture gets a new name), kept apart from `avatars` so the lists and locks of the
 * pictures never read the bytes. `reencodedAt` (decision 078): when the server wrote these bytes
 * from the decoded picture; null for a row kept as it was uploaded before that, which is
 * re-encoded in place on its first request and never served as it came.
 */
export const avatarImages = pgTable(
  'avatar_images',
  {
    fileName: text('file_name')
      .primaryKey()
      .references(() => avatars.fileName, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
    reencodedAt: timestamp('reencoded_at', { withTimezone: true }),
  },
  (table) => [check('avatar_images_content_type', sql`${table.contentType} in ('image/png', 'image/jpeg', 'image/webp')`)],
);
