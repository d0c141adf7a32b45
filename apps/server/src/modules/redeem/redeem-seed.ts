import type { Executor } from '../../core/db/client.ts';
import { createRedeemRepository } from './redeem-repository.ts';

/** Demo rewards (decision 034), with images from the web app's public assets; staff will edit the catalogue. */
export const DEMO_REWARDS = [
  { name: '$5 e-gift card', coins: 500, imagePath: '/media/rewards/gift-card-5.svg' },
  { name: '$10 e-gift card', coins: 1000, imagePath: '/media/rewards/gift-card-10.svg' },
  { name: '$25 e-gift card', coins: 2500, imagePath: '/media/rewards/gift-card-25.svg' },
  { name: 'Tester tote bag', coins: 1500, imagePath: '/media/rewards/tote-bag.svg' },
  { name: 'Movie night pack', coins: 4000, imagePath: '/media/rewards/movie-night.svg' },
] as const;

export async function seedDemoRewards(tx: Executor): Promise<void> {
  await createRedeemRepository(tx).insertItems(DEMO_REWARDS.map((reward, index) => ({ ...reward, sortOrder: index + 1 })));
}
