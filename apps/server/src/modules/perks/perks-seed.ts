import type { Executor } from '../../core/db/client.ts';
import { PERK_EFFECTS } from './perks-service.ts';
import { skillLevels, skillTypes } from './perks-tables.ts';

const reach = (level: number) => `<p>Reach <strong>level ${level}</strong>.</p>`;

/** The demo skill tree (decision 038): three perks of three levels, each changing a figure the server computes. */
const DEMO_PERKS = [
  {
    effectKey: PERK_EFFECTS.dailyBonusCoins,
    name: 'Early Bird',
    imageSrc: '/media/perks/early-bird.svg',
    description: 'More coins from your daily login bonus.',
    levels: [
      { effect: '+5 coins from the daily bonus', effectValue: 5, requireLevel: 1, requireCoins: 50 },
      { effect: '+10 coins from the daily bonus', effectValue: 10, requireLevel: 3, requireCoins: 200 },
      { effect: '+15 coins from the daily bonus', effectValue: 15, requireLevel: 5, requireCoins: 400 },
    ],
  },
  {
    effectKey: PERK_EFFECTS.extraSpins,
    name: 'Lucky Spinner',
    imageSrc: '/media/perks/lucky-spinner.svg',
    description: 'More spins of the wheel every week.',
    levels: [
      { effect: '+1 wheel spin a week', effectValue: 1, requireLevel: 2, requireCoins: 100 },
      { effect: '+2 wheel spins a week', effectValue: 2, requireLevel: 4, requireCoins: 250 },
      { effect: '+3 wheel spins a week', effectValue: 3, requireLevel: 6, requireCoins: 500 },
    ],
  },
  {
    effectKey: PERK_EFFECTS.drawingDiscount,
    name: 'Bargain Hunter',
    imageSrc: '/media/perks/bargain-hunter.svg',
    description: 'A cheaper entry in the weekly gift-card drawing.',
    levels: [
      { effect: 'Drawing entry 10 coins cheaper', effectValue: 10, requireLevel: 2, requireCoins: 150 },
      { effect: 'Drawing entry 20 coins cheaper', effectValue: 20, requireLevel: 4, requireCoins: 300 },
      { effect: 'Drawing entry 30 coins cheaper', effectValue: 30, requireLevel: 6, requireCoins: 600 },
    ],
  },
];

export async function seedPerks(tx: Executor): Promise<void> {
  for (const [index, { levels, ...perk }] of DEMO_PERKS.entries()) {
    const [type] = await tx
      .insert(skillTypes)
      .values({ ...perk, sortOrder: index })
      .returning({ id: skillTypes.id });
    await tx.insert(skillLevels).values(
      levels.map((level, position) => ({
        ...level,
        skillTypeId: type!.id,
        level: position + 1,
        requireConditionsDesc: reach(level.requireLevel),
      })),
    );
  }
}
