import { and, asc, count, desc, eq, inArray, sql, type AnyColumn } from 'drizzle-orm';
import { builtOnce } from '../../core/db/built-once.ts';
import { resultRows, type Executor, type SqlFragment } from '../../core/db/client.ts';
import { containsPattern, type SortDirection } from '@testerhub/shared/table-query';
import type { StaffOrderSort } from '@testerhub/shared/redeem-schemas';
import { redemptionOrders, rewardItems } from './redeem-tables.ts';

export type RewardItemRow = typeof rewardItems.$inferSelect;
export type NewRewardItem = typeof rewardItems.$inferInsert;
export type RedemptionOrderRow = typeof redemptionOrders.$inferSelect;

/** A spend's order: the active reward read and the order inserted in one statement, built once (decision 150). */
const placeOrderStatement = builtOnce(
  () => sql`
    with item as (
      select * from ${rewardItems} where ${rewardItems.id} = ${sql.placeholder('itemNo')} and ${rewardItems.active}
    ), placed as (
      insert into ${redemptionOrders} (tester_id, item_no, coins, created_at)
      select ${sql.placeholder('testerId')}, item.id, item.coins, ${sql.placeholder('createdAt')}::timestamptz from item
      returning id
    )
    select placed.id as order_id, item.id, item.name, item.coins, item.image_path, item.active, item.sort_order, item.version
    from placed, item`,
);

export function createRedeemRepository(db: Executor) {
  return {
    /** The tester's orders still waiting for the rewards team (what stops a merge, decision 144). */
    async pendingOrderCount(testerId: string): Promise<number> {
      const [row] = await db
        .select({ orders: count() })
        .from(redemptionOrders)
        .where(and(eq(redemptionOrders.testerId, testerId), eq(redemptionOrders.status, 'pending')));
      return Number(row?.orders ?? 0);
    },

    /**
     * The reward orders of [from, to) in one statement (the payments report, decision 122): placed
     * (by the order's time), fulfilled (by the time staff sent it) and rejected (by the time staff
     * refused it, its coins refunded), each a count and its coins.
     */
    async orderFigures(from: Date, to: Date) {
      const within = (column: AnyColumn) => sql`${column} >= ${from} and ${column} < ${to}`;
      const rejected = sql`${redemptionOrders.status} = 'rejected' and ${within(redemptionOrders.decidedAt)}`;
      const [row] = await db
        .select({
          redeemedCount: sql<number>`count(*) filter (where ${within(redemptionOrders.createdAt)})::int`,
          redeemedCoins: sql<number>`coalesce(sum(${redemptionOrders.coins}) filter (where ${within(redemptionOrders.createdAt)}), 0)::int`,
          fulfilledCount: sql<number>`count(*) filter (where ${within(redemptionOrders.fulfilledAt)})::int`,
          fulfilledCoins: sql<number>`coalesce(sum(${redemptionOrders.coins}) filter (where ${within(redemptionOrders.fulfilledAt)}), 0)::int`,
          rejectedCount: sql<number>`count(*) filter (where ${rejected})::int`,
          rejectedCoins: sql<number>`coalesce(sum(${redemptionOrders.coins}) filter (where ${rejected}), 0)::int`,
        })
        .from(redemptionOrders)
        // Each order counts in the month of any of its three times: only those rows are read.
        .where(
          sql`${within(redemptionOrders.createdAt)} or ${within(redemptionOrders.fulfilledAt)} or ${within(redemptionOrders.decidedAt)}`,
        );
      return row!;
    },

    /** The tester's redemption orders, for the tester's data export (decision 040). */
    async exportOf(testerId: string) {
      return { redemptionOrders: await db.select().from(redemptionOrders).where(eq(redemptionOrders.testerId, testerId)) };
    },

    async listActive(): Promise<RewardItemRow[]> {
      return db.select().from(rewardItems).where(eq(rewardItems.active, true)).orderBy(asc(rewardItems.sortOrder), asc(rewardItems.id));
    },

    /**
     * A pending order of the active reward `itemNo` at the catalogue's cost, and the reward, in one
     * statement (issue 27); null when no active reward has that number, and then nothing is written.
     */
    async placeOrder(testerId: string, itemNo: number, createdAt: Date): Promise<{ orderId: number; reward: RewardItemRow } | null> {
      const result = await placeOrderStatement(db, { testerId, itemNo, createdAt: createdAt.toISOString() });
      const [row] = resultRows<{
        order_id: number;
        id: number;
        name: string;
        coins: number;
        image_path: string;
        active: boolean;
        sort_order: number;
        version: number;
      }>(result);
      if (!row) return null;
      const reward = {
        id: row.id,
        name: row.name,
        coins: row.coins,
        imagePath: row.image_path,
        active: row.active,
        sortOrder: row.sort_order,
        version: row.version,
      };
      return { orderId: row.order_id, reward };
    },

    /** The whole catalogue for staff (decision 055), retired rewards too, in the redeem page's order, with each reward's pending orders. */
    async listCatalogue() {
      const pending = db
        .select({ itemNo: redemptionOrders.itemNo, total: count().as('total') })
        .from(redemptionOrders)
        .where(eq(redemptionOrders.status, 'pending'))
        .groupBy(redemptionOrders.itemNo)
        .as('pending');
      return db
        .select({ item: rewardItems, pendingOrders: sql<number>`coalesce(${pending.total}, 0)::int` })
        .from(rewardItems)
        .leftJoin(pending, eq(pending.itemNo, rewardItems.id))
        .orderBy(asc(rewardItems.sortOrder), asc(rewardItems.id));
    },

    /** The reward locked for the rest of the transaction (a staff change, with its before and after). */
    async lockItem(itemNo: number): Promise<RewardItemRow | null> {
      const [row] = await db.select().from(rewardItems).where(eq(rewardItems.id, itemNo)).limit(1).for('update');
      return row ?? null;
    },

    /**
     * A staff edit made from `version`: a conditional UPDATE that raises the version, so of two
     * edits made from the same version one is saved and the other matches nothing (null).
     */
    async updateItem(
      itemNo: number,
      version: number,
      fields: Pick<NewRewardItem, 'name' | 'coins' | 'imagePath' | 'sortOrder'>,
    ): Promise<RewardItemRow | null> {
      const [row] = await db
        .update(rewardItems)
        .set({ ...fields, version: sql`${rewardItems.version} + 1` })
        .where(and(eq(rewardItems.id, itemNo), eq(rewardItems.version, version)))
        .returning();
      return row ?? null;
    },

    /** Retires or restores a reward (raising its version); null when it already had that state. */
    async setActive(itemNo: number, active: boolean): Promise<RewardItemRow | null> {
      const [row] = await db
        .update(rewardItems)
        .set({ active, version: sql`${rewardItems.version} + 1` })
        .where(and(eq(rewardItems.id, itemNo), eq(rewardItems.active, !active)))
        .returning();
      return row ?? null;
    },

    async insertItems(items: NewRewardItem[]) {
      return db.insert(rewardItems).values(items).returning();
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

    /** The tester's newest orders with the reward's name, newest first (the portal's list of orders). */
    async ordersOf(testerId: string, limit: number) {
      return db
        .select({ order: redemptionOrders, rewardName: rewardItems.name })
        .from(redemptionOrders)
        .innerJoin(rewardItems, eq(rewardItems.id, redemptionOrders.itemNo))
        .where(eq(redemptionOrders.testerId, testerId))
        .orderBy(desc(redemptionOrders.createdAt), desc(redemptionOrders.id))
        .limit(limit);
    },

    /**
     * A page of orders for staff (decisions 047 and 140) with the reward's name and the tester's
     * username, sorted by one of the table's columns (ties newest first), and the count the status
     * and filter keep: two statements with the same WHERE.
     */
    async listOrders(
      usernameOf: (testerId: AnyColumn) => SqlFragment,
      query: { status?: string; sort: StaffOrderSort; dir: SortDirection; filter: string; offset: number; limit: number },
    ) {
      const username = usernameOf(redemptionOrders.testerId);
      const sortable: Record<StaffOrderSort, SqlFragment> = {
        orderId: sql`${redemptionOrders.id}`,
        createdAt: sql`${redemptionOrders.createdAt}`,
        username: sql`lower(${username})`,
        rewardName: sql`lower(${rewardItems.name})`,
        coins: sql`${redemptionOrders.coins}`,
        status: sql`${redemptionOrders.status}`,
        decidedAt: sql`${redemptionOrders.decidedAt}`,
      };
      const pattern = containsPattern(query.filter);
      const kept = and(
        query.status ? eq(redemptionOrders.status, query.status) : undefined,
        query.filter === '' ? undefined : sql`(${username} ilike ${pattern} or ${rewardItems.name} ilike ${pattern})`,
      );
      const direction = query.dir === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
      const [rows, [total]] = await Promise.all([
        db
          .select({ order: redemptionOrders, rewardName: rewardItems.name, username: sql<string | null>`${username}` })
          .from(redemptionOrders)
          .innerJoin(rewardItems, eq(rewardItems.id, redemptionOrders.itemNo))
          .where(kept)
          .orderBy(sql`${sortable[query.sort]} ${direction}`, desc(redemptionOrders.createdAt), desc(redemptionOrders.id))
          .limit(query.limit)
          .offset(query.offset),
        db
          .select({ count: sql<number>`count(*)::int` })
          .from(redemptionOrders)
          .innerJoin(rewardItems, eq(rewardItems.id, redemptionOrders.itemNo))
          .where(kept),
      ]);
      return { rows, total: Number(total?.count ?? 0) };
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
