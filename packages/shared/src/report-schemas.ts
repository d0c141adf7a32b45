import { z } from 'zod';
import { studyNoParam } from './study-query.ts';

/**
 * Staff reports (issue 29; decision 122): the month's payments by study, with the reward orders
 * beside them, and a study's recruiting funnel. Totals only, no tester is named. Under
 * /api/staff/reports, for recruiters (and admins).
 */

export const REPORT_TEXTS = {
  monthInvalid: 'Choose a month (YYYY-MM).',
} as const;

/** A calendar month, 'YYYY-MM' (2000-01 to 2999-12). */
export const MONTH_PATTERN = /^2\d{3}-(0[1-9]|1[0-2])$/;

export const paymentsQuerySchema = z.object({
  /** The month in the company's time zone; this month when absent. */
  month: z.string().regex(MONTH_PATTERN, REPORT_TEXTS.monthInvalid).optional(),
});
export type PaymentsQuery = z.infer<typeof paymentsQuerySchema>;

/** What a study paid and owes in the month: coins by what paid them, and the sites' compensation. */
export const studyPaymentsSchema = z.object({
  studyNo: z.number().int(),
  studyName: z.string(),
  screeningCoins: z.number().int(),
  schedulingCoins: z.number().int(),
  attendanceCoins: z.number().int(),
  /** Take-backs of the study's credits (a cancelled booking's scheduling credit, an undone attendance): zero or negative. */
  takenBackCoins: z.number().int(),
  /** The four above added up: what the study's testers kept. */
  netCoins: z.number().int(),
  /** Bookings checked in during the month, and the compensation owed at the sites for them. */
  attendedBookings: z.number().int(),
  compensationCents: z.number().int(),
});
export type StudyPayments = z.infer<typeof studyPaymentsSchema>;

export const paymentTotalsSchema = studyPaymentsSchema.omit({ studyNo: true, studyName: true });
export type PaymentTotals = z.infer<typeof paymentTotalsSchema>;

/** Reward orders of the month: placed (redeemed), sent (fulfilled), refused (rejected, coins refunded). */
export const rewardOrderFiguresSchema = z.object({
  redeemedCount: z.number().int(),
  redeemedCoins: z.number().int(),
  fulfilledCount: z.number().int(),
  fulfilledCoins: z.number().int(),
  rejectedCount: z.number().int(),
  rejectedCoins: z.number().int(),
});
export type RewardOrderFigures = z.infer<typeof rewardOrderFiguresSchema>;

export const paymentsReportSchema = z.object({
  month: z.string(),
  /** The zone the month's bounds are read in (the company's, LOYALTY_TIME_ZONE). */
  timeZone: z.string(),
  studies: z.array(studyPaymentsSchema),
  totals: paymentTotalsSchema,
  rewards: rewardOrderFiguresSchema,
});
export type PaymentsReport = z.infer<typeof paymentsReportSchema>;

export const funnelQuerySchema = z.object({ studyNo: studyNoParam });

/** The funnel's stages, in order; each counts people (a tester, or a child screened through a parent). */
export const FUNNEL_STAGES = ['invited', 'clicked', 'screened', 'qualified', 'booked', 'attended', 'noShow'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

export const FUNNEL_STAGE_TEXTS: Record<FunnelStage, string> = {
  invited: 'Invited',
  clicked: 'Opened the invitation',
  screened: 'Answered the screener',
  qualified: 'Qualified',
  booked: 'Booked',
  attended: 'Attended',
  noShow: 'No-show',
};

export const funnelReportSchema = z.object({
  studyNo: z.number().int(),
  studyName: z.string(),
  stages: z.array(z.object({ stage: z.enum(FUNNEL_STAGES), label: z.string(), count: z.number().int() })),
});
export type FunnelReport = z.infer<typeof funnelReportSchema>;
