import { z } from 'zod';
import { DAILY_BONUS_CYCLE_DAYS } from './daily-bonus-schemas.ts';
import { text } from './text.ts';
import { INTEGER_COLUMN_MAX } from './integer-column.ts';

/**
 * Loyalty settings in the staff console (issue 12 section 6; decision 056): the daily calendar,
 * the wheel (spin cost, spins a week, segments and their odds), the weekly drawing (entry cost,
 * prize) and the levels. The console's forms and the server check a change with these same schemas.
 */

/** The wheel's odds are kept as chances out of 100,000 (decision 037); staff edit them as percentages with up to 3 decimals. */
export const WHEEL_RATE_TOTAL = 100_000;
const RATE_PER_PERCENT = WHEEL_RATE_TOTAL / 100;
export const WHEEL_SEGMENT_LIMITS = { min: 2, max: 12, maxCoins: 5000 } as const;
/** The highest figure a cost or a day's pay may have: a typo of an extra zero or three is refused. */
export const LOYALTY_MAX_FIGURE = 100_000;
export const LOYALTY_MAX_SPINS_PER_WEEK = 50;
/** From 2 to 30 levels (the demo has 10); the top one needs at most 10,000,000 experience. */
export const LEVEL_LIMITS = { min: 2, max: 30, maxExp: 10_000_000 } as const;

export const LOYALTY_SETTINGS_TEXTS = {
  wholeNumber: 'Enter a whole number.',
  notNegative: 'Enter 0 or more.',
  atLeastOne: 'Enter 1 or more.',
  tooHigh: (max: number) => `Enter ${max.toLocaleString('en-US')} or less.`,
  calendarDays: `The calendar has exactly ${DAILY_BONUS_CYCLE_DAYS} days, 1 to ${DAILY_BONUS_CYCLE_DAYS} in order.`,
  percent: 'Enter a percentage from 0 to 100 with at most 3 decimals.',
  oddsTotal: (percent: string) => `The odds must add up to 100 % (now ${percent} %).`,
  segmentCount: `The wheel has ${WHEEL_SEGMENT_LIMITS.min} to ${WHEEL_SEGMENT_LIMITS.max} segments.`,
  prizeRequired: 'Enter the prize testers can win.',
  prizeTooLong: 'Keep the prize under 100 characters.',
  unreadable: 'Remove the characters that cannot be stored.',
  stale: 'Someone else saved these settings since you opened them. Your changes were not saved: the form now shows theirs.',
  calendarSaved: 'Daily calendar saved: testers see it from their next visit.',
  wheelSaved: 'Wheel settings saved: the next spin uses them.',
  drawingSaved: 'Drawing settings saved: the next entry uses them.',
  drawingDay: 'Choose the day the drawing runs.',
  levelCount: `There are ${LEVEL_LIMITS.min} to ${LEVEL_LIMITS.max} levels.`,
  levelOneFree: 'Level 1 needs 0 experience: every tester starts there.',
  levelsRising: 'Each level needs more experience than the one before.',
  levelsSaved: 'Levels saved: every tester is now at the level their experience reaches.',
  /** A levels save removing levels that perk levels or shown pictures need (decision 071), grouped by the level needed. */
  levelsNeeded: (needs: readonly { what: string; level: number }[]) =>
    [...new Set(needs.map((need) => need.level))]
      .sort((a, b) => b - a)
      .map((level) => {
        const names = needs.filter((need) => need.level === level).map((need) => need.what);
        const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
        return `${list} ${names.length === 1 ? 'needs' : 'need'} level ${level}`;
      })
      .join('; ') + ': lower them first.',
} as const;
const T = LOYALTY_SETTINGS_TEXTS;

/** A whole number from `min` to `max`, with the console's messages (the perks' schema uses it too, decision 064). */
export const figure = (min: 0 | 1, max: number) =>
  z
    .number({ error: T.wholeNumber })
    .int(T.wholeNumber)
    .min(min, min === 0 ? T.notNegative : T.atLeastOne)
    .max(max, T.tooHigh(max));

/** The version the editor started from (0: no saved row yet); a save from an older one is refused. */
const version = z.number().int().min(0).max(INTEGER_COLUMN_MAX);

/** A percentage's chance out of 100,000, or null when it has more than 3 decimals. */
export function percentToRate(percent: number): number | null {
  const rate = Math.round(percent * RATE_PER_PERCENT);
  return Math.abs(rate - percent * RATE_PER_PERCENT) < 1e-6 ? rate : null;
}
export const rateToPercent = (rate: number) => rate / RATE_PER_PERCENT;

export const calendarDaySchema = z.object({
  day: z.number().int().min(1).max(DAILY_BONUS_CYCLE_DAYS),
  coins: figure(0, LOYALTY_MAX_FIGURE),
  exp: figure(0, LOYALTY_MAX_FIGURE),
});

/** POST /staff/content/SaveDailyCalendar: all 28 days at once, day 1 to 28 in order. */
export const dailyCalendarSettingsSchema = z.object({
  version,
  days: z
    .array(calendarDaySchema)
    .length(DAILY_BONUS_CYCLE_DAYS, T.calendarDays)
    .refine((days) => days.every((row, index) => row.day === index + 1), T.calendarDays),
});
export type DailyCalendarSettings = z.infer<typeof dailyCalendarSettingsSchema>;

export const wheelSegmentSchema = z.object({
  coins: figure(0, WHEEL_SEGMENT_LIMITS.maxCoins),
  percent: z
    .number({ error: T.percent })
    .min(0, T.percent)
    .max(100, T.percent)
    .refine((value) => percentToRate(value) !== null, T.percent),
});

/** POST /staff/content/SaveWheel: the spin's cost, the spins a week, and the segments whose odds add up to 100 %. */
export const wheelSettingsSchema = z.object({
  version,
  spinCost: figure(1, LOYALTY_MAX_FIGURE),
  spinsPerWeek: figure(0, LOYALTY_MAX_SPINS_PER_WEEK),
  segments: z
    .array(wheelSegmentSchema)
    .min(WHEEL_SEGMENT_LIMITS.min, T.segmentCount)
    .max(WHEEL_SEGMENT_LIMITS.max, T.segmentCount)
    .superRefine((segments, context) => {
      const rates = segments.map((segment) => percentToRate(segment.percent));
      if (rates.some((rate) => rate === null)) return; // the segment's own message says it
      const total = rates.reduce<number>((sum, rate) => sum + rate!, 0);
      if (total !== WHEEL_RATE_TOTAL) context.addIssue({ code: 'custom', message: T.oddsTotal(String(rateToPercent(total))) });
    }),
});
export type WheelSettings = z.infer<typeof wheelSettingsSchema>;

/** POST /staff/content/SaveDrawing: the weekly drawing's entry cost and prize text. */
export const drawingSettingsSchema = z.object({
  version,
  goldCardCost: figure(1, LOYALTY_MAX_FIGURE),
  goldCardPrize: text(T.unreadable, { error: T.prizeRequired }).trim().min(1, T.prizeRequired).max(100, T.prizeTooLong),
  /** The weekday the drawing runs, ISO 1 (Monday) to 7 (Sunday), in the company's zone (decision 065). */
  drawingDay: z.number({ error: T.drawingDay }).int(T.drawingDay).min(1, T.drawingDay).max(7, T.drawingDay),
});
export type DrawingSettings = z.infer<typeof drawingSettingsSchema>;

/** POST /staff/content/SaveLevels: every level's experience, level 1 first (at 0), each above the one before. */
export const levelsSettingsSchema = z.object({
  version,
  levels: z
    .array(z.object({ expRequired: figure(0, LEVEL_LIMITS.maxExp) }))
    .min(LEVEL_LIMITS.min, T.levelCount)
    .max(LEVEL_LIMITS.max, T.levelCount)
    .superRefine((levels, context) => {
      if (levels[0] && levels[0].expRequired !== 0) context.addIssue({ code: 'custom', message: T.levelOneFree, path: [0, 'expRequired'] });
      levels.forEach((row, index) => {
        if (index > 0 && row.expRequired <= levels[index - 1]!.expRequired)
          context.addIssue({ code: 'custom', message: T.levelsRising, path: [index, 'expRequired'] });
      });
    }),
});
export type LevelsSettings = z.infer<typeof levelsSettingsSchema>;

/** GET /staff/content/Levels: what the levels form starts from (loose: it shows what is stored). */
export const levelsResponseSchema = z.object({
  status: z.literal('succeed'),
  version: z.number().int(),
  levels: z.array(z.object({ level: z.number().int(), expRequired: z.number().int() })),
});
export type LevelsResponse = z.infer<typeof levelsResponseSchema>;

/** GET /staff/content/DailyCalendar: what the calendar form starts from (loose: it shows what is stored). */
export const dailyCalendarResponseSchema = z.object({
  status: z.literal('succeed'),
  version: z.number().int(),
  days: z.array(z.object({ day: z.number().int(), coins: z.number().int(), exp: z.number().int() })),
});
export type DailyCalendarResponse = z.infer<typeof dailyCalendarResponseSchema>;

/** GET /staff/content/WheelAndDrawing: what the wheel and drawing forms start from, each with its version. */
export const wheelAndDrawingResponseSchema = z.object({
  status: z.literal('succeed'),
  wheel: z.object({
    version: z.number().int(),
    spinCost: z.number().int(),
    spinsPerWeek: z.number().int(),
    segments: z.array(z.object({ coins: z.number().int(), percent: z.number() })),
  }),
  drawing: z.object({ version: z.number().int(), goldCardCost: z.number().int(), goldCardPrize: z.string(), drawingDay: z.number().int() }),
});
export type WheelAndDrawingResponse = z.infer<typeof wheelAndDrawingResponseSchema>;

export const loyaltySettingsSaveResponseSchema = z.object({ status: z.enum(['succeed', 'failed']), message: z.string() });
export type LoyaltySettingsSaveResponse = z.infer<typeof loyaltySettingsSaveResponseSchema>;
