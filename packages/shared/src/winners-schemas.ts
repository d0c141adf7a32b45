import { z } from 'zod';
import type { Language } from './account-messages.ts';
import { fillText, translator, type Translate } from './i18n.ts';
import en from './locales/en/winners.json' with { type: 'json' };

/** The winners area's texts in one language (locales/<language>/winners.json); English unless the caller hands its own. */
export type WinnersTexts = Translate<keyof typeof en>;
const inEnglish: WinnersTexts = translator(en);

/** Spin the wheel and the weekly gift-card drawing (spec 3, "Wheel", "Gift-card drawing"; decision 037): the English file's texts. */
export const EVENT_TEXTS = {
  wheelTitle: en.wheelTitle,
  drawingTitle: en.drawingTitle,
  fetchFailed: en.fetchFailed,
  comeBackMonday: fillText(en.comeBack, { day: 'Monday' }),
  spinFailed: en.spinFailed,
  drawingFailed: en.drawingFailed,
  notEnoughCoins: en.notEnoughCoins,
  noSpins: en.noSpins,
  blackListed: en.blackListed,
};

/** The drawing's weekdays, ISO order (1 Monday ... 7 Sunday); content staff choose one (decision 065). */
export const DRAWING_WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** The name of ISO weekday `day` (1 Monday ... 7 Sunday) in a language; Monday for anything else. */
export function drawingDayName(day: number, language: Language = 'en'): string {
  const english = DRAWING_WEEKDAYS[day - 1];
  if (language === 'en') return english ?? DRAWING_WEEKDAYS[0];
  const iso = english ? day : 1;
  // 1 January 2024 was a Monday: its week names the days, in Spanish from Intl ("lunes").
  return new Intl.DateTimeFormat('es-US', { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, iso));
}

/** The button after an entry: the spec's words on Monday, the chosen day's name otherwise (decision 065). */
export function comeBackText(day: number, t: WinnersTexts = inEnglish, language: Language = 'en'): string {
  return t('comeBack', { day: drawingDayName(day, language) });
}

/** The spin's stages in milliseconds: about 11.35 s in all at duration 1. */
export const WHEEL_SPIN_MS = { start: 2600, continue: 750, stop: 8000 } as const;

/** A win is at least twice the spin's cost. */
export function wheelResultMessage(reward: number, cost: number, t: WinnersTexts = inEnglish): string {
  return t(reward >= 2 * cost ? 'resultWin' : 'resultLose', { coins: reward });
}

/** The odds as the table shows them: 1 in ceil(1 / (rate / 100000)); a rate of 0 never comes up. */
export function oddsText(rate: number, t: WinnersTexts = inEnglish): string {
  return rate > 0 ? t('oddsOneIn', { n: Math.ceil(1 / (rate / 100000)).toLocaleString('en-US') }) : t('oddsNever');
}

export const eventCountResponseSchema = z.object({
  /** The cost of one spin. */
  coins: z.number().int(),
  /** Spins left this week, of totalCount. */
  count: z.number().int(),
  totalCount: z.number().int(),
  /** The tester's coins now. */
  currentCoins: z.number().int(),
  /** The nine segments, shuffled, with their chance out of 100,000. */
  winningRate: z.array(z.object({ coins: z.number().int(), rate: z.number().int() })),
});
export type EventCount = z.infer<typeof eventCountResponseSchema>;

export const applyEventResponseSchema = z.object({
  status: z.enum(['succeed', 'noSpins', 'notEnoughCoins', 'blackListed']),
  reward: z.number().int(),
  count: z.number().int(),
});
export type ApplyEventAnswer = z.infer<typeof applyEventResponseSchema>;

export const checkCoinsResponseSchema = z.object({ checkGiftCard: z.boolean(), checkWheel: z.boolean() });
export type CheckCoins = z.infer<typeof checkCoinsResponseSchema>;

export const goldRewardAvailableResponseSchema = z.object({
  /** available: no entry this week yet; applied: entered, come back next Monday. */
  status: z.enum(['available', 'applied']),
  goldCardCoin: z.number().int(),
  prize: z.string(),
  /** The weekday the drawing runs, ISO 1 (Monday) to 7 (decision 065). */
  drawingDay: z.number().int().min(1).max(7),
});
export type GoldRewardAvailable = z.infer<typeof goldRewardAvailableResponseSchema>;

export const applyGoldCardResponseSchema = z.object({
  status: z.enum(['succeed', 'applied', 'notEnoughCoins']),
  coins: z.number().int(),
});
export type ApplyGoldCardAnswer = z.infer<typeof applyGoldCardResponseSchema>;

const eventWinnerSchema = z.object({
  username: z.string(),
  eventStamp: z.string(),
  coins: z.number().int(),
  fileName: z.string(),
  imageSrc: z.string(),
});
export const winnerListResponseSchema = z.object({
  giftCardWinners: z.array(eventWinnerSchema.extend({ prize: z.string() })),
  wheelWinners: z.array(eventWinnerSchema),
  myHistory: z.array(z.object({ coins: z.number().int(), logTime: z.string() })),
  /** The weekday the drawing runs, ISO 1 (Monday) to 7 (decision 065). */
  drawingDay: z.number().int().min(1).max(7),
});
export type WinnerList = z.infer<typeof winnerListResponseSchema>;

/** POST /reward/GetWinners: the latest 5 or 1 winners of a giveaway (the spec's count, with the giveaway named). */
export const latestWinnersRequestSchema = z.object({
  count: z.union([z.literal(5), z.literal(1)]),
  type: z.enum(['eCard', 'newTester']),
});
export type LatestWinnersRequest = z.infer<typeof latestWinnersRequestSchema>;
export const latestWinnersResponseSchema = z.array(z.object({ winner: z.string(), winnerTime: z.string(), year: z.number().int() }));
export type LatestWinners = z.infer<typeof latestWinnersResponseSchema>;
