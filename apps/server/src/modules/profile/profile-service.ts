import { languageOf } from '@testerhub/shared/i18n';
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../core/clock.ts';
import type { Database } from '../../core/db/client.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import { isSuspended, type TesterRow, type TesterService } from '../testers/tester-service.ts';
import { reencodeAvatarPicture } from './avatar-picture.ts';
import { createProfileRepository } from './profile-repository.ts';

/**
 * The name of a picture content staff added (decision 068): never reused, so its address can be
 * cached for good. New ones end in .png (the server writes a PNG, decision 078); .jpg and .webp
 * were added before, and keep their names.
 */
export const ADDED_AVATAR_NAME = /^added-[0-9a-f]{16}\.(?:png|jpg|webp)$/;
export const addedAvatarName = (extension: string) => `added-${randomBytes(8).toString('hex')}.${extension}`;

/**
 * Where every profile picture is fetched from (decision 068): the pictures the site ships are
 * files of the web app; one content staff added is served from the database by the API.
 */
export const avatarSrc = (fileName: string) =>
  ADDED_AVATAR_NAME.test(fileName) ? `/api/content/Avatar/${fileName}` : `/media/avatars/${fileName}`;

/** The portal shell's reads about the logged-in tester (name, coins, level, avatar) and the level check. */
export function createProfileService(
  db: Database,
  deps: { ledger: LedgerService; clock: Clock; testers: TesterService; loginDaysThisMonth: (testerId: string) => Promise<number> },
) {
  const { ledger } = deps;
  const repository = createProfileRepository(db);

  /** The level as the database holds it now: the session's copy of the tester may predate the last reward. */
  async function currentLevel(tester: TesterRow): Promise<number> {
    return (await ledger.balance(tester.id))?.level ?? tester.level;
  }

  return {
    /** The tester's part of the data export (decision 040). */
    exportData: (testerId: string) => repository.exportOf(testerId),

    async testerInfo(tester: TesterRow) {
      const [progress, loginDaysThisMonth] = await Promise.all([
        ledger.levelProgress(tester.level, tester.exp),
        deps.loginDaysThisMonth(tester.id),
      ]);
      return {
        username: tester.username,
        coins: tester.coins,
        ...progress,
        fileName: tester.avatarFile,
        imageSrc: avatarSrc(tester.avatarFile),
        blackList: tester.blackList,
        loginDaysThisMonth,
        suspendedUntil: isSuspended(tester, deps.clock.now()) ? tester.suspendedUntil!.toISOString() : null,
        language: languageOf(tester.language),
      };
    },

    nextLevel: (tester: TesterRow) => ledger.levelProgress(tester.level, tester.exp),

    currentLevel,

    /** The tester's level and whether it is above the level last acknowledged here (which this call then records). */
    async checkLevel(tester: TesterRow): Promise<{ level: number; levelUp: boolean }> {
      const level = await currentLevel(tester);
      return { level, levelUp: await repository.acknowledgeLevel(tester.id, level, deps.clock.now()) };
    },

    /** The pictures, lowest level first (GetProfilePic); the page greys out those above the tester's level. Hidden ones are not offered (decision 068). */
    async profilePics() {
      return (await repository.listAvatars())
        .filter((row) => !row.hidden)
        .map((row) => ({
          imageID: row.imageId,
          fileName: row.fileName,
          imageSrc: avatarSrc(row.fileName),
          requireLevel: row.requireLevel,
        }));
    },

    /** SaveProfilePic: only a shown picture whose level the tester has reached (checked against the level stored now). */
    async saveProfilePic(tester: TesterRow, imageId: number): Promise<{ status: 'succeed' | 'failed' }> {
      const [picture, level] = await Promise.all([repository.findAvatar(imageId), currentLevel(tester)]);
      if (!picture || picture.hidden || picture.requireLevel > level) return { status: 'failed' };
      await deps.testers.setAvatar(tester.id, picture.fileName);
      return { status: 'succeed' };
    },

    /**
     * An added picture's bytes and type (GET /content/Avatar/<file>); null for any other name.
     * Only bytes the server wrote are served (decision 078): a picture kept as it was uploaded
     * before that is re-encoded on its first request and stored so; one that cannot be is not served.
     */
    async addedAvatarImage(fileName: string): Promise<{ contentType: string; bytes: Uint8Array } | null> {
      if (!ADDED_AVATAR_NAME.test(fileName)) return null;
      const row = await repository.avatarImage(fileName);
      if (!row || row.reencodedAt) return row;
      const picture = await reencodeAvatarPicture(row.bytes);
      if (!picture.ok) return null;
      const { contentType, bytes, width, height } = picture;
      await repository.replaceUploadedImage(fileName, { contentType, bytes, width, height, reencodedAt: deps.clock.now() });
      return { contentType, bytes };
    },

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
