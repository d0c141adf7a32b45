import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../core/db/client.ts';
import { redemptionOrders, rewardItems } from './rewards-tables.ts';

export type RewardItemRow = typeof rewardItems.$inferSelect;
export type NewRewardItem = typeof rewardItems.$inferInsert;
export type RedemptionOrderRow = typeof redemptionOrders.$inferSelect;

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

    /** A page of orders for staff (decision 047), newest first, with the reward's name; `limit` rows after `offset`. */
    async listOrders(filter: { status?: string }, offset: number, limit: number) {
      const where: SQL | undefined = filter.status ? eq(redemptionOrders.status, filter.status) : undefined;
      return db
        .select({ order: redemptionOrders, rewardName: rewardItems.name })
        .from(redemptionOrders)
        .innerJoin(rewardItems, eq(rewardItems.id, redemptionOrders.itemNo))
        .where(where)
        .orderBy(desc(redemptionOrders.createdAt), desc(redemptionOrders.id))
        .limit(limit)
        .offset(offset);
    },

    async findOrder(orderId: number) {
      const rows = await db
        .select({ order: redemptionOrders, rewardName: rewardItems.name })
        .from(redemptionOrders)
        .innerJoin(rewardItems, eq(rewardItems.id, redemptionOrders.itemNo))
        .where(eq(redemptionOrders.id, orderId))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Moves a pending order to fulfilled or rejected by a conditional UPDATE: only a pending order
     * moves, so of two staff members deciding the same order at once one gets the row and the
     * other null (PostgreSQL re-checks the condition after the first commits).
     */
    async decidePending(
      orderId: number,
      decision: { status: 'fulfilled' | 'rejected'; note: string; at: Date },
    ): Promise<RedemptionOrderRow | null> {
      const [row] = await db
        .update(redemptionOrders)
        .set({
          status: decision.status,
          note: decision.note,
          decidedAt: decision.at,
          ...(decision.status === 'fulfilled' ? { fulfilledAt: decision.at } : {}),
        })
        .where(and(eq(redemptionOrders.id, orderId), eq(redemptionOrders.status, 'pending')))
        .returning();
      return row ?? null;
    },
  };
}
