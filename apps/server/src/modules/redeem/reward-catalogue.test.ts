import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_TEXTS, type CatalogueResponse } from '@testerhub/shared/staff-queues-schemas';
import { getWith, postJson } from '../../../test/account-helpers.ts';
import { createLoggedInTester, createRewardItem } from '../../../test/factories.ts';
import { signedInStaff, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { redemptionOrders, rewardItems, staffAuditLog } from '../../core/db/schema.ts';

/**
 * The reward catalogue on the staff side (issue 12 section 6; decision 055): list, add, edit,
 * retire and restore, as the redeem page then shows them; a price change leaves a pending order
 * as it was; two edits from one version save one.
 */

const testApp = useTestApp({ env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY } });
const db = () => testApp.database.db;

const rewardsStaff = () => signedInStaff(db(), ['rewards']);

const post = (path: string, cookie: string, body: unknown) => postJson(testApp.app, `/api/staff/rewards/${path}`, body, { cookie });
const catalogue = async (cookie: string) => {
  const answer = await getWith(testApp.app, '/api/staff/rewards/Catalogue', { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as CatalogueResponse).rewards;
};
const redeemPage = async (cookie: string) =>
  (await getWith(testApp.app, '/api/reward/GetRewardList', { cookie })).json() as {
    rItemNo: number;
    rItemName: string;
    rItemCoins: number;
  }[];
const fields = { name: 'Staff-made mug', coins: 750, imagePath: '/media/rewards/tote-bag.svg', sortOrder: 3 };

describe('the catalogue', () => {
  it('adds a reward the redeem page shows at once, audited', async () => {
    const { staff, cookie } = await rewardsStaff();
    const { cookie: testerCookie } = await createLoggedInTester(db());
    const added = (await post('AddReward', cookie, { ...fields, coins: '750' })).json();
    expect(added).toMatchObject({ status: 'succeed', message: CATALOGUE_TEXTS.added });
    expect((await catalogue(cookie)).find((item) => item.itemNo === added.itemNo)).toEqual({
      itemNo: added.itemNo,
      ...fields,
      active: true,
      version: 1,
      pendingOrders: 0,
    });
    expect((await redeemPage(testerCookie)).find((item) => item.rItemNo === added.itemNo)).toMatchObject({
      rItemName: 'Staff-made mug',
      rItemCoins: 750,
    });
    const audit = await db()
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.targetType, 'reward'), eq(staffAuditLog.targetId, String(added.itemNo))));
    expect(audit).toMatchObject([{ staffId: staff.id, action: 'reward.add', before: null, after: { name: 'Staff-made mug', coins: 750 } }]);
  });

  it('edits a reward: the redeem page shows the new price, a pending order keeps its own, and SpendCoin charges the new one', async () => {
    const { cookie } = await rewardsStaff();
    const { tester, cookie: testerCookie } = await createLoggedInTester(db(), { coins: 1000 });
    const reward = await createRewardItem(db(), { coins: 300 });
    expect(
      (await postJson(testApp.app, '/api/reward/SpendCoin', String(reward.id), { cookie: testerCookie, raw: true })).json(),
    ).toMatchObject({
      status: 'succeed',
    });
    expect((await catalogue(cookie)).find((item) => item.itemNo === reward.id)).toMatchObject({ pendingOrders: 1 });
    const saved = await post('EditReward', cookie, { itemNo: reward.id, version: 1, ...fields, coins: 400 });
    expect(saved.json()).toEqual({ status: 'succeed', message: CATALOGUE_TEXTS.saved });
    const [order] = await db().select().from(redemptionOrders).where(eq(redemptionOrders.testerId, tester.id));
    expect(order).toMatchObject({ coins: 300, status: 'pending' });
    expect((await redeemPage(testerCookie)).find((item) => item.rItemNo === reward.id)).toMatchObject({ rItemCoins: 400 });
    expect(
      (await postJson(testApp.app, '/api/reward/SpendCoin', String(reward.id), { cookie: testerCookie, raw: true })).json(),
    ).toMatchObject({
      status: 'succeed',
      coins: 300,
    });
    // An edit from the old version is refused, not saved over the newer one.
    expect((await post('EditReward', cookie, { itemNo: reward.id, version: 1, ...fields, coins: 999 })).json()).toEqual({
      status: 'failed',
      message: CATALOGUE_TEXTS.stale,
    });
    expect((await db().select().from(rewardItems).where(eq(rewardItems.id, reward.id)))[0]).toMatchObject({ coins: 400, version: 2 });
  });

  it('retires a reward (gone from the redeem page, not redeemable) and restores it', async () => {
    const { cookie } = await rewardsStaff();
    const { cookie: testerCookie } = await createLoggedInTester(db(), { coins: 1000 });
    const reward = await createRewardItem(db(), { coins: 100 });
    expect((await post('SetRewardActive', cookie, { itemNo: reward.id, active: false })).json()).toEqual({
      status: 'succeed',
      message: CATALOGUE_TEXTS.retired,
    });
    expect((await redeemPage(testerCookie)).map((item) => item.rItemNo)).not.toContain(reward.id);
    expect(
      (await postJson(testApp.app, '/api/reward/SpendCoin', String(reward.id), { cookie: testerCookie, raw: true })).json(),
    ).toMatchObject({
      status: 'failed',
    });
    expect((await catalogue(cookie)).find((item) => item.itemNo === reward.id)).toMatchObject({ active: false, version: 2 });
    expect((await post('SetRewardActive', cookie, { itemNo: reward.id, active: false })).json()).toEqual({
      status: 'failed',
      message: CATALOGUE_TEXTS.unchanged,
    });
    expect((await post('SetRewardActive', cookie, { itemNo: reward.id, active: true })).json()).toMatchObject({ status: 'succeed' });
    expect((await redeemPage(testerCookie)).map((item) => item.rItemNo)).toContain(reward.id);
  });

  it('refuses unknown rewards and bad input, writing nothing', async () => {
    const { staff, cookie } = await rewardsStaff();
    expect((await post('EditReward', cookie, { itemNo: 2_000_000_000, version: 1, ...fields })).json()).toEqual({
      status: 'failed',
      message: CATALOGUE_TEXTS.notFound,
    });
    for (const body of [
      {},
      { ...fields, name: ' ' },
      { ...fields, name: 'x'.repeat(81) },
      { ...fields, coins: 0 },
      { ...fields, coins: 1.5 },
      { ...fields, imagePath: '/etc/passwd' },
      { ...fields, sortOrder: -1 },
      { ...fields, name: 'bad\u0000' },
    ])
      expect((await post('AddReward', cookie, body)).statusCode, JSON.stringify(body)).toBe(400);
    expect(await db().select().from(staffAuditLog).where(eq(staffAuditLog.staffId, staff.id))).toHaveLength(0);
  });

  it('saves one of 10 simultaneous edits from the same version by two staff members', async () => {
    const one = await rewardsStaff();
    const two = await rewardsStaff();
    const reward = await createRewardItem(db(), { coins: 100 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        post('EditReward', index % 2 ? one.cookie : two.cookie, { itemNo: reward.id, version: 1, ...fields, coins: 100 + index }),
      ),
    );
    expect(answers.filter((answer) => answer.json().status === 'succeed')).toHaveLength(1);
    const [row] = await db().select().from(rewardItems).where(eq(rewardItems.id, reward.id));
    expect(row!.version).toBe(2);
    const audit = await db()
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.targetType, 'reward'), eq(staffAuditLog.targetId, String(reward.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ coins: row!.coins });
  });
});
