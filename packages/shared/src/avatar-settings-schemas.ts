import { z } from 'zod';
import { integerColumnId } from './integer-column.ts';
import { LEVEL_LIMITS } from './loyalty-settings-schemas.ts';

/**
 * The profile pictures in the staff console (issue 12 section 6; decision 068): content staff see
 * every picture, change the level it unlocks at and hide or show it. No upload (decision 068). One
 * schema serves the console's form and the server; every message is in AVATAR_SETTINGS_TEXTS.
 */

export const AVATAR_SETTINGS_TEXTS = {
  levelInvalid: (highest: number) => `Enter a level from 1 to ${highest}.`,
  notFound: 'This picture no longer exists. Reload the list.',
  stale: 'Someone else saved this picture since you opened it. Your change was not saved: the list now shows theirs.',
  lastForNewcomers: 'At least one shown picture must unlock at level 1: every new tester needs one to choose.',
  saved: (fileName: string) => `${fileName} saved: testers see the change on their next look at the pictures.`,
} as const;
const T = AVATAR_SETTINGS_TEXTS;

/** The level a picture unlocks at: 1 to the highest level there can be (the server checks the levels there are now). */
export const avatarLevelSchema = (highest: number = LEVEL_LIMITS.max) =>
  z
    .number({ error: T.levelInvalid(highest) })
    .int(T.levelInvalid(highest))
    .min(1, T.levelInvalid(highest))
    .max(highest, T.levelInvalid(highest));

/** POST /staff/content/SaveAvatar: one picture's level and whether it is hidden, against the version its editor read. */
export const saveAvatarSchema = z.object({
  imageId: integerColumnId(),
  version: integerColumnId(),
  requireLevel: avatarLevelSchema(),
  hidden: z.boolean(),
});
export type SaveAvatarPayload = z.infer<typeof saveAvatarSchema>;

export const staffAvatarSchema = z.object({
  imageId: z.number().int(),
  fileName: z.string(),
  imageSrc: z.string(),
  requireLevel: z.number().int(),
  hidden: z.boolean(),
  version: z.number().int(),
  /** How many testers wear it now (they keep it when it is hidden or its level rises). */
  wornBy: z.number().int(),
});
export type StaffAvatar = z.infer<typeof staffAvatarSchema>;

/** GET /staff/content/Avatars: every picture, hidden ones too, lowest level first, and the highest level there is. */
export const staffAvatarsResponseSchema = z.object({
  status: z.literal('succeed'),
  highestLevel: z.number().int(),
  avatars: z.array(staffAvatarSchema),
});
export type StaffAvatarsResponse = z.infer<typeof staffAvatarsResponseSchema>;

export const saveAvatarResponseSchema = z.union([
  z.object({ status: z.literal('succeed'), message: z.string(), avatar: staffAvatarSchema }),
  z.object({ status: z.literal('failed'), message: z.string(), field: z.string().optional() }),
]);
export type SaveAvatarResponse = z.infer<typeof saveAvatarResponseSchema>;
