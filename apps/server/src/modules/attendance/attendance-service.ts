import { COMPANY } from '@testerhub/shared/company';
import { bilingual, languageOf } from '@testerhub/shared/i18n';
import en from '@testerhub/shared/locales/en/mail-attendance.json';
import es from '@testerhub/shared/locales/es/mail-attendance.json';
import { formatDate } from '@testerhub/shared/schedule-format';
import type { Clock } from '../../core/clock.ts';
import { inTransaction, type Database, type Executor } from '../../core/db/client.ts';
import { greetingFor, standardMessage, type MailService } from '../mail/mail-service.ts';
import type { SchedulingService } from '../scheduling/scheduling-service.ts';
import type { TesterService } from '../testers/tester-service.ts';

/** The suspension's reason as recorded (tester_suspensions.reason). */
export const NO_SHOW_SUSPENSION_REASON = 'noShows';

export interface NoShowRule {
  /** This many no-shows within `windowMonths` suspend the tester ... */
  limit: number;
  windowMonths: number;
  /** ... for this many months. */
  suspensionMonths: number;
  /** A booking nobody checked in becomes a no-show this long after its last session ends. */
  afterMinutes: number;
}

/** `date` moved by whole calendar months (UTC), the day kept where the month has it. */
export function addMonths(date: Date, months: number): Date {
  const moved = new Date(date);
  moved.setUTCMonth(moved.getUTCMonth() + months);
  // 31 March minus a month is 3 March in JavaScript: keep to the last day of the shorter month.
  if (moved.getUTCDate() !== date.getUTCDate()) moved.setUTCDate(0);
  return moved;
}

const attendanceTexts = bilingual(en, es);

interface AttendanceRecipient {
  email: string;
  firstName: string;
  language: string;
}

export function suspensionMessage(options: { tester: AttendanceRecipient; until: Date; noShows: number; rule: NoShowRule }) {
  const { tester, until, noShows, rule } = options;
  const language = languageOf(tester.language);
  const t = attendanceTexts(language);
  const untilText = formatDate(until.toISOString(), COMPANY.timeZone, language);
  const months = rule.windowMonths;
  return standardMessage({
    to: tester.email,
    kind: 'suspension',
    language,
    subject: t('suspensionSubject', { until: untilText }),
    greeting: greetingFor(language, tester.firstName),
    paragraphs: [
      t('suspensionWhy', { noShows, months, limit: rule.limit, suspensionMonths: rule.suspensionMonths }),
      t('suspensionUntil', { until: untilText }),
      t('suspensionMistake', { phone: COMPANY.supportPhone }),
    ],
  });
}

/**
 * A no-show that does not (yet) suspend: the rule before it applies (issue 29: testers heard nothing
 * until the suspension itself). Sent once per sweep that marked the tester's no-shows, which marks
 * each booking once.
 */
export function noShowWarningMessage(options: { tester: AttendanceRecipient; noShows: number; rule: NoShowRule }) {
  const { tester, noShows, rule } = options;
  const language = languageOf(tester.language);
  const t = attendanceTexts(language);
  const months = rule.windowMonths;
  return standardMessage({
    to: tester.email,
    kind: 'no-show-warning',
    language,
    subject: t('warningSubject'),
    greeting: greetingFor(language, tester.firstName),
    paragraphs: [
      t(noShows === 1 ? 'warningOne' : 'warningMany', { noShows, months }),
      t('warningRule', { limit: rule.limit, months, suspensionMonths: rule.suspensionMonths }),
      t('warningCancel', { phone: COMPANY.supportPhone }),
    ],
  });
}

/**
 * Attendance after the sessions (issue 12 section 4, the spec's no-show rule; decision 046): the
 * bookings nobody checked in become no-shows once their sessions are over, and a tester whose
 * account reaches the rule's count of no-shows within its window is suspended, with an e-mail
 * saying why and until when; one below the count is told the rule. Each sweep is one unit of work, and every step in it is
 * conditional, so a second sweep (another instance, a retry) changes nothing twice.
 */
export function createAttendanceService(
  db: Database,
  deps: {
    clock: Clock;
    rule: NoShowRule;
    scheduling: Pick<SchedulingService, 'markNoShows' | 'noShowsSince'>;
    testers: Pick<TesterService, 'lockForUpdate' | 'suspend' | 'suspensions'>;
    mail: Pick<MailService, 'queue'>;
  },
) {
  const { rule } = deps;

  /**
   * The rule for a tester who just got a no-show, in the caller's unit of work: a warning below the
   * count, else the suspension and its e-mail (once: suspending is conditional). Answers whether it
   * suspended.
   */
  async function applyRule(testerId: string, now: Date, tx: Executor): Promise<boolean> {
    const tester = await deps.testers.lockForUpdate(testerId, tx);
    if (!tester) return false;
    // No-shows already answered by a suspension do not count again.
    const [last] = await deps.testers.suspensions(testerId, tx);
    const windowStart = addMonths(now, -rule.windowMonths);
    const since = last && last.startsAt > windowStart ? last.startsAt : windowStart;
    const noShows = await deps.scheduling.noShowsSince(testerId, since, tx);
    if (noShows < rule.limit) {
      await deps.mail.queue(noShowWarningMessage({ tester, noShows, rule }), tx);
      return false;
    }
    const until = addMonths(now, rule.suspensionMonths);
    const done = await deps.testers.suspend(testerId, { reason: NO_SHOW_SUSPENSION_REASON, noShows, startsAt: now, endsAt: until }, tx);
    if (!done) return false;
    await deps.mail.queue(suspensionMessage({ tester, until, noShows, rule }), tx);
    return true;
  }

  return {
    /** Marks the ended bookings no-shows and applies the rule to their testers; what it did. */
    async sweepNoShows(): Promise<{ noShows: number; suspended: string[] }> {
      const now = deps.clock.now();
      const outcome = await inTransaction(db, async (tx) => {
        const marked = await deps.scheduling.markNoShows(new Date(now.getTime() - rule.afterMinutes * 60_000), tx);
        const suspended: string[] = [];
        // In key order, so two sweeps (or a sweep and a booking) lock testers in the same order.
        for (const testerId of [...new Set(marked.map((booking) => booking.testerId))].sort()) {
          if (await applyRule(testerId, now, tx)) suspended.push(testerId);
        }
        return { noShows: marked.length, suspended };
      });
      return outcome;
    },

    /** The rule for a tester who just got a no-show, in the caller's unit of work (staff's no-show by hand, decision 111): whether it suspended. */
    applyRule,
  };
}

export type AttendanceService = ReturnType<typeof createAttendanceService>;
