import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { testers } from '../testers/tester-tables.ts';

/**
 * The reward catalogue (spec 3, "Reward": rItemNo, rItemName, rItemCoins, rItemImagePath). Staff
 * will edit it; an inactive reward is hidden and cannot be redeemed. Images are paths of the web
 * app's public assets.
 */
export const rewardItems = pgTable(
  'reward_items',
  {
    /** rItemNo. */
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    coins: integer('coins').notNull(),
    imagePath: text('image_path').notNull(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Raised by every staff edit (decision 055): an edit made from an older version is refused, not lost. */
    version: integer('version').notNull().default(1),
  },
  (table) => [check('reward_items_costs_coins', sql`${table.coins} > 0`)],
);

/**
 * A redemption (decision 034): written with its ledger spend and its confirmation e-mail in one
 * transaction. It waits as `pending` until staff send the reward (`fulfilled`) or refuse it
 * (`rejected`, the coins then go back through the ledger); `note` is staff's.
 */
export const redemptionOrders = pgTable(
  'redemption_orders',
  {
    id: serial('id').primaryKey(),
    testerId: uuid('tester_id')
      .notNull()
      .references(() => testers.id, { onDelete: 'cascade' }),
    itemNo: integer('item_no')
      .notNull()
      .references(() => rewardItems.id),
    /** What the reward cost when it was redeemed (the catalogue's price may change later). */
    coins: integer('coins').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    /** When staff fulfilled or rejected it (decision 047); null while pending. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The gift code or note sent to the tester, or the reason for a rejection. */
    note: text('note'),
  },
  (table) => [
    index('redemption_orders_tester').on(table.testerId, table.createdAt),
    // The staff list (decision 047): newest first, optionally one status.
    index('redemption_orders_status').on(table.status, table.createdAt),
    index('redemption_orders_created').on(table.createdAt),
    check('redemption_orders_status', sql`${table.status} in ('pending', 'fulfilled', 'rejected')`),
    check('redemption_orders_coins', sql`${table.coins} > 0`),
  ],
);
