import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createBooking,
  createChild,
  createReferral,
  createRewardItem,
  createSessionGroup,
  createStudy,
  createTester,
} from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import type { AuditTarget } from '../audit/audited.ts';
import { auditTargetName, auditTargetNames, DELETED_TARGET } from './audit-target-names.ts';
import { callouts, faqs, redemptionOrders, winners } from './schema.ts';

/** The audit log's names for the kinds of target the audit writes beyond testers, studies, groups, staff and sites (decision 127). */

const testApp = useTestApp();
const db = () => testApp.database.db;

/** The names of `targets`, read as the log reads a page: one call for them all. */
async function namesOf(...targets: AuditTarget[]) {
  const names = await auditTargetNames(db(), targets);
  return targets.map((target) => auditTargetName(names, target));
}

describe('the audit log names every kind of target it records', () => {
  it('names a booking by its number, its tester and its study (check-in, no-shows, booking controls)', async () => {
    const tester = await createTester(db(), { firstName: 'Ana', lastName: 'Ruiz' });
    const study = await createStudy(db());
    const group = await createSessionGroup(db(), { studyNo: study.studyNo });
    const booking = await createBooking(db(), { testerId: tester.id, studyNo: study.studyNo, groupId: group.id });
    expect(await namesOf({ type: 'booking', id: String(booking.id) }, { type: 'booking', id: '999999999' })).toEqual([
      `Booking ${booking.id}: Ana Ruiz, Study ${study.studyNo}`,
      DELETED_TARGET,
    ]);
  });

  it('names a child by name and the end of their id (the children call queue)', async () => {
    const parent = await createTester(db());
    const child = await createChild(db(), { parentId: parent.id, birthDate: '2018-05-01', firstName: 'Mia', lastName: 'Ruiz' });
    expect(await namesOf({ type: 'child', id: child.publicId }, { type: 'child', id: randomUUID() })).toEqual([
      `Child Mia Ruiz (…${child.publicId.slice(-4)})`,
      DELETED_TARGET,
    ]);
  });

  it('names a referral by the friend referred and the end of its id (the referral pipeline)', async () => {
    const referrer = await createTester(db());
    const referral = await createReferral(db(), { referrerId: referrer.id, firstName: 'Bea', lastName: 'Lopez' });
    expect(await namesOf({ type: 'referral', id: referral.id })).toEqual([`Referral Bea Lopez (…${referral.id.slice(-4)})`]);
  });

  it('names a reward and a redemption order by the reward (the catalogue and the orders)', async () => {
    const reward = await createRewardItem(db(), { name: '$25 gift card' });
    const tester = await createTester(db());
    const [order] = await db()
      .insert(redemptionOrders)
      .values({ testerId: tester.id, itemNo: reward.id, coins: 100, createdAt: new Date() })
      .returning();
    expect(
      await namesOf(
        { type: 'reward', id: String(reward.id) },
        { type: 'redemption-order', id: String(order!.id) },
        { type: 'reward', id: 'new' },
      ),
    ).toEqual(['Reward $25 gift card', `Order ${order!.id}: $25 gift card`, undefined]);
  });

  it('names a test site the content pages changed as the staff sites are named', async () => {
    expect(await namesOf({ type: 'test-site', id: '00001' }, { type: 'site', id: '00001' })).toEqual([
      'Site Chicago Test Center',
      'Site Chicago Test Center',
    ]);
  });

  it('names a call-out by its title, an FAQ by its question and a winner by name and drawing (the content pages)', async () => {
    const at = new Date();
    const [callout] = await db()
      .insert(callouts)
      .values({
        rKey: `names-${at.getTime()}`,
        title: 'Tell us about tea',
        description: '',
        startTimeStamp: at,
        endTimeStamp: new Date(at.getTime() + 1000),
      })
      .returning();
    const [faq] = await db().insert(faqs).values({ type: 1, question: 'How do I book?', answer: 'Online.' }).returning();
    const [winner] = await db()
      .insert(winners)
      .values({ winnerTypeDesc: 'Monthly drawing', periodStart: '2026-11-01', winnerTime: 'November', winner: 'luckyone' })
      .returning();
    expect(
      await namesOf(
        { type: 'callout', id: String(callout!.id) },
        { type: 'faq', id: String(faq!.id) },
        { type: 'winner', id: String(winner!.id) },
      ),
    ).toEqual(['Call-out Tell us about tea', 'FAQ How do I book?', 'Winner luckyone, Monthly drawing']);
  });
});
