import { ageOn } from '@testerhub/shared/account-rules';
import type { PortalRepository } from '../repositories/portal-repository.ts';
import type { TesterRow } from '../repositories/tester-repository.ts';
import { cachedRead } from './cached-read.ts';

export const AVATAR_PATH = '/media/avatars/';

export interface LevelProgress {
  level: number;
  exp: number;
  /** Experience the next level needs, or 'Max' at the top level. */
  nextLevelExp: number | 'Max';
  remainExp: number;
}

/** Level progress from the level table: the next level's requirement and what is left to earn. */
export function levelProgress(level: number, exp: number, table: readonly { level: number; expRequired: number }[]): LevelProgress {
  const next = table.find((row) => row.level === level + 1);
  if (!next) return { level, exp, nextLevelExp: 'Max', remainExp: 0 };
  return { level, exp, nextLevelExp: next.expRequired, remainExp: Math.max(0, next.expRequired - exp) };
}

export function createProfileService(portal: PortalRepository) {
  // The level table changes only with a release: read it once (a failed read is tried again).
  const levels = cachedRead(Number.POSITIVE_INFINITY, () => portal.listLevels());

  return {
    async testerInfo(tester: TesterRow) {
      const progress = levelProgress(tester.level, tester.exp, await levels());
      return {
        username: tester.username,
        coins: tester.coins,
        ...progress,
        fileName: tester.avatarFile,
        imageSrc: `${AVATAR_PATH}${tester.avatarFile}`,
        blackList: tester.blackList,
      };
    },

    async nextLevel(tester: TesterRow) {
      return levelProgress(tester.level, tester.exp, await levels());
    },

    screeners(tester: TesterRow, today = new Date()) {
      const [year, month, day] = tester.birthDate.split('-').map(Number) as [number, number, number];
      return portal.listScreenersFor(tester.siteId, ageOn({ year, month, day }, today));
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
