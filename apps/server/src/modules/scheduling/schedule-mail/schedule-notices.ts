import { languageOf, type Language } from '@testerhub/shared/i18n';
import type { TestSite } from '@testerhub/shared/public-content';
import { HOUR_MS, type Clock } from '../../../core/clock.ts';
import { inTransaction, type Database, type Executor } from '../../../core/db/client.ts';
import type { MailService } from '../../mail/mail-service.ts';
import type { TesterService } from '../../testers/tester-service.ts';
import { signCancelLinkToken } from '../cancel-link-token.ts';
import { reminderMessage, scheduleMessage, type ScheduleMailFacts } from './schedule-mail.ts';
import { createSchedulingRepository, type BookingRow, type GroupWithSessions } from '../scheduling-repository.ts';

/** The zone of a virtual group run from no test site (decision 022). */
export const DEFAULT_TIME_ZONE = 'America/Chicago';

/** Where the one-click cancel link of a booking e-mail leads (decision 027). */
export const CANCEL_LINK_PATH = '/community/cancel';

/** Due reminders handled per sweep; a longer backlog is finished by the next sweep. */
const REMINDER_BATCH = 200;

export interface ScheduleNoticeDeps {
  clock: Clock;
  mail: Pick<MailService, 'queue' | 'link'>;
  testers: Pick<TesterService, 'lockForUpdate'>;
  /** Test sites and study names read inside the caller's unit of work. */
  listTestSitesIn: (tx: Executor) => Promise<TestSite[]>;
  studyNames: (studyNos: readonly number[], tx?: Executor) => Promise<Map<number, string>>;
  /** Children's full names by key (the children service), read in the same unit of work; absent in a few tests. */
  childNames?: (childIds: readonly number[], tx?: Executor) => Promise<Map<number, string>>;
  noticeHours: number;
  /** Hours before each session day that a reminder goes out (REMINDER_HOURS). */
  reminderHours: readonly number[];
  /** Signs the cancel links (the study-link secret; the token names its own purpose). */
  secret: string;
  /** PUBLIC_URL's host, for the calendar UIDs. */
  uidHost: string;
}

interface Recipient {
  email: string;
  firstName: string;
  lastName: string;
  /** The row's language: the e-mails are written in it. */
  language: string;
}

/**
 * The schedule e-mails (decision 027): booking, change and cancellation notices written into the
 * outbox inside the unit of work of the change they report, and the reminders before each session
 * day. Each function takes the transaction; the outbox nudges its sender after the commit.
 */
export function createScheduleNotices(db: Database, deps: ScheduleNoticeDeps) {
  const now = () => deps.clock.now();
  const noticeMs = deps.noticeHours * HOUR_MS;
  const scheduleLink = deps.mail.link('/community/main/schedule/check', {});

  async function facts(
    tester: Recipient,
    booking: BookingRow,
    group: GroupWithSessions,
    tx: Executor,
    knownStudyName?: string,
  ): Promise<ScheduleMailFacts> {
    // A group at no site (a virtual one) needs no site read; a name the caller read is not read again.
    const site = group.siteId ? (await deps.listTestSitesIn(tx)).find((each) => each.siteId === group.siteId) : undefined;
    const studyName = knownStudyName ?? (await deps.studyNames([group.studyNo], tx)).get(group.studyNo) ?? '';
    const childName = booking.childId !== null ? (await deps.childNames?.([booking.childId], tx))?.get(booking.childId) : undefined;
    return {
      tester,
      language: languageOf(tester.language),
      booking: { id: booking.id, revision: booking.revision },
      studyName,
      ...(childName && { childName }),
      group,
      site,
      timeZone: site?.timeZone ?? DEFAULT_TIME_ZONE,
      noticeHours: deps.noticeHours,
      now: now(),
      uidHost: deps.uidHost,
      scheduleLink,
    };
  }

  /**
   * A cancel link while the booking can still be cancelled by it (outside the notice window). A Spanish
   * tester's carries `lang=es`: the page opens in a new tab, which knows no language until told.
   */
  function cancelLink(booking: BookingRow, group: GroupWithSessions, language: Language): string | undefined {
    const startsAt = group.sessions[0]?.startsAt;
    if (!startsAt || group.isExternal || startsAt.getTime() - now().getTime() <= noticeMs) return undefined;
    const token = signCancelLinkToken(
      { bookingId: booking.id, testerId: booking.testerId, groupId: group.publicId, expiresAt: startsAt },
      deps.secret,
    );
    return deps.mail.link(CANCEL_LINK_PATH, language === 'es' ? { c: token, lang: language } : { c: token });
  }

  async function notify(
    kind: 'schedule-booked' | 'schedule-changed' | 'schedule-cancelled',
    tester: Recipient,
    bookingId: number,
    tx: Executor,
    previous?: GroupWithSessions,
  ) {
    const repository = createSchedulingRepository(tx);
    const booking = (await repository.bookingById(bookingId))!;
    const group = (await repository.groupById(booking.groupId))!;
    await notifyOf(kind, tester, booking, group, tx, previous);
  }

  async function notifyOf(
    kind: 'schedule-booked' | 'schedule-changed' | 'schedule-cancelled',
    tester: Recipient,
    booking: BookingRow,
    group: GroupWithSessions,
    tx: Executor,
    previous?: GroupWithSessions,
    studyName?: string,
  ) {
    const known = await facts(tester, booking, group, tx, studyName);
    const dropped = previous?.sessions.slice(group.sessions.length) ?? [];
    const withLink =
      kind === 'schedule-cancelled'
        ? known
        : {
            ...known,
            cancelLink: cancelLink(booking, group, known.language),
            droppedDays: dropped.length ? { ...previous!, sessions: dropped } : undefined,
          };
    await deps.mail.queue(scheduleMessage(kind, withLink), tx);
  }

  return {
    /** The booking as just written and its group as the booking read it (and the study's name, when known): not read again. */
    booked: (tester: Recipient, booking: BookingRow, group: GroupWithSessions, tx: Executor, studyName?: string) =>
      notifyOf('schedule-booked', tester, booking, group, tx, undefined, studyName),
    /** `previous` is the group the booking left: its days past the new group's count are removed from the calendar. */
    changed: (tester: Recipient, bookingId: number, tx: Executor, previous?: GroupWithSessions) =>
      notify('schedule-changed', tester, bookingId, tx, previous),
    cancelled: (tester: Recipient, bookingId: number, tx: Executor) => notify('schedule-cancelled', tester, bookingId, tx),

    /**
     * Sends the reminders due now, each once: the reminders_sent row and the outbox row are written in
     * one transaction, and the unique row makes a second instance's attempt a no-op. The tester's row
     * is locked first (as every booking write does), so a cancellation cannot slip in between the
     * check and the e-mail. When several kinds are due at once (the server was down), only the
     * nearest is sent and the others are recorded with it.
     */
    async sendDueReminders(): Promise<number> {
      const at = now();
      const due = await createSchedulingRepository(db).dueReminders(at, deps.reminderHours, REMINDER_BATCH);
      const bySession = new Map<string, { bookingId: number; testerId: string; sessionId: number; hours: number[] }>();
      for (const row of due) {
        const key = `${row.bookingId}:${row.sessionId}`;
        const entry = bySession.get(key) ?? { ...row, hours: [] };
        entry.hours.push(row.hours);
        bySession.set(key, entry);
      }
      let sent = 0;
      for (const entry of bySession.values()) {
        const wrote = await inTransaction(db, async (tx) => {
          const tester = await deps.testers.lockForUpdate(entry.testerId, tx);
          const repository = createSchedulingRepository(tx);
          const booking = await repository.bookingById(entry.bookingId);
          if (!tester || !booking || booking.status !== 'booked') return false;
          const group = (await repository.groupById(booking.groupId))!;
          const session = group.sessions.find((each) => each.id === entry.sessionId);
          // Moved to another group since the search: its own sessions' reminders follow.
          if (!session || session.startsAt <= at) return false;
          const recorded = await repository.recordReminders(entry.bookingId, entry.sessionId, entry.hours, at);
          if (recorded.length === 0) return false;
          await deps.mail.queue(reminderMessage(await facts(tester, booking, group, tx), session), tx);
          return true;
        });
        if (wrote) sent += 1;
      }
      return sent;
    },
  };
}

export type ScheduleNotices = ReturnType<typeof createScheduleNotices>;
