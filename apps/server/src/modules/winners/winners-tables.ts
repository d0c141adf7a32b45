import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { testers } from '../testers/tester-tables.ts';

/** The wheel's and the drawing's figures (one row; the staff console edits it). */
export const eventSettings = pgTable(
  'event_settings',
  {
    id: integer('id').primaryKey().default(1),
    spinCost: integer('spin_cost').notNull().default(50),
    spinsPerWeek: integer('spins_per_week').notNull().default(3),
    goldCardCost: integer('gold_card_cost').notNull().default(100),
    goldCardPrize: text('gold_card_prize').notNull().default('$25 e-gift card'),
    /** Raised by each staff save of the wheel (segments included) or the drawing: a save from an older version is refused (decision 056). */
    wheelVersion: integer('wheel_version').notNull().default(1),
    drawingVersion: integer('drawing_version').notNull().default(1),
    /** The weekday the week's drawing runs, ISO (1 Monday ... 7 Sunday) in the company's zone; a week ends when it comes (decision 065). */
    drawingDay: integer('drawing_day').notNull().default(1),
    /**
     * The last change of the day (decision 065): the week running at the change keeps its key
     * (`drawing_week_kept`) until `drawing_day_from`, the first new drawing day on or after the change.
     */
    drawingWeekKept: date('drawing_week_kept', { mode: 'string' }),
    drawingDayFrom: date('drawing_day_from', { mode: 'string' }),
  },
  (table) => [
    check('event_settings_one_row', sql`${table.id} = 1`),
    check('event_settings_figures', sql`${table.spinCost} > 0 and ${table.spinsPerWeek} >= 0 and ${table.goldCardCost} > 0`),
    check('event_settings_drawing_day', sql`${table.drawingDay} between 1 and 7`),
  ],
);

/** The nine segments of the wheel: the coins each pays and its chance in 100,000. */
export const wheelSegments = pgTable(
  'wheel_segments',
  {
    id: serial('id').primaryKey(),
    coins: integer('coins').notNull(),
    /** Chance out of 100,000 (the spec's odds: 1 in ceil(1 / (rate / 100000))). */
    rate: integer('rate').notNull(),
  },
  (table) => [check('wheel_segments_values', sql`${table.coins} between 0 and 5000 and ${table.rate} between 0 and 100000`)],
);

/** Spins used per tester and company week: the allowance is checked by a conditional upsert of this counter. */
export const wheelWeekSpins = pgTable(
  'wheel_week_spins',
  {
    testerId: uuid('tester_id')
      .notNull()
      .references(() => testers.id, { onDelete: 'cascade' }),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    spins: integer('spins').notNull(),
  },
  (table) => [primaryKey({ columns: [table.testerId, table.weekStart] })],
);

/** Every spin and what it paid: the tester's history and the wheel winners' list. */
export const wheelSpins = pgTable(
  'wheel_spins',
  {
    id: serial('id').primaryKey(),
    testerId: uuid('tester_id')
      .notNull()
      .references(() => testers.id, { onDelete: 'cascade' }),
    cost: integer('cost').notNull(),
    coins: integer('coins').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('wheel_spins_by_tester').on(table.testerId, table.createdAt), index('wheel_spins_by_time').on(table.createdAt)],
);

/** One entry per tester and week in the gift-card drawing (the primary key makes it one). */
export const goldCardEntries = pgTable(
  'gold_card_entries',
  {
    testerId: uuid('tester_id')
      .notNull()
      .references(() => testers.id, { onDelete: 'cascade' }),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    cost: integer('cost').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.weekStart, table.testerId] })],
);

/** The drawing of each week, once: the row is the claim, so two instances cannot both draw. */
export const goldCardDrawings = pgTable('gold_card_drawings', {
  weekStart: date('week_start', { mode: 'string' }).primaryKey(),
  winnerId: uuid('winner_id').references(() => testers.id, { onDelete: 'set null' }),
  entries: integer('entries').notNull(),
  prize: text('prize').notNull(),
  drawnAt: timestamp('drawn_at', { withTimezone: true }).notNull(),
});
