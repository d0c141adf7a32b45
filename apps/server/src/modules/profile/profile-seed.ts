import type { Executor } from '../../core/db/client.ts';
import { avatars } from './profile-tables.ts';

/** The demo pictures (decision 038): two for everyone, then one more at each level up to 5. */
export async function seedAvatars(tx: Executor): Promise<void> {
  const levels = [1, 1, 2, 3, 4, 5];
  await tx
    .insert(avatars)
    .values(levels.map((requireLevel, index) => ({ fileName: `avatar-0${index + 1}.svg`, requireLevel })))
    .onConflictDoNothing();
}
