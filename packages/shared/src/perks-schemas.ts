import { z } from 'zod';
import { INTEGER_COLUMN_MAX } from './integer-column.ts';

/** Perks (the skill tree) and avatars (spec 3, "Perks (skill tree)", "Avatar"; decision 038). */
export const PERK_TEXTS = {
  title: 'Perks',
  none: 'None',
  notEnough: 'Not enough conditions',
  /** Under 'Not enough conditions': each condition the tester is short of, with what it needs and what they have. */
  needsLevel: (required: number, level: number) => `This upgrade needs level ${required}; you are level ${level}.`,
  needsCoins: (required: number, coins: number) => `This upgrade needs ${required} coins; you have ${coins}.`,
  upgraded: 'Perk Upgraded',
  failed: 'Failed to get information',
  maxLevel: 'This perk is at its highest level.',
  avatarFailed: 'Failed to change profile pic. Please retry again',
} as const;

/** The conditions a refused upgrade is short of, one sentence each (the level first, as the detail lists it). */
export function missingConditions(refusal: { requireLevel: number; requireCoins: number; level: number; coins: number }): string[] {
  const missing: string[] = [];
  if (refusal.level < refusal.requireLevel) missing.push(PERK_TEXTS.needsLevel(refusal.requireLevel, refusal.level));
  if (refusal.coins < refusal.requireCoins) missing.push(PERK_TEXTS.needsCoins(refusal.requireCoins, refusal.coins));
  return missing;
}

/** 'Lv N', or 'None' for a perk never upgraded. */
export const perkLevelText = (level: number) => (level > 0 ? `Lv ${level}` : PERK_TEXTS.none);

const skillTypeSchema = z.object({
  skillTypeID: z.number().int(),
  name: z.string(),
  imageSrc: z.string(),
  description: z.string(),
  /** The tester's level of the perk; 0 is 'None'. */
  level: z.number().int(),
});
export type SkillTypeView = z.infer<typeof skillTypeSchema>;

export const skillsResponseSchema = z.object({ testerSkillTypes: z.array(skillTypeSchema) });
export type SkillsAnswer = z.infer<typeof skillsResponseSchema>;

/** POST /skill/GetDetailInfo and SkillUp: the perk's id as a bare JSON number. */
export const skillTypeIdSchema = z.number().int().positive().max(INTEGER_COLUMN_MAX);

export const skillDetailResponseSchema = z.object({
  /** Every level of the perk, in order. */
  skills: z.array(
    z.object({
      level: z.number().int(),
      effect: z.string(),
      requireLevel: z.number().int(),
      requireCoins: z.number().int(),
      isRequireConditionCorrect: z.boolean(),
      /** HTML written by staff: sanitise before showing. */
      requireConditionsDesc: z.string(),
      /** This is the next level and its level condition is met: the upgrade button is enabled. */
      active: z.boolean(),
      skillType: skillTypeSchema,
    }),
  ),
});
export type SkillDetail = z.infer<typeof skillDetailResponseSchema>;

export const skillUpResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('succeed'), level: z.number().int(), effect: z.string() }),
  /** What the next level needs and what the tester has, so the refusal can say which condition is missing. */
  z.object({
    status: z.literal('notEnoughConditions'),
    requireLevel: z.number().int(),
    requireCoins: z.number().int(),
    level: z.number().int(),
    coins: z.number().int(),
  }),
  z.object({ status: z.literal('maxLevel') }),
]);
export type SkillUpAnswer = z.infer<typeof skillUpResponseSchema>;

export const availableSkillsResponseSchema = z.array(z.object({ name: z.string(), level: z.number().int(), imgSrc: z.string() }));
export type AvailableSkills = z.infer<typeof availableSkillsResponseSchema>;

export const profilePicsResponseSchema = z.array(
  z.object({ imageID: z.number().int(), fileName: z.string(), imageSrc: z.string(), requireLevel: z.number().int() }),
);
export type ProfilePics = z.infer<typeof profilePicsResponseSchema>;

/** POST /profile/SaveProfilePic: the picture's id as a bare JSON number. */
export const profilePicIdSchema = z.number().int().positive().max(INTEGER_COLUMN_MAX);
export const saveProfilePicResponseSchema = z.object({ status: z.enum(['succeed', 'failed']) });
