import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REFERRAL_PIPELINE_TEXTS, type ReferralPipelineResponse } from '@testerhub/shared/staff-queues-schemas';
import { getWith, postJson } from '../../../test/account-helpers.ts';
import { balanceAndLedger, createLoggedInTester, createReferral } from '../../../test/factories.ts';
import { signedInStaff, TEST_STAFF_TOTP_KEY } from '../../../test/staff-helpers.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { referrals, staffAuditLog } from '../../core/db/schema.ts';

/**
 * The referral pipeline (issue 12 section 5; decision 054): the staff list, the allowed moves
 * of the staff statuses, Paid paying the referral reward through the ledger once (also against
 * racing staff and the referrer's own claims), and what the referrer then sees.
 */

const testApp = useTestApp({ env: { STAFF_TOTP_KEY: TEST_STAFF_TOTP_KEY } });
const db = () => testApp.database.db;

const recruiter = () => signedInStaff(db(), ['recruiter']);

const setStatus = (cookie: string, body: unknown) => postJson(testApp.app, '/api/staff/referrals/SetStatus', body, { cookie });
const list = async (cookie: string, query = '') => {
  const answer = await getWith(testApp.app, `/api/staff/referrals/List${query}`, { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as ReferralPipelineResponse;
};
const referrerSees = async (cookie: string) =>
  (await getWith(testApp.app, '/api/reward/GetReferralList', { cookie })).json().referralList as {
    status: string;
    redeemedReward: boolean;
  }[];
const rowOf = async (id: string) => (await db().select().from(referrals).where(eq(referrals.id, id)))[0]!;

describe('the pipeline list', () => {
  it('lists referrals newest first with the referrer’s username, and filters by status', async () => {
    const { cookie } = await recruiter();
    const { tester } = await createLoggedInTester(db());
    const older = await createReferral(db(), { referrerId: tester.id, createdAt: new Date(Date.now() - 60_000) });
    const newer = await createReferral(db(), { referrerId: tester.id, status: 'Complete' });
    const all = await list(cookie);
    const ids = all.referrals.map((item) => item.referralId);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(all.referrals.find((item) => item.referralId === newer.id)).toEqual({
      referralId: newer.id,
      referrerUsername: tester.username,
      firstName: newer.firstName,
      lastName: newer.lastName,
      email: newer.email,
      phone: newer.phone,
      status: 'Complete',
      createdAt: newer.createdAt.toISOString(),
      statusChangedAt: newer.statusChangedAt.toISOString(),
      rewardPaid: false,
    });
    const complete = await list(cookie, '?status=Complete');
    expect(complete.referrals.every((item) => item.status === 'Complete')).toBe(true);
    expect(complete.referrals.map((item) => item.referralId)).toContain(newer.id);
    expect((await getWith(testApp.app, '/api/staff/referrals/List?status=Maybe', { cookie })).statusCode).toBe(400);
  });
});

describe('a staff move', () => {
  it('moves only as allowed, audited, and the referrer sees the new status', async () => {
    const { staff, cookie } = await recruiter();
    const { tester, cookie: testerCookie } = await createLoggedInTester(db());
    const referral = await createReferral(db(), { referrerId: tester.id });
    expect((await setStatus(cookie, { referralId: referral.id, status: 'Outreach' })).json()).toEqual({
      status: 'succeed',
      message: REFERRAL_PIPELINE_TEXTS.moved,
    });
    expect(await referrerSees(testerCookie)).toMatchObject([{ status: 'Outreach', redeemedReward: false }]);
    // Paid only from Complete; nothing moves from Closed.
    expect((await setStatus(cookie, { referralId: referral.id, status: 'Paid' })).json()).toEqual({
      status: 'failed',
      message: REFERRAL_PIPELINE_TEXTS.notAllowed,
    });
    expect((await setStatus(cookie, { referralId: referral.id, status: 'Closed' })).json()).toMatchObject({ status: 'succeed' });
    for (const status of ['Bad Number', 'Outreach', 'Paid'])
      expect((await setStatus(cookie, { referralId: referral.id, status })).json()).toMatchObject({ status: 'failed' });
    expect(await rowOf(referral.id)).toMatchObject({ status: 'Closed', redeemedAt: null });
    const audit = await db()
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.targetType, 'referral'), eq(staffAuditLog.targetId, referral.id)));
    expect(audit).toMatchObject([
      { staffId: staff.id, action: 'referral.status', before: { status: 'New' }, after: { status: 'Outreach' } },
      { staffId: staff.id, action: 'referral.status', before: { status: 'Outreach' }, after: { status: 'Closed' } },
    ]);
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ entries: 0 });
  });

  it('Paid pays the referrer 200 coins and 250 experience through the ledger once; the claim button is then gone', async () => {
    const { cookie } = await recruiter();
    const { tester, cookie: testerCookie } = await createLoggedInTester(db());
    const referral = await createReferral(db(), { referrerId: tester.id, status: 'Complete' });
    expect((await setStatus(cookie, { referralId: referral.id, status: 'Paid' })).json()).toEqual({
      status: 'succeed',
      message: REFERRAL_PIPELINE_TEXTS.paid,
    });
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 200, exp: 250, ledgerCoins: 200, entries: 1 });
    expect(await referrerSees(testerCookie)).toMatchObject([{ status: 'Paid', redeemedReward: true }]);
    const claim = await postJson(
      testApp.app,
      '/api/reward/GetReferralReward',
      { referralId: referral.id, firstName: referral.firstName, lastName: referral.lastName, status: 'Paid', redeemedReward: false },
      { cookie: testerCookie },
    );
    expect(claim.json()).toMatchObject({ status: 'notClaimable' });
    expect((await list(cookie)).referrals.find((item) => item.referralId === referral.id)).toMatchObject({
      status: 'Paid',
      rewardPaid: true,
    });
  });

  it('Paid after the referrer claimed the reward pays nothing more', async () => {
    const { cookie } = await recruiter();
    const { tester } = await createLoggedInTester(db());
    const referral = await createReferral(db(), { referrerId: tester.id, status: 'Complete', redeemedAt: new Date() });
    expect((await setStatus(cookie, { referralId: referral.id, status: 'Paid' })).json()).toEqual({
      status: 'succeed',
      message: REFERRAL_PIPELINE_TEXTS.paidBefore,
    });
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 0, entries: 0 });
  });

  it('refuses an unknown referral and bad input', async () => {
    const { cookie } = await recruiter();
    expect((await setStatus(cookie, { referralId: '5f0c7a8e-1b2c-4d3e-8f4a-5b6c7d8e9f00', status: 'Closed' })).json()).toEqual({
      status: 'failed',
      message: REFERRAL_PIPELINE_TEXTS.notFound,
    });
    for (const body of [
      {},
      { referralId: 'x', status: 'Closed' },
      { referralId: '5f0c7a8e-1b2c-4d3e-8f4a-5b6c7d8e9f00', status: 'Complete' },
    ])
      expect((await setStatus(cookie, body)).statusCode, JSON.stringify(body)).toBe(400);
  });

  it('pays once when two recruiters click Paid 20 times at once', async () => {
    const one = await recruiter();
    const two = await recruiter();
    const { tester } = await createLoggedInTester(db());
    const referral = await createReferral(db(), { referrerId: tester.id, status: 'Complete' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => setStatus(index % 2 ? one.cookie : two.cookie, { referralId: referral.id, status: 'Paid' })),
    );
    expect(answers.filter((answer) => answer.json().status === 'succeed')).toHaveLength(1);
    expect(await balanceAndLedger(db(), tester.id)).toMatchObject({ coins: 200, exp: 250, ledgerCoins: 200, ledgerExp: 250, entries: 1 });
    const audit = await db()
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.targetType, 'referral'), eq(staffAuditLog.targetId, referral.id)));
    expect(audit).toHaveLength(1);
  });
});
