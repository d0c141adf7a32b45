import type { LedgerService } from '../ledger/ledger-service.ts';
import type { TesterRow } from '../testers/tester-service.ts';

export const AVATAR_PATH = '/media/avatars/';

/** The portal shell's reads about the logged-in tester: name, coins, level, avatar. */
export function createProfileService(deps: { ledger: LedgerService }) {
  const { ledger } = deps;
  return {
    async testerInfo(tester: TesterRow) {
      const progress = await ledger.levelProgress(tester.level, tester.exp);
      return {
        username: tester.username,
        coins: tester.coins,
        ...progress,
        fileName: tester.avatarFile,
        imageSrc: `${AVATAR_PATH}${tester.avatarFile}`,
        blackList: tester.blackList,
      };
    },

    nextLevel: (tester: TesterRow) => ledger.levelProgress(tester.level, tester.exp),

    accountInfo: (tester: TesterRow) => ({
      testerId: tester.id,
      username: tester.username,
      firstName: tester.firstName,
      lastName: tester.lastName,
      emailAddress: tester.email,
      emailConfirmed: !!tester.emailConfirmedAt,
      language: tester.language,
    }),
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
