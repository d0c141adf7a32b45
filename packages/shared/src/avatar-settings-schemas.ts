import { z } from 'zod';
import { integerColumnId } from './integer-column.ts';
import { LEVEL_LIMITS } from './loyalty-settings-schemas.ts';

/**
 * The profile pictures in the staff console (issue 12 section 6; decision 068): content staff see
 * every picture, change the level it unlocks at and hide or show it, and add raster pictures (PNG,
 * JPEG, WebP; never SVG, which can carry script). One schema serves the console's form and the
 * server; every message is in AVATAR_SETTINGS_TEXTS.
 */

/** What an added picture may be (decision 068): read from its own bytes by avatar-image.ts. */
export const AVATAR_IMAGE_LIMITS = {
  maxBytes: 256 * 1024,
  minSide: 64,
  maxSide: 1024,
  /** Width and height may differ by this share of the longer side: an export a few pixels off square still fits the round frame. */
  squareTolerance: 0.02,
  /**
   * The server re-encodes every added picture (decision 078) and stores it at most this many
   * pixels a side: pictures are drawn at 36 to 72 pixels, so this is sharp up to 3.5 times that
   * on high-density screens, and a picture served to every leaderboard row stays small.
   */
  storedMaxSide: 256,
} as const;
const L = AVATAR_IMAGE_LIMITS;

export const AVATAR_SETTINGS_TEXTS = {
  levelInvalid: (highest: number) => `Enter a level from 1 to ${highest}.`,
  notFound: 'This picture no longer exists. Reload the list.',
  stale: 'Someone else saved this picture since you opened it. Your change was not saved: the list now shows theirs.',
  lastForNewcomers: 'At least one shown picture must unlock at level 1: every new tester needs one to choose.',
  saved: (fileName: string) => `${fileName} saved: testers see the change on their next look at the pictures.`,
  imageMissing: 'Choose a picture file.',
  imageTooBig: `The picture is larger than ${L.maxBytes / 1024} KB. Save it smaller (or as JPEG or WebP) and choose it again.`,
  imageSvg: 'SVG pictures cannot be added: they can carry script. Choose a PNG, JPEG or WebP picture.',
  imageType: 'This file is not a PNG, JPEG or WebP picture (whatever its name says). Choose one of those.',
  imageUnreadable: 'The picture’s size cannot be read from this file: it may be damaged. Save it again and choose it again.',
  imageSide: (width: number, height: number) =>
    `The picture is ${width} × ${height} pixels: each side must be ${L.minSide} to ${L.maxSide} pixels.`,
  imageNotSquare: (width: number, height: number) =>
    `The picture is ${width} × ${height} pixels: it must be square (as wide as it is high), as it is shown in a circle.`,
  imageAnimated: 'Animated pictures cannot be added. Choose a still PNG, JPEG or WebP picture.',
  imageTooManyPixels: `The picture holds more pixels than ${L.maxSide} × ${L.maxSide}. Save it at ${L.minSide} to ${L.maxSide} pixels a side and choose it again.`,
  imageDamaged: 'This picture cannot be read: the file may be damaged. Save it again and choose it again.',
  added: (fileName: string) => `${fileName} added.`,
} as const;
const T = AVATAR_SETTINGS_TEXTS;

/** The level a picture unlocks at: 1 to the highest level there can be (the server checks the levels there are now). */
export const avatarLevelSchema = (highest: number = LEVEL_LIMITS.max) =>
  z
    .number({ error: T.levelInvalid(highest) })
    .int(T.levelInvalid(highest))
    .min(1, T.levelInvalid(highest))
    .max(highest, T.levelInvalid(highest));

/**
 * The level as typed in a picture's form: its number (undefined when blank) and the field's message
 * when it is not 1 to the highest level there is now. The add and save forms both read it so.
 */
export function checkAvatarLevel(text: string, highest: number): { value: number | undefined; error: string | undefined } {
  const value = text.trim() === '' ? undefined : Number(text);
  return { value, error: avatarLevelSchema(highest).safeParse(value).error?.issues[0]?.message };
}

/** POST /staff/content/SaveAvatar: one picture's level and whether it is hidden, against the version its editor read. */
export const saveAvatarSchema = z.object({
  imageId: integerColumnId(),
  version: integerColumnId(),
  requireLevel: avatarLevelSchema(),
  hidden: z.boolean(),
});
export type SaveAvatarPayload = z.infer<typeof saveAvatarSchema>;

/** Base64 of the largest picture allowed, with room for padding: the body limit of AddAvatar follows from it. */
export const AVATAR_IMAGE_BASE64_MAX = Math.ceil(L.maxBytes / 3) * 4;

/**
 * POST /staff/content/AddAvatar: a new picture (its bytes in base64), the level it unlocks at and
 * whether it starts hidden. The schema bounds the text only; the server reads the bytes with
 * inspectAvatarImage (type, size, sides) and refuses at the `image` field, as the form does first.
 */
export const addAvatarSchema = z.object({
  image: z
    .string({ error: T.imageMissing })
    .min(1, T.imageMissing)
    // Over the limit by more than base64's padding: too big whatever it holds.
    .max(AVATAR_IMAGE_BASE64_MAX, T.imageTooBig)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, T.imageType),
  requireLevel: avatarLevelSchema(),
  hidden: z.boolean(),
});
export type AddAvatarPayload = z.infer<typeof addAvatarSchema>;

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

/** AddAvatar answers as SaveAvatar does: the stored picture, or a refusal at its field. */
export const addAvatarResponseSchema = saveAvatarResponseSchema;
export type AddAvatarResponse = SaveAvatarResponse;
