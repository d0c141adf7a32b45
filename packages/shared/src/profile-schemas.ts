import { z } from 'zod';

/**
 * The portal shell's reads (spec 2, section 7, the logged-in shell): level, experience, coins and
 * avatar, the account details, the level checks. The server's routes write with these and the
 * portal reads their types.
 */

/** Experience the next level needs, or 'Max' at the top level. */
export const nextLevelExpSchema = z.union([z.number(), z.literal('Max')]);

/** GET /api/account/GetPKTesterInfo: what every portal page shows in its nav. */
export const testerInfoSchema = z.object({
  username: z.string(),
  coins: z.number(),
  level: z.number(),
  exp: z.number(),
  nextLevelExp: nextLevelExpSchema,
  remainExp: z.number(),
  fileName: z.string(),
  imageSrc: z.string(),
  blackList: z.boolean(),
  /** Days this month the tester came to the portal (the Login Count tile). */
  loginDaysThisMonth: z.number().int().min(0),
  /** Until when the no-show rule suspends the tester (decision 046); null when not suspended. */
  suspendedUntil: z.string().nullable(),
  /** The tester's language (chosen at registration, changed in account settings): every portal page and e-mail uses it. */
  language: z.enum(['en', 'es']),
});
export type TesterInfo = z.infer<typeof testerInfoSchema>;

/** GET /api/profile/GetUserInfo: the same again, with a status (the refresh after coins moved). */
export const profileUserInfoResponseSchema = testerInfoSchema.extend({ status: z.literal('succeed') });
export type ProfileUserInfo = z.infer<typeof profileUserInfoResponseSchema>;

/** GET /api/account/GetUserInfo: the tester's account details. */
export const accountUserInfoResponseSchema = z.object({
  testerInfo: z.object({
    testerId: z.string(),
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    emailAddress: z.string(),
    emailConfirmed: z.boolean(),
    language: z.string(),
  }),
});
export type AccountUserInfo = z.infer<typeof accountUserInfoResponseSchema>;

/** GET /api/profile/GetNextLevelEXP. */
export const nextLevelResponseSchema = z.object({
  status: z.literal('succeed'),
  exp: z.number(),
  nextLevelExp: nextLevelExpSchema,
  remainExp: z.number(),
});
export type NextLevelInfo = z.infer<typeof nextLevelResponseSchema>;

/** GET /api/profile/CheckEXP: levelUp when the level is above the one this call last reported. */
export const checkExpResponseSchema = z.object({ status: z.literal('succeed'), level: z.number(), levelUp: z.boolean() });
export type CheckExpResponse = z.infer<typeof checkExpResponseSchema>;

/** GET /api/profile/GetCurrentLevel: the level as a bare JSON number. */
export const currentLevelResponseSchema = z.number().int().min(1);
