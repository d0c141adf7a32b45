import type { Executor } from '../../core/db/client.ts';
import { HOUR_MS } from '../../core/clock.ts';
import { createCalloutRepository } from './callout-repository.ts';

/**
 * Demo call-outs (decision 035), relative to the seed day: one showing now, one that has ended,
 * one switched off and one still to come, so the portal shows exactly the first.
 */
export async function seedDemoCallouts(tx: Executor, today: Date): Promise<void> {
  const day = (offset: number) => new Date(today.getTime() + offset * 24 * HOUR_MS);
  await createCalloutRepository(tx).insert([
    {
      rKey: 'demo-holiday-screeners',
      title: 'Holiday taste tests are open',
      description: 'Fill in the holiday snack screener this month and earn bonus coins when you qualify.',
      pkCoins: 50,
      screener: '/community/main/screener',
      startTimeStamp: day(-1),
      endTimeStamp: day(60),
    },
    {
      rKey: 'demo-summer-recap',
      title: 'Thanks for a great summer',
      description: 'Our summer studies are over. Thank you for taking part!',
      startTimeStamp: day(-120),
      endTimeStamp: day(-30),
    },
    {
      rKey: 'demo-paused',
      title: 'Paused announcement',
      description: 'Staff switched this call-out off.',
      active: false,
      startTimeStamp: day(-1),
      endTimeStamp: day(60),
    },
    {
      rKey: 'demo-spring-preview',
      title: 'Spring studies are coming',
      description: 'New spring studies open soon. Keep your About-me answers up to date.',
      startTimeStamp: day(90),
      endTimeStamp: day(150),
    },
  ]);
}
