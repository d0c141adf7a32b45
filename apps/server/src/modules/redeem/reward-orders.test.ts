import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ORDER_TEXTS, reportWindowEnd, type RewardOrdersResponse, type StaffOrdersResponse } from '@testerhub/shared/redeem-schemas';
import { getWith, latestMail, postJson } from '../../../test/account-helpers.ts';
import { balanceAndLedger, createLoggedInTester, createRewardItem } from '../../../test/factories.ts';
import { auditRowsWhere, signedInStaff, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { coinLedger, redemptionOrders } from '../../core/db/schema.ts';

/**
 * Redemption orders on the staff side (issue 12 section 6; decision 047): the list, fulfilment
 * with its e-mail and report window, rejection with the refund through the ledger, the audit
 * rows, and racing decisions that move an order once.
 */

const testApp = useTestApp({ env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY } });
const db = () => testApp.database.db;

const rewardsStaff = () => signedInStaff(db(), ['rewards']);

/** A tester who redeemed a reward through SpendCoin: a pending order of `coins`, the balance 1000 - coins. */
async function redeemed(coins = 300, name = 'Gift card') {
  const { cookie, tester } = await createLoggedInTester(db(), { coins: 1000 });
  const reward = await createRewardItem(db(), { name, coins });
  const spent = await postJson(testApp.app, '/api/reward/SpendCoin', String(reward.id), { cookie, raw: true });
  expect(spent.json()).toMatchObject({ status: 'succeed' });
  const [order] = await db().select().from(redemptionOrders).where(eq(redemptionOrders.testerId, tester.id));
  return { tester, testerCookie: cookie, reward, order: order! };
}

const fulfil = (cookie: string, body: unknown) => postJson(testApp.app, '/api/staff/rewards/FulfilOrder', body, { cookie });
const reject = (cookie: string, body: unknown) => postJson(testApp.app, '/api/staff/rewards/RejectOrder', body, { cookie });
const list = async (cookie: string, query = '') => {
  const answer = await getWith(testApp.app, `/api/staff/rewards/Orders${query}`, { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as StaffOrdersResponse;
};
const orderRow = async (id: number) => (await db().select().from(redemptionOrders).where(eq(redemptionOrders.id, id)))[0]!;
const auditRowsOf = (orderId: number) => auditRowsWhere(db(), { targetType: 'redemption-order', targetId: String(orderId) });
const refundsOf = (testerId: string) =>
  db()
    .select()
    .from(coinLedger)
    .where(and(eq(coinLedger.testerId, testerId), eq(coinLedger.reason, 'redeem-refund')));

describe('the order list', () => {
  it('lists orders newest first with the tester’s username, filters by status, and pages', async () => {
    const { cookie } = await rewardsStaff();
    const first = await redeemed(100, 'First reward');
    const second = await redeemed(200, 'Second reward');
    const all = await list(cookie);
    const ids = all.orders.map((order) => order.orderId);
    expect(ids.indexOf(second.order.id)).toBeLessThan(ids.indexOf(first.order.id));
    expect(all.orders.find((order) => order.orderId === second.order.id)).toEqual({
      orderId: second.order.id,
      testerId: second.tester.id,
      username: second.tester.username,
      rewardName: 'Second reward',
      coins: 200,
      createdAt: second.order.createdAt.toISOString(),
      status: 'pending',
      decidedAt: null,
      note: null,
      reportWindowEndsAt: null,
    });

    expect((await fulfil(cookie, { orderId: first.order.id, code: 'CODE-1' })).json().status).toBe('succeed');
    const fulfilled = await list(cookie, '?status=fulfilled');
    expect(fulfilled.orders.every((order) => order.status === 'fulfilled')).toBe(true);
    const shown = fulfilled.orders.find((order) => order.orderId === first.order.id)!;
    const row = await orderRow(first.order.id);
    expect(shown).toMatchObject({ note: 'CODE-1', decidedAt: row.decidedAt!.toISOString() });
    expect(shown.reportWindowEndsAt).toBe(reportWindowEnd(row.fulfilledAt!).toISOString());
    expect((await list(cookie, '?status=pending')).orders.map((order) => order.orderId)).not.toContain(first.order.id);

    const page = await list(cookie, '?page=999');
    expect(page).toMatchObject({ page: 999, orders: [], hasMore: false });
  });

  it('sorts by a column of the table, filters by username or reward name, pages by the size asked, and counts the total (decision 140)', async () => {
    const { cookie } = await rewardsStaff();
    const tag = `Table${Date.now().toString(36)}`;
    const cheap = await redeemed(100, `${tag} mug`);
    const dear = await redeemed(300, `${tag} card`);
    const middle = await redeemed(200, `${tag} book`);
    const ids = (answer: StaffOrdersResponse) => answer.orders.map((order) => order.orderId);

    const byCoins = await list(cookie, `?status=pending&q=${tag}&sort=coins&dir=asc&pageSize=10`);
    expect(byCoins).toMatchObject({ page: 1, pageSize: 10, total: 3, hasMore: false });
    expect(ids(byCoins)).toEqual([cheap.order.id, middle.order.id, dear.order.id]);
    expect(ids(await list(cookie, `?q=${tag.toLowerCase()}&sort=rewardName&dir=asc`))).toEqual([
      middle.order.id,
      dear.order.id,
      cheap.order.id,
    ]);
    expect(ids(await list(cookie, `?q=${tag}`))).toEqual([middle.order.id, dear.order.id, cheap.order.id]);

    const firstPage = await list(cookie, `?q=${tag}&sort=coins&dir=desc&pageSize=10`);
    expect(ids(firstPage)).toEqual([dear.order.id, middle.order.id, cheap.order.id]);
    expect(await list(cookie, `?q=${tag}&pageSize=10&page=2`)).toMatchObject({ page: 2, total: 3, hasMore: false, orders: [] });

    const byUsername = await list(cookie, `?q=${cheap.tester.username}`);
    expect(byUsername).toMatchObject({ total: 1, orders: [{ orderId: cheap.order.id, username: cheap.tester.username }] });
    // The filter's wildcards are taken literally.
    expect((await list(cookie, `?q=${tag}%25`)).total).toBe(0);
  });

  it('answers 400 for a sort column outside the table, a page size or direction outside the choices', async () => {
    const { cookie } = await rewardsStaff();
    for (const query of ['?sort=note', '?sort=tester_id', '?pageSize=7', '?dir=up', `?q=${'x'.repeat(101)}`]) {
      expect((await getWith(testApp.app, `/api/staff/rewards/Orders${query}`, { cookie })).statusCode, query).toBe(400);
    }
  });

  it('answers 400 for an unknown status or a bad page', async () => {
    const { cookie } = await rewardsStaff();
    for (const query of ['?status=lost', '?page=0', '?page=x']) {
      expect((await getWith(testApp.app, `/api/staff/rewards/Orders${query}`, { cookie })).statusCode, query).toBe(400);
    }
  });
});

describe('fulfilling an order', () => {
  it('moves it to fulfilled, e-mails the code with the end of the 30-day window, and writes the audit row', async () => {
    const { staff, cookie } = await rewardsStaff();
    const { tester, order } = await redeemed(300, 'Coffee card');
    const answer = await fulfil(cookie, { orderId: order.id, code: '  GIFT-ABCD-1234  ' });
    expect(answer.json()).toEqual({ status: 'succeed', message: ORDER_TEXTS.fulfilled });

    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: 'fulfilled', note: 'GIFT-ABCD-1234' });
    expect(row.fulfilledAt).toEqual(row.decidedAt);
    const mail = await latestMail(testApp.database, tester.email, 'redeem-fulfilled');
    expect(mail?.subject).toBe(`Your reward has been sent: order #${order.id}`);
    expect(mail?.text).toContain('GIFT-ABCD-1234');
    expect(mail?.text).toContain('Coffee card');
    const windowEnd = reportWindowEnd(row.fulfilledAt!).toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    expect(mail?.text).toContain(`please report it within 30 days, by ${windowEnd}`);

    const [audit, ...more] = await auditRowsOf(order.id);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      staffId: staff.id,
      action: 'reward-order.fulfil',
      before: expect.objectContaining({ status: 'pending', note: null }),
      after: expect.objectContaining({ status: 'fulfilled', note: 'GIFT-ABCD-1234', coins: 300 }),
    });
    // No coins move on fulfilment.
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 700, ledgerCoins: 700 });
  });

  it('requires the code or note, and refuses an order that is no longer pending or does not exist, writing nothing', async () => {
    const { cookie } = await rewardsStaff();
    const { order } = await redeemed();
    for (const body of [
      { orderId: order.id },
      { orderId: order.id, code: '   ' },
      { orderId: order.id, code: 'x'.repeat(1001) },
      { orderId: order.id, code: 'GIFT\u0000' },
      { orderId: order.id, code: 'GIFT\ud800' },
      { orderId: '1', code: 'A' },
      { code: 'A' },
    ]) {
      const answer = await fulfil(cookie, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await fulfil(cookie, { orderId: order.id, code: '' })).json().message).toBe(ORDER_TEXTS.codeRequired);
    expect((await reject(cookie, { orderId: order.id, reason: 'No\u0000' })).statusCode).toBe(400);
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending' });
    expect((await fulfil(cookie, { orderId: 2_000_000_000, code: 'A' })).json()).toEqual({
      status: 'failed',
      message: ORDER_TEXTS.notFound,
    });

    expect((await fulfil(cookie, { orderId: order.id, code: 'FIRST' })).json().status).toBe('succeed');
    expect((await fulfil(cookie, { orderId: order.id, code: 'SECOND' })).json()).toEqual({
      status: 'failed',
      message: ORDER_TEXTS.notPending,
    });
    expect((await reject(cookie, { orderId: order.id, reason: 'Too late' })).json()).toEqual({
      status: 'failed',
      message: ORDER_TEXTS.notPending,
    });
    expect(await orderRow(order.id)).toMatchObject({ status: 'fulfilled', note: 'FIRST' });
    expect(await auditRowsOf(order.id)).toHaveLength(1);
    expect(await refundsOf(order.testerId)).toEqual([]);
  });
});

describe('the tester’s own orders (GetRewardOrders, issue 29)', () => {
  it('lists only the tester’s orders, newest first, each with its status, and the code once fulfilled or the reason once refused', async () => {
    const { cookie } = await rewardsStaff();
    const { testerCookie, order: first } = await redeemed(100, 'Coffee card');
    const reward = await createRewardItem(db(), { name: 'Cinema ticket', coins: 200 });
    await postJson(testApp.app, '/api/reward/SpendCoin', String(reward.id), { cookie: testerCookie, raw: true });
    const third = await createRewardItem(db(), { name: 'Headphones', coins: 300 });
    await postJson(testApp.app, '/api/reward/SpendCoin', String(third.id), { cookie: testerCookie, raw: true });
    await redeemed(50, 'Somebody else’s reward');
    const ordersOf = async () => {
      const answer = await getWith(testApp.app, '/api/reward/GetRewardOrders', { cookie: testerCookie });
      expect(answer.statusCode).toBe(200);
      return (answer.json() as RewardOrdersResponse).orders;
    };
    const [pendingThird, pendingSecond, pendingFirst, ...others] = await ordersOf();
    expect(others).toEqual([]);
    expect([pendingThird!.rewardName, pendingSecond!.rewardName, pendingFirst!.rewardName]).toEqual([
      'Headphones',
      'Cinema ticket',
      'Coffee card',
    ]);
    expect(pendingFirst).toEqual({
      orderId: first.id,
      rewardName: 'Coffee card',
      coins: 100,
      status: 'pending',
      orderedAt: first.createdAt.toISOString(),
      decidedAt: null,
      note: null,
    });

    await fulfil(cookie, { orderId: first.id, code: 'GIFT-ABCD-1234' });
    await reject(cookie, { orderId: pendingSecond!.orderId, reason: 'Out of stock' });
    const [stillPending, refused, sent] = await ordersOf();
    expect(stillPending).toMatchObject({ rewardName: 'Headphones', status: 'pending', note: null });
    expect(refused).toMatchObject({ rewardName: 'Cinema ticket', status: 'rejected', note: 'Out of stock' });
    expect(sent).toMatchObject({ rewardName: 'Coffee card', status: 'fulfilled', note: 'GIFT-ABCD-1234', decidedAt: expect.any(String) });
    expect((await getWith(testApp.app, '/api/reward/GetRewardOrders')).statusCode).toBe(401);
  });
});

describe('rejecting an order', () => {
  it('returns the coins through the ledger with the order as reference, e-mails the reason, and the history names it', async () => {
    const { staff, cookie } = await rewardsStaff();
    const { tester, testerCookie, order } = await redeemed(400, 'Headphones');
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 600 });
    const answer = await reject(cookie, { orderId: order.id, reason: 'Out of stock' });
    expect(answer.json()).toEqual({ status: 'succeed', message: ORDER_TEXTS.rejected });

    expect(await orderRow(order.id)).toMatchObject({ status: 'rejected', note: 'Out of stock', fulfilledAt: null });
    expect(await refundsOf(tester.id)).toEqual([expect.objectContaining({ coins: 400, experience: 0, reference: String(order.id) })]);
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 1000, ledgerCoins: 1000 });
    const mail = await latestMail(testApp.database, tester.email, 'redeem-rejected');
    expect(mail?.subject).toBe(`Your reward order #${order.id} was not fulfilled`);
    expect(mail?.text).toContain('Out of stock');
    expect(mail?.text).toContain('Your 400 coins have been returned');
    expect(await auditRowsOf(order.id)).toEqual([
      expect.objectContaining({ staffId: staff.id, action: 'reward-order.reject', after: expect.objectContaining({ status: 'rejected' }) }),
    ]);

    const history = (await getWith(testApp.app, '/api/reward/GetEarningsHistory?page=1', { cookie: testerCookie })).json();
    expect(history.entries[0]).toMatchObject({ coins: 400, description: 'Reward order refunded: Headphones' });
    expect(history.entries[1]).toMatchObject({ coins: -400, description: 'Reward redeemed: Headphones' });

    // A second rejection refunds nothing.
    expect((await reject(cookie, { orderId: order.id, reason: 'Again' })).json().status).toBe('failed');
    expect(await refundsOf(tester.id)).toHaveLength(1);
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 1000 });
  });

  it('is one unit of work: when the refund cannot be recorded, the order stays pending with no audit row and no e-mail', async () => {
    const { cookie } = await rewardsStaff();
    const { tester, order } = await redeemed(300);
    // A refund of this order already in the ledger (written behind the service's back): the ledger
    // refuses a second one, and the whole decision rolls back.
    await db()
      .insert(coinLedger)
      .values({ testerId: tester.id, coins: 1, reason: 'redeem-refund', reference: String(order.id) });
    await expect(reject(cookie, { orderId: order.id, reason: 'Out of stock' }).then((answer) => answer.statusCode)).resolves.toBe(500);
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending', note: null, decidedAt: null });
    expect(await auditRowsOf(order.id)).toEqual([]);
    expect(await latestMail(testApp.database, tester.email, 'redeem-rejected')).toBeNull();
    expect(await refundsOf(tester.id)).toHaveLength(1);
  });

  it('requires a reason', async () => {
    const { cookie } = await rewardsStaff();
    const { order } = await redeemed();
    const answer = await reject(cookie, { orderId: order.id, reason: ' ' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(ORDER_TEXTS.reasonRequired);
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending' });
  });
});

describe('racing decisions', () => {
  it('move an order once: of 20 simultaneous fulfils and rejects by two staff members one succeeds, with one audit row and at most one refund', async () => {
    const one = await rewardsStaff();
    const two = await rewardsStaff();
    for (let round = 0; round < 3; round += 1) {
      const { tester, order } = await redeemed(250);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) => {
          const cookie = index % 2 === 0 ? one.cookie : two.cookie;
          return index % 4 < 2
            ? fulfil(cookie, { orderId: order.id, code: `CODE-${index}` })
            : reject(cookie, { orderId: order.id, reason: `Reason ${index}` });
        }),
      );
      const statuses = answers.map((answer) => answer.json().status);
      expect(statuses.filter((status) => status === 'succeed')).toHaveLength(1);
      expect(statuses.filter((status) => status === 'failed')).toHaveLength(19);
      const row = await orderRow(order.id);
      expect(await auditRowsOf(order.id)).toHaveLength(1);
      const refunds = await refundsOf(tester.id);
      expect(refunds).toHaveLength(row.status === 'rejected' ? 1 : 0);
      expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: row.status === 'rejected' ? 1000 : 750 });
    }
  });
});
