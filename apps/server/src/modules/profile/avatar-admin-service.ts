import { base64Bytes, inspectAvatarImage } from '@testerhub/shared/avatar-image';
import {
  AVATAR_SETTINGS_TEXTS,
  type AddAvatarPayload,
  type AddAvatarResponse,
  type SaveAvatarPayload,
  type SaveAvatarResponse,
  type StaffAvatar,
  type StaffAvatarsResponse,
} from '@testerhub/shared/avatar-settings-schemas';
import type { Clock } from '../../core/clock.ts';
import type { Database, Executor } from '../../core/db/client.ts';
import { announceLoyaltySettingsChange } from '../../core/db/loyalty-settings-notice.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import { refusalAnswered, StaffRefusal } from '../../core/audit/audited.ts';
import type { StaffPrincipal, StaffService } from '../staff/staff-service.ts';
import type { TesterService } from '../testers/tester-service.ts';
import { reencodeAvatarPicture } from './avatar-picture.ts';
import { createProfileRepository } from './profile-repository.ts';
import { addedAvatarName, avatarSrc } from './profile-service.ts';

interface AvatarAdminDeps {
  /** The staff service's audit helper: the change and its audit row commit together (decision 043). */
  audited: StaffService['audited'];
  ledger: Pick<LedgerService, 'highestLevel' | 'lockedHighestLevel'>;
  testers: Pick<TesterService, 'avatarWearers'>;
  clock: Clock;
}

type AvatarRow = Awaited<ReturnType<ReturnType<typeof createProfileRepository>['listAvatars']>>[number];

const staffAvatar = (row: AvatarRow, wornBy: number): StaffAvatar => ({
  imageId: row.imageId,
  fileName: row.fileName,
  imageSrc: avatarSrc(row.fileName),
  requireLevel: row.requireLevel,
  hidden: row.hidden,
  version: row.version,
  wornBy,
});

/** What the audit row keeps of a picture. */
const audited = (row: AvatarRow) => ({ fileName: row.fileName, requireLevel: row.requireLevel, hidden: row.hidden, version: row.version });

/**
 * The profile pictures for content staff (issue 12 section 6; decision 068): every picture with
 * its level, whether it is hidden and how many wear it; a save changes one picture's level and
 * visibility against the version its editor read. All pictures are locked first (a handful of
 * rows, in one order), so two saves are one after the other: the second finds the version moved
 * and is refused, and "one shown picture at level 1" cannot be broken by two saves of different
 * pictures at once. The tester's side reads the table on every call (no kept copy); the save still
 * sends the loyalty settings' notice (decision 056) for any copy kept later.
 */
export function createAvatarAdminService(db: Database, deps: AvatarAdminDeps) {
  const repository = createProfileRepository(db);
  return {
    async avatars(): Promise<StaffAvatarsResponse> {
      const [rows, wearers, highestLevel] = await Promise.all([
        repository.listAvatars(),
        deps.testers.avatarWearers(),
        deps.ledger.highestLevel(),
      ]);
      return { status: 'succeed', highestLevel, avatars: rows.map((row) => staffAvatar(row, wearers.get(row.fileName) ?? 0)) };
    },

    saveAvatar(actor: StaffPrincipal, input: SaveAvatarPayload): Promise<SaveAvatarResponse> {
      return refusalAnswered(async () => {
        const saved = await deps.audited(
          actor.id,
          'loyalty.avatar',
          { type: 'avatar', id: String(input.imageId) },
          async (tx: Executor) => {
            // The level rows first, then the pictures' (decision 071): a levels save cannot remove
            // the level this picture is given before the save commits.
            const highest = await deps.ledger.lockedHighestLevel(tx);
            if (input.requireLevel > highest) throw new StaffRefusal(AVATAR_SETTINGS_TEXTS.levelInvalid(highest), 'requireLevel');
            const pictures = createProfileRepository(tx);
            const all = await pictures.lockAvatars();
            const before = all.find((row) => row.imageId === input.imageId);
            if (!before) throw new StaffRefusal(AVATAR_SETTINGS_TEXTS.notFound);
            if (before.version !== input.version) throw new StaffRefusal(AVATAR_SETTINGS_TEXTS.stale);
            const fields = { requireLevel: input.requireLevel, hidden: input.hidden };
            const forNewcomers = all.some((row) => {
              const { requireLevel, hidden } = row.imageId === input.imageId ? fields : row;
              return !hidden && requireLevel === 1;
            });
            if (!forNewcomers)
              throw new StaffRefusal(AVATAR_SETTINGS_TEXTS.lastForNewcomers, input.hidden !== before.hidden ? 'hidden' : 'requireLevel');
            const after = await pictures.saveAvatar(input.imageId, input.version, fields);
            if (!after) throw new StaffRefusal(AVATAR_SETTINGS_TEXTS.stale);
            await announceLoyaltySettingsChange(tx, 'avatars');
            return { before: audited(before), after: audited(after), result: after };
          },
        );
        const wornBy = (await deps.testers.avatarWearers()).get(saved.fileName) ?? 0;
        return { status: 'succeed' as const, message: AVATAR_SETTINGS_TEXTS.saved(saved.fileName), avatar: staffAvatar(saved, wornBy) };
      });
    },

    /**
     * A new picture from content staff: PNG, JPEG or WebP read from its own bytes (never its name),
     * then decoded and written afresh as a PNG (decision 078), stored under a new name; the bytes
     * sent are never kept. Like a save it takes the level rows, then every picture's row, so it
     * waits for a save in progress and the next save counts it.
     */
    addAvatar(actor: StaffPrincipal, input: AddAvatarPayload): Promise<AddAvatarResponse> {
      return refusalAnswered(async () => {
        const sent = base64Bytes(input.image);
        if (!sent) throw new StaffRefusal(AVATAR_SETTINGS_TEXTS.imageType, 'image');
        const header = inspectAvatarImage(sent);
        if (!header.ok) throw new StaffRefusal(header.message, 'image');
        // Decoded before the transaction: no lock is held while libvips works.
        const picture = await reencodeAvatarPicture(sent);
        if (!picture.ok) throw new StaffRefusal(picture.message, 'image');
        const { contentType, bytes, width, height } = picture;
        const added = await deps.audited(actor.id, 'loyalty.avatar-add', { type: 'avatar', id: 'new' }, async (tx: Executor) => {
          const highest = await deps.ledger.lockedHighestLevel(tx);
          if (input.requireLevel > highest) throw new StaffRefusal(AVATAR_SETTINGS_TEXTS.levelInvalid(highest), 'requireLevel');
          const pictures = createProfileRepository(tx);
          await pictures.lockAvatars();
          const now = deps.clock.now();
          const row = await pictures.addAvatar(
            { fileName: addedAvatarName('png'), requireLevel: input.requireLevel, hidden: input.hidden },
            { contentType, bytes, width, height, addedAt: now, reencodedAt: now },
          );
          await announceLoyaltySettingsChange(tx, 'avatars');
          const after = {
            ...audited(row),
            contentType,
            width,
            height,
            bytes: bytes.length,
            sent: { contentType: header.contentType, width: header.width, height: header.height, bytes: sent.length },
          };
          return { before: null, after, result: row, targetId: String(row.imageId) };
        });
        return { status: 'succeed' as const, message: AVATAR_SETTINGS_TEXTS.added(added.fileName), avatar: staffAvatar(added, 0) };
      });
    },

    /** Shown pictures needing a level above `level`, named for a levels save's refusal (decision 071). */
    async needsAbove(tx: Executor, level: number): Promise<{ what: string; level: number }[]> {
      const rows = await createProfileRepository(tx).shownAbove(level);
      return rows.map((row) => ({ what: `picture ${row.fileName.replace(/\.\w+$/, '')}`, level: row.requireLevel }));
    },
  };
}

export type AvatarAdminService = ReturnType<typeof createAvatarAdminService>;
