import {
  FUNNEL_STAGES,
  FUNNEL_STAGE_TEXTS,
  type FunnelReport,
  type PaymentTotals,
  type PaymentsReport,
  type StudyPayments,
} from '@testerhub/shared/report-schemas';
import { wallClockToInstant } from '@testerhub/shared/wall-clock';
import type { Clock } from '../../core/clock.ts';
import { localDay } from '../../core/local-day.ts';
import { ATTENDANCE_REWARD_REASON, ATTENDANCE_UNDONE_REASON } from '../check-in/check-in-service.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import type { RedeemService } from '../redeem/redeem-service.ts';
import { BOOKING_TAKE_BACK_REASON, SELF_SCHEDULE_REWARD_REASON, type SchedulingService } from '../scheduling/scheduling-service.ts';
import { SCREENER_REWARD_REASON, type ScreeningService } from '../screening/screening-service.ts';
import type { StudyLinkService } from '../study-links/study-link-service.ts';
import { csvRecord } from '../../core/csv.ts';

type CoinColumn = 'screeningCoins' | 'schedulingCoins' | 'attendanceCoins' | 'takenBackCoins';

/**
 * The ledger reasons a study pays or takes back with, and the report column each adds to
 * (decision 122). Screening and scheduling credits name the study in their reference; the others
 * name a booking, whose study scheduling knows.
 */
const STUDY_REASONS: Record<string, { column: CoinColumn; names: 'study' | 'booking' }> = {
  [SCREENER_REWARD_REASON]: { column: 'screeningCoins', names: 'study' },
  [SELF_SCHEDULE_REWARD_REASON]: { column: 'schedulingCoins', names: 'study' },
  [ATTENDANCE_REWARD_REASON]: { column: 'attendanceCoins', names: 'booking' },
  [BOOKING_TAKE_BACK_REASON]: { column: 'takenBackCoins', names: 'booking' },
  [ATTENDANCE_UNDONE_REASON]: { column: 'takenBackCoins', names: 'booking' },
};

const emptyTotals = (): PaymentTotals => ({
  screeningCoins: 0,
  schedulingCoins: 0,
  attendanceCoins: 0,
  takenBackCoins: 0,
  netCoins: 0,
  attendedBookings: 0,
  compensationCents: 0,
});

/** The month after 'YYYY-MM'. */
function nextMonth(month: string): string {
  const [year, monthNo] = month.split('-').map(Number) as [number, number];
  return monthNo === 12 ? `${year + 1}-01` : `${year}-${String(monthNo + 1).padStart(2, '0')}`;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

export interface ReportsDeps {
  clock: Clock;
  /** The company's zone (LOYALTY_TIME_ZONE): a month begins at its midnight. */
  timeZone: string;
  ledger: Pick<LedgerService, 'coinsByReasonAndSubject'>;
  scheduling: Pick<SchedulingService, 'studiesOfBookings' | 'compensationByStudy' | 'bookingFunnel'>;
  redeem: Pick<RedeemService, 'orderFigures'>;
  screening: Pick<ScreeningService, 'screeningFunnel'>;
  studyLinks: Pick<StudyLinkService, 'invitationFunnel'>;
  studyNames: (studyNos: readonly number[]) => Promise<Map<number, string>>;
}

/**
 * Staff reports (issue 29; decision 122): a month's payments by study and the reward orders, and a
 * study's recruiting funnel. Totals only: it names no tester. It owns no table; each figure set is
 * one statement of the module that owns the rows.
 */
export function createReportsService(deps: ReportsDeps) {
  /** The month's bounds as instants: from its first midnight in the company's zone to the next month's. */
  function monthBounds(month: string) {
    return {
      from: wallClockToInstant(`${month}-01`, '00:00', deps.timeZone),
      to: wallClockToInstant(`${nextMonth(month)}-01`, '00:00', deps.timeZone),
    };
  }

  async function payments(requested: string | undefined): Promise<PaymentsReport> {
    const month = requested ?? localDay(deps.clock.now(), deps.timeZone).slice(0, 7);
    const { from, to } = monthBounds(month);
    const [coins, compensation, rewards] = await Promise.all([
      deps.ledger.coinsByReasonAndSubject(Object.keys(STUDY_REASONS), from, to),
      deps.scheduling.compensationByStudy(from, to),
      deps.redeem.orderFigures(from, to),
    ]);
    const bookingIds = coins.flatMap((row) => (STUDY_REASONS[row.reason]!.names === 'booking' ? [Number(row.subject)] : []));
    const studyOfBooking = await deps.scheduling.studiesOfBookings([...new Set(bookingIds)]);

    const byStudy = new Map<number, PaymentTotals>();
    const rowOf = (studyNo: number) => {
      let row = byStudy.get(studyNo);
      if (!row) byStudy.set(studyNo, (row = emptyTotals()));
      return row;
    };
    for (const entry of coins) {
      const { column, names } = STUDY_REASONS[entry.reason]!;
      const studyNo = names === 'study' ? Number(entry.subject) : studyOfBooking.get(Number(entry.subject));
      // A booking deleted with its study leaves nothing to report it under.
      if (studyNo === undefined || !Number.isInteger(studyNo)) continue;
      const row = rowOf(studyNo);
      row[column] += entry.coins;
      row.netCoins += entry.coins;
    }
    for (const entry of compensation) {
      const row = rowOf(entry.studyNo);
      row.attendedBookings += entry.attended;
      row.compensationCents += entry.compensationCents;
    }

    const studyNos = [...byStudy.keys()].sort((a, b) => a - b);
    const names = await deps.studyNames(studyNos);
    const studies: StudyPayments[] = studyNos.map((studyNo) => ({
      studyNo,
      studyName: names.get(studyNo) ?? `Study ${studyNo}`,
      ...byStudy.get(studyNo)!,
    }));
    const totals = emptyTotals();
    for (const study of studies) for (const key of Object.keys(totals) as (keyof PaymentTotals)[]) totals[key] += study[key];
    return { month, timeZone: deps.timeZone, studies, totals, rewards };
  }

  /** The report as CSV (RFC 4180, decision 051's writer): a row per study, the totals, then the reward orders. */
  function paymentsCsv(report: PaymentsReport): string {
    const figures = (row: PaymentTotals) => [
      row.screeningCoins,
      row.schedulingCoins,
      row.attendanceCoins,
      row.takenBackCoins,
      row.netCoins,
      row.attendedBookings,
      dollars(row.compensationCents),
    ];
    const { rewards } = report;
    return [
      csvRecord([
        'Study number',
        'Study',
        'Screening coins',
        'Scheduling coins',
        'Attendance coins',
        'Coins taken back',
        'Net coins',
        'Attended bookings',
        'Compensation owed (USD)',
      ]),
      ...report.studies.map((study) => csvRecord([study.studyNo, study.studyName, ...figures(study)])),
      csvRecord(['', 'Total', ...figures(report.totals)]),
      csvRecord([]),
      csvRecord(['Reward orders', 'Orders', 'Coins']),
      csvRecord(['Redeemed', rewards.redeemedCount, rewards.redeemedCoins]),
      csvRecord(['Fulfilled', rewards.fulfilledCount, rewards.fulfilledCoins]),
      csvRecord(['Rejected (coins refunded)', rewards.rejectedCount, rewards.rejectedCoins]),
    ].join('');
  }

  /** A study's funnel, or null for an unknown study: three statements, whatever the number of people. */
  async function funnel(studyNo: number): Promise<FunnelReport | null> {
    const name = (await deps.studyNames([studyNo])).get(studyNo);
    if (name === undefined) return null;
    const [invitations, screenings, bookings] = await Promise.all([
      deps.studyLinks.invitationFunnel(studyNo),
      deps.screening.screeningFunnel(studyNo),
      deps.scheduling.bookingFunnel(studyNo),
    ]);
    const counts = { ...invitations, ...screenings, ...bookings };
    return {
      studyNo,
      studyName: name,
      stages: FUNNEL_STAGES.map((stage) => ({ stage, label: FUNNEL_STAGE_TEXTS[stage], count: counts[stage] })),
    };
  }

  return { payments, paymentsCsv, paymentsFileName: (month: string) => `payments-${month}.csv`, funnel };
}

export type ReportsService = ReturnType<typeof createReportsService>;
