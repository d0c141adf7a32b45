import { z } from 'zod';
import {
  figure,
  LEVEL_LIMITS,
  LOYALTY_MAX_FIGURE,
  LOYALTY_MAX_SPINS_PER_WEEK,
  LOYALTY_SETTINGS_TEXTS,
} from './loyalty-settings-schemas.ts';
import { text } from './text.ts';
import { INTEGER_COLUMN_MAX, integerColumnId } from './integer-column.ts';

/**
 * Perks in the staff console (issue 12 section 6; decision 064): each perk's name, description
 * and levels (what each does in words and in figures, and what it takes), saved one perk at a
 * time. The console's form and the server check a save with the same schema, built for the perk's
 * effect and the levels table (`perkSettingsSchema({ effectKey, highestLevel })`).
 */

/** From 1 to 10 levels a perk (the demo has 3). */
export const PERK_LEVEL_LIMITS = { min: 1, max: 10 } as const;
export const PERK_TEXT_LIMITS = { name: 40, description: 200, effect: 100, condition: 500 } as const;

/**
 * The highest figure each effect may add (its `effectValue`, the total at that level), from how
 * the server uses it (decision 038): extra wheel spins a week, no more than the wheel's own
 * allowance may be; coins off a drawing entry, up to the highest entry cost (the entry never
 * costs less than 1 coin); extra coins on every daily bonus day, at most 1,000 a day. An effect
 * the server does not know yet may go up to the highest loyalty figure.
 */
export const PERK_EFFECT_MAX: Record<string, number> = {
  extraSpins: LOYALTY_MAX_SPINS_PER_WEEK,
  drawingDiscount: LOYALTY_MAX_FIGURE,
  dailyBonusCoins: 1_000,
};
export const perkEffectMax = (effectKey: string | undefined) => (effectKey && PERK_EFFECT_MAX[effectKey]) || LOYALTY_MAX_FIGURE;

export const PERK_SETTINGS_TEXTS = {
  nameRequired: 'Enter the perk’s name.',
  nameTooLong: `Keep the name to ${PERK_TEXT_LIMITS.name} characters.`,
  descriptionRequired: 'Enter what the perk does.',
  descriptionTooLong: `Keep the description to ${PERK_TEXT_LIMITS.description} characters.`,
  effectRequired: 'Enter what this level does, in words.',
  effectTooLong: `Keep the effect to ${PERK_TEXT_LIMITS.effect} characters.`,
  conditionRequired: 'Enter the condition testers read.',
  conditionTooLong: `Keep the condition to ${PERK_TEXT_LIMITS.condition} characters.`,
  levelCount: `A perk has ${PERK_LEVEL_LIMITS.min} to ${PERK_LEVEL_LIMITS.max} levels.`,
  noSuchLevel: (highest: number) => `Enter a level from 1 to ${highest}: there are ${highest} levels.`,
  noSuchPerk: 'There is no such perk.',
  held: (level: number) =>
    `Testers hold level ${level} of this perk: keep at least ${level} level${level === 1 ? '' : 's'} (a level cannot be taken from them).`,
  perkSaved: (name: string) => `${name} saved: testers see it from their next request, and the next upgrade pays the saved cost.`,
} as const;
const T = LOYALTY_SETTINGS_TEXTS;
const P = PERK_SETTINGS_TEXTS;

const words = (required: string, tooLong: string, max: number) =>
  text(T.unreadable, { error: required }).trim().min(1, required).max(max, tooLong);

/**
 * POST /staff/content/SavePerk: one perk whole, level 1 first, against the version the editor
 * read. `effectKey` bounds the effect's figures; `highestLevel` (the levels table's top level)
 * bounds the level each perk level needs. Without them (the route's first check) the widest bounds.
 */
export function perkSettingsSchema(limits: { effectKey?: string; highestLevel?: number } = {}) {
  const highestLevel = limits.highestLevel ?? LEVEL_LIMITS.max;
  return z.object({
    version: z.number().int().min(0).max(INTEGER_COLUMN_MAX),
    skillTypeId: integerColumnId(),
    name: words(P.nameRequired, P.nameTooLong, PERK_TEXT_LIMITS.name),
    description: words(P.descriptionRequired, P.descriptionTooLong, PERK_TEXT_LIMITS.description),
    levels: z
      .array(
        z.object({
          effect: words(P.effectRequired, P.effectTooLong, PERK_TEXT_LIMITS.effect),
          effectValue: figure(0, perkEffectMax(limits.effectKey)),
          requireLevel: z
            .number({ error: T.wholeNumber })
            .int(T.wholeNumber)
            .min(1, P.noSuchLevel(highestLevel))
            .max(highestLevel, P.noSuchLevel(highestLevel)),
          requireCoins: figure(0, LOYALTY_MAX_FIGURE),
          // HTML the staff write; the tester's page cleans it before showing it (decision 038).
          requireConditionsDesc: words(P.conditionRequired, P.conditionTooLong, PERK_TEXT_LIMITS.condition),
        }),
      )
      .min(PERK_LEVEL_LIMITS.min, P.levelCount)
      .max(PERK_LEVEL_LIMITS.max, P.levelCount),
  });
}
export type PerkSettings = z.infer<ReturnType<typeof perkSettingsSchema>>;
export type PerkLevelSettings = PerkSettings['levels'][number];

/** GET /staff/content/Perks: every perk with its levels and version (loose: it shows what is stored). */
export const perksSettingsResponseSchema = z.object({
  status: z.literal('succeed'),
  /** The levels table's top level: the highest level a perk level may need. */
  highestLevel: z.number().int(),
  perks: z.array(
    z.object({
      skillTypeId: z.number().int(),
      effectKey: z.string(),
      name: z.string(),
      description: z.string(),
      imageSrc: z.string(),
      version: z.number().int(),
      /** The highest level of this perk any tester holds (0: none): the fewest levels a save may leave. */
      heldUpTo: z.number().int(),
      levels: z.array(
        z.object({
          level: z.number().int(),
          effect: z.string(),
          effectValue: z.number().int(),
          requireLevel: z.number().int(),
          requireCoins: z.number().int(),
          requireConditionsDesc: z.string(),
        }),
      ),
    }),
  ),
});
export type PerksSettingsResponse = z.infer<typeof perksSettingsResponseSchema>;
export type PerkSettingsView = PerksSettingsResponse['perks'][number];

/** A perk save's answer: failed with the message (and the field, for a rule only the server can check). */
export const perkSaveResponseSchema = z.object({
  status: z.enum(['succeed', 'failed']),
  message: z.string(),
  field: z.string().optional(),
});
export type PerkSaveResponse = z.infer<typeof perkSaveResponseSchema>;
