import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { testers } from '../testers/tester-tables.ts';

/** The perks of the skill tree (data for the staff console). `effectKey` names the quantity the server changes. */
export const skillTypes = pgTable('skill_types', {
  id: serial('id').primaryKey(),
  effectKey: text('effect_key').notNull().unique(),
  name: text('name').notNull(),
  imageSrc: text('image_src').notNull(),
  description: text('description').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  /** Raised by each staff save of this perk (its levels included): a save from an older version is refused (decision 064). */
  version: integer('version').notNull().default(1),
});

/**
 * Each level of a perk: what it does in words and in figures (`effectValue`, the total at that
 * level), and what it takes: the tester's level, coins, and a condition text (HTML the staff
 * write; the page sanitises it before showing it).
 */
export const skillLevels = pgTable(
  'skill_levels',
  {
    skillTypeId: integer('skill_type_id')
      .notNull()
      .references(() => skillTypes.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
    effect: text('effect').notNull(),
    effectValue: integer('effect_value').notNull(),
    requireLevel: integer('require_level').notNull(),
    requireCoins: integer('require_coins').notNull(),
    requireConditionsDesc: text('require_conditions_desc').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.skillTypeId, table.level] }),
    check('skill_levels_figures', sql`${table.level} >= 1 and ${table.requireLevel} >= 1 and ${table.requireCoins} >= 0`),
  ],
);

/** A tester's level of each perk they upgraded (no row: level 0, 'None'). */
export const testerSkills = pgTable(
  'tester_skills',
  {
    testerId: uuid('tester_id')
      .notNull()
      .references(() => testers.id, { onDelete: 'cascade' }),
    skillTypeId: integer('skill_type_id')
      .notNull()
      .references(() => skillTypes.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
    upgradedAt: timestamp('upgraded_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.testerId, table.skillTypeId] })],
);
