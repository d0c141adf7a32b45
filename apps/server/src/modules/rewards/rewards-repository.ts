import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../core/db/client.ts';
import { redemptionOrders, rewardItems } from './rewards-tables.ts';

export type RewardItemRow = typeof rewardItems.$inferSelect;
export type NewRewardItem = typeof rewardItems.$inferInsert;

export function createRewardsRepository(db: Executor) {
  return {
    /** The tester's redemption orders, for the tester's data export (decision 040). */
    async exportOf(testerId: string) {
      return { redemptionOrders: await db.select().from(redemptionOrders).where(eq(redemptionOrders.testerId, testerId)) };
    },

    async listActive(): Promise<RewardItemRow[]> {
      return db.select().from(rewardItems).where(eq(rewardItems.active, true)).orderBy(asc(rewardItems.sortOrder), asc(rewardItems.id));
    },

    async findActive(itemNo: number): Promise<RewardItemRow | null> {
      const rows = await db
        .select()
        .from(rewardItems)
        .where(and(eq(rewardItems.id, itemNo), eq(rewardItems.active, true)))
        .limit(1);
      return rows[0] ?? null;
    },

    async insertItems(items: NewRewardItem[]) {
      return db.insert(rewardItems).values(items).returning();
    },

    async insertOrder(order: { testerId: string; itemNo: number; coins: number; createdAt: Date }) {
      const [row] = await db.insert(redemptionOrders).values(order).returning({ id: redemptionOrders.id });
      return row!.id;
    },

    /** The reward names of a tester's orders, by order id (the earnings history names what was redeemed). */
    async itemNamesOfOrders(testerId: string, orderIds: readonly number[]): Promise<Map<number, string>> {
      if (orderIds.length === 0) return new Map();
      const rows = await db
        .select({ orderId: redemptionOrders.id, name: rewardItems.name })
        .from(redemptionOrders)
        .innerJoin(rewardItems, eq(rewardItems.id, redemptionOrders.itemNo))
        .where(and(eq(redemptionOrders.testerId, testerId), inArray(redemptionOrders.id, [...orderIds])));
      return new Map(rows.map((row) => [row.orderId, row.name]));
    },
  };
}
