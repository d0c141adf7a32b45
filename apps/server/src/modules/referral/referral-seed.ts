import { localDay, monthStart } from '../../core/local-day.ts';
import type { Executor } from '../../core/db/client.ts';
import { createReferralRepository } from './referral-repository.ts';
import { newReferralCode } from './referral-service.ts';

const DAY_MS = 24 * 3600_000;

/** demotester1's friends (decision 036): one of each stage, and one Complete whose reward is still to claim. */
const DEMO_REFERRALS = [
  { firstName: 'Maria', lastName: 'Lopez', status: 'Complete', daysAgo: 40, redeemed: false },
  { firstName: 'Kevin', lastName: 'Brown', status: 'Paid', daysAgo: 70, redeemed: true },
  { firstName: 'Priya', lastName: 'Shah', status: 'Registered', daysAgo: 12, redeemed: false },
  { firstName: 'Tom', lastName: 'Nguyen', status: 'New', daysAgo: 2, redeemed: false },
  { firstName: 'Lena', lastName: 'Fischer', status: 'Bad Number', daysAgo: 20, redeemed: false },
] as const;

export async function seedDemoReferrals(tx: Executor, today: Date, referrerId: string, timeZone: string): Promise<void> {
  const repository = createReferralRepository(tx);
  for (const [index, friend] of DEMO_REFERRALS.entries()) {
    const at = new Date(today.getTime() - friend.daysAgo * DAY_MS);
    await repository.insert({
      referrerId,
      firstName: friend.firstName,
      lastName: friend.lastName,
      age: 30 + index,
      email: `${friend.firstName.toLowerCase()}.${friend.lastName.toLowerCase()}@friends.testerhub.example`,
      phone: `31255502${String(index).padStart(2, '0')}`,
      code: newReferralCode(),
      status: friend.status,
      referredMonth: monthStart(localDay(at, timeZone)),
      createdAt: at,
      statusChangedAt: at,
      redeemedAt: friend.redeemed ? at : null,
    });
  }
}
