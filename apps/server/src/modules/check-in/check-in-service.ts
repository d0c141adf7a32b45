import type { CheckInBooking, CheckInMarkResponse, CheckInScanResponse, CheckInSearchResponse } from '@testerhub/shared/check-in-schemas';
import { BOOKING_CONTROL_TEXTS, type BookingControlPayload, type BookingControlResponse } from '@testerhub/shared/booking-control-schemas';
import type { TestSite } from '@testerhub/shared/public-content';
import { refusalAnswered } from '../../core/audit/audited.ts';
import { bookingSitesOf } from '../../core/auth/booking-sites.ts';
import type { Clock } from '../../core/clock.ts';
import { localDay } from '../../core/local-day.ts';
import type { ChildrenService } from '../children/children-service.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import { DEFAULT_TIME_ZONE, type SchedulingService } from '../scheduling/scheduling-service.ts';
import type { StaffPrincipal, StaffService } from '../staff/staff-service.ts';
import type { StudyService } from '../studies/study-service.ts';
import type { TesterService } from '../testers/tester-service.ts';

/** The ledger's reason of an attendance payment; its reference is the booking (paid once). */
export const ATTENDANCE_REWARD_REASON = 'attendance';
/**
 * A check-in's payment reference: the booking, and after staff undid its attendance (decision 111)
 * the round, so each check-in pays once and each undo takes back that check-in's payment once.
 */
export const attendanceReference = (bookingId: number, round = 0) =>
  round === 0 ? `booking:${bookingId}` : `booking:${bookingId}:${round}`;
/** The ledger's reason of an undone attendance's take-back; its reference is the check-in's (decision 111). */
export const ATTENDANCE_UNDONE_REASON = 'attendanceUndone';

/** How many bookings a name search answers at most, and how many of the day's it reads to find them. */
const SEARCH_LIMIT = 25;
const SEARCH_SCAN = 2000;
const HOUR_MS = 3_600_000;

const MESSAGES = {
  invalidToken:
    'This is not a TesterHub check-in code, or it has been altered. Ask the tester to open their schedule again, or search by name.',
  notFound: 'This booking no longer exists. Search by name, or ask the tester to call Tester Services.',
  notBooked: {
    attended: 'This booking is already checked in.',
    cancelled: 'This booking was cancelled: the tester is not expected at this session.',
    noShow: 'This booking was closed as a no-show after its session ended.',
  } as Record<string, string>,
  tooEarly: 'This booking’s session is on a later day: check the tester in on the day of the session.',
};

const otherSiteMessage = (siteName: string | null) =>
  siteName
    ? `This booking is at ${siteName}, which is not one of your sites.`
    : 'This booking is a virtual session, run from no site of yours.';

type BookingView = Awaited<ReturnType<SchedulingService['checkInBookings']>>[number];

class Refused extends Error {
  constructor(
    readonly status: 'notBooked',
    readonly text: string,
  ) {
    super(text);
  }
}

/**
 * Check-in and attendance for site staff (issue 12 section 4; decision 048): a scanned QR code's
 * signed token or a name search finds a booking at the staff member's own sites (every site for
 * an admin), and marking it attended is one unit of work: the booking becomes attended once
 * (scheduling.recordAttendance, which also copies the compensation owed and tells referrals), the
 * study's attendance coins and experience are paid through the ledger with the booking as
 * reference, and the audit row is written by staff.audited.
 */
export function createCheckInService(deps: {
  clock: Clock;
  scheduling: Pick<SchedulingService, 'attend' | 'undoAttendance' | 'verifyCheckInToken' | 'checkInBookings'>;
  ledger: Pick<LedgerService, 'record' | 'takeBack' | 'paidFor'>;
  staff: Pick<StaffService, 'audited'>;
  testers: Pick<TesterService, 'namesAndBirthDates'>;
  children: Pick<ChildrenService, 'childNames'>;
  studies: Pick<StudyService, 'findStudies'>;
  listTestSites: () => Promise<TestSite[]>;
}) {
  /** Null for an admin (every site); else the staff member's own sites. */
  const sitesOf = (staff: StaffPrincipal): string[] | null => (staff.roles.includes('admin') ? null : staff.siteIds);
  const admits = (staff: StaffPrincipal, row: BookingView) => {
    const sites = sitesOf(staff);
    return sites === null || (row.siteId !== null && sites.includes(row.siteId));
  };
  const siteOf = async (siteId: string | null) =>
    siteId ? ((await deps.listTestSites()).find((site) => site.siteId === siteId) ?? null) : null;
  const one = async (bookingId: number) => (await deps.scheduling.checkInBookings({ bookingId }))[0] ?? null;

  /** The bookings as the page shows them: names of the tester (with the date of birth), child and study, the site and its zone. */
  async function describe(rows: BookingView[]): Promise<CheckInBooking[]> {
    const childIds = [...new Set(rows.flatMap((row) => [row.childId, ...row.household.map((seat) => seat.childId)]))].filter(
      (id): id is number => id !== null,
    );
    const [testerNames, childNames, studies, sites] = await Promise.all([
      deps.testers.namesAndBirthDates([...new Set(rows.map((row) => row.testerId))]),
      deps.children.childNames(childIds),
      deps.studies.findStudies([...new Set(rows.map((row) => row.studyNo))]),
      deps.listTestSites(),
    ]);
    const childName = (id: number | null) => (id === null ? null : (childNames.get(id) ?? 'A child'));
    return rows.map((row) => {
      const tester = testerNames.get(row.testerId);
      const site = sites.find((candidate) => candidate.siteId === row.siteId);
      return {
        bookingId: row.bookingId,
        testerName: tester ? `${tester.firstName} ${tester.lastName}` : 'A tester',
        testerBirthDate: tester?.birthDate ?? null,
        childName: childName(row.childId),
        studyNo: row.studyNo,
        studyName: studies.find((study) => study.studyNo === row.studyNo)?.studyBasicInfo ?? `Study ${row.studyNo}`,
        status: row.status as CheckInBooking['status'],
        siteName: site?.name ?? 'Virtual session',
        timeZone: site?.timeZone ?? DEFAULT_TIME_ZONE,
        group: { cell: row.cell, color: row.color, kind: row.kind },
        sessions: row.sessions.map((session) => ({
          testerDay: session.testerDay,
          startsAt: session.startsAt.toISOString(),
          endsAt: session.endsAt.toISOString(),
        })),
        household: row.household.map((seat) => ({
          bookingId: seat.bookingId,
          childName: childName(seat.childId),
          status: seat.status as CheckInBooking['status'],
        })),
      };
    });
  }

  return {
    /** The booking a scanned code names, when it is at one of the staff member's sites. */
    async scan(staff: StaffPrincipal, token: string): Promise<CheckInScanResponse> {
      const data = deps.scheduling.verifyCheckInToken(token);
      if (!data) return { status: 'invalidToken', message: MESSAGES.invalidToken };
      const row = await one(data.bookingId);
      if (!row) return { status: 'notFound', message: MESSAGES.notFound };
      // A token that names another tester or study than its booking's is as good as forged.
      if (row.testerId !== data.testerId || row.studyNo !== data.studyNo) return { status: 'invalidToken', message: MESSAGES.invalidToken };
      const admitted = admits(staff, row);
      // Who looked at whose booking, admitted or not: a scan reads a tester's details.
      await deps.staff.audited(staff.id, 'check-in.scan', { type: 'booking', id: String(row.bookingId) }, async () => ({
        before: null,
        after: { bookingId: row.bookingId, siteId: row.siteId, admitted },
        result: undefined,
      }));
      if (!admitted) return { status: 'otherSite', message: otherSiteMessage((await siteOf(row.siteId))?.name ?? null) };
      const [booking] = await describe([row]);
      return { status: 'succeed', booking: booking! };
    },

    /** Today's bookings (in each site's zone) at the staff member's sites whose names match. */
    async search(staff: StaffPrincipal, name: string): Promise<CheckInSearchResponse> {
      const now = deps.clock.now();
      const words = name.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 4);
      // A day's bookings at a staff member's sites are few: read them, then match the names here.
      const rows = await deps.scheduling.checkInBookings({
        siteIds: sitesOf(staff),
        from: new Date(now.getTime() - 36 * HOUR_MS),
        to: new Date(now.getTime() + 36 * HOUR_MS),
        limit: SEARCH_SCAN,
      });
      const described = await describe(rows);
      const today = described.filter(
        (booking) =>
          booking.sessions.some((session) => localDay(new Date(session.startsAt), booking.timeZone) === localDay(now, booking.timeZone)) &&
          words.every((word) => `${booking.testerName} ${booking.childName ?? ''}`.toLowerCase().includes(word)),
      );
      return { status: 'succeed', bookings: today.slice(0, SEARCH_LIMIT) };
    },

    /**
     * Marks the booking attended and pays for it, once however many staff press at once: the
     * booking's conditional UPDATE lets one transaction through, and the ledger's (tester,
     * reason, reference) key would refuse a second payment anyway.
     */
    async markAttended(staff: StaffPrincipal, bookingId: number): Promise<CheckInMarkResponse> {
      const row = await one(bookingId);
      if (!row) return { status: 'notFound', message: MESSAGES.notFound };
      const site = await siteOf(row.siteId);
      if (!admits(staff, row)) return { status: 'otherSite', message: otherSiteMessage(site?.name ?? null) };
      if (row.status !== 'booked') return { status: 'notBooked', message: MESSAGES.notBooked[row.status] ?? MESSAGES.notFound };
      const zone = site?.timeZone ?? DEFAULT_TIME_ZONE;
      const [study] = await deps.studies.findStudies([row.studyNo]);
      const pays = { coins: study?.attendanceCoins ?? 0, experience: study?.attendanceExp ?? 0 };
      const now = deps.clock.now();
      if (localDay(now, zone) < localDay(row.startsAt, zone)) return { status: 'tooEarly', message: MESSAGES.tooEarly };
      try {
        const paid = await deps.staff.audited(staff.id, 'check-in.attend', { type: 'booking', id: String(bookingId) }, async (tx) => {
          const attended = await deps.scheduling.attend(bookingId, tx);
          if (!attended) {
            // Another staff member's press went first (or the sweep closed it): nothing is paid twice.
            throw new Refused('notBooked', MESSAGES.notBooked.attended!);
          }
          let payment = { coins: 0, experience: 0 };
          if (pays.coins > 0 || pays.experience > 0) {
            const result = await deps.ledger.record(
              {
                testerId: row.testerId,
                coins: pays.coins,
                experience: pays.experience,
                reason: ATTENDANCE_REWARD_REASON,
                reference: attendanceReference(bookingId, attended.round),
              },
              tx,
            );
            if (result.status === 'recorded') payment = pays;
          }
          return {
            before: { status: 'booked' },
            after: { status: 'attended', ...payment },
            result: payment,
          };
        });
        const after = await one(bookingId);
        const [booking] = await describe([after!]);
        const name = booking!.childName ?? booking!.testerName;
        const message =
          paid.coins > 0 || paid.experience > 0
            ? `${name} is checked in. ${booking!.testerName} earned ${paid.coins} coins and ${paid.experience} experience.`
            : `${name} is checked in.`;
        return { status: 'succeed', booking: booking!, ...paid, message };
      } catch (error) {
        if (error instanceof Refused) {
          const current = await one(bookingId);
          return { status: error.status, message: MESSAGES.notBooked[current?.status ?? ''] ?? error.text };
        }
        throw error;
      }
    },

    /**
     * Undoes a mistaken check-in (decision 111), by site staff at their sites or a recruiter: the
     * booking is booked again once (a conditional UPDATE), and that check-in's payment is taken back
     * through the ledger once (its reference), never below zero: coins already spent stay spent and
     * the entry records them as its shortfall. Audited with the reason typed.
     */
    async undoAttendance(staff: StaffPrincipal, input: BookingControlPayload): Promise<BookingControlResponse> {
      return refusalAnswered(() =>
        deps.staff.audited(staff.id, 'booking.undo-attendance', { type: 'booking', id: String(input.bookingId) }, async (tx) => {
          const undone = await deps.scheduling.undoAttendance(input.bookingId, bookingSitesOf(staff), tx);
          const reference = attendanceReference(input.bookingId, undone.round);
          const paid = await deps.ledger.paidFor(undone.testerId, ATTENDANCE_REWARD_REASON, reference, tx);
          let takenBack = { coins: 0, experience: 0, shortfallCoins: 0, shortfallExperience: 0 };
          if (paid && (paid.coins > 0 || paid.experience > 0)) {
            const taken = await deps.ledger.takeBack(
              { testerId: undone.testerId, coins: paid.coins, experience: paid.experience, reason: ATTENDANCE_UNDONE_REASON, reference },
              tx,
            );
            if (taken.status === 'recorded') {
              const { status: _recorded, ...amounts } = taken;
              takenBack = amounts;
            }
          }
          const { round: _round, ...named } = undone;
          return {
            before: { ...named, status: 'attended' },
            after: { status: 'booked', ...takenBack, reason: input.reason },
            result: {
              status: 'succeed' as const,
              message: BOOKING_CONTROL_TEXTS.attendanceUndone(undone.person, takenBack.coins, takenBack.shortfallCoins),
            },
          };
        }),
      );
    },
  };
}

export type CheckInService = ReturnType<typeof createCheckInService>;
