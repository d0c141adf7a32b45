import { signCheckInToken, verifyCheckInToken, type CheckInData } from './check-in-token.ts';
import { checkEmail } from '@testerhub/shared/account-rules';
import { languageOf, type Language } from '@testerhub/shared/i18n';
import { BOOKING_CONTROL_TEXTS } from '@testerhub/shared/booking-control-schemas';
import { MESSAGE_TEXTS as GROUP_CANCEL_TEXTS } from '@testerhub/shared/staff-message-schemas';
import { studyLabel } from '@testerhub/shared/staff-words';
import type { CancelLinkBookingResponse, CancelLinkRefusal } from '@testerhub/shared/cancel-link-schemas';
import type { TestSite } from '@testerhub/shared/public-content';
import type {
  CancelScheduleResponse,
  CancelScheduleStatus,
  ConfirmChangeScheduleResponse,
  CurrentScheduleResponse,
  GroupUnavailableReason,
  ScheduleGroup,
  ScheduleStamp,
  SessionKind,
} from '@testerhub/shared/schedule-schemas';
import { HOUR_MS, type Clock } from '../../core/clock.ts';
import { afterCommit, inTransaction, type Database, type Executor } from '../../core/db/client.ts';
import type { BusinessCounters } from '../../core/metrics/app-metrics.ts';
import { NotFoundError } from '../../core/errors.ts';
import { StaffRefusal } from '../../core/audit/audited.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import { isSuspended, type TesterService } from '../testers/tester-service.ts';
import { verifyCancelLinkToken } from './cancel-link-token.ts';
import { DEFAULT_TIME_ZONE, type ScheduleNotices } from './schedule-mail/schedule-notices.ts';
import { createSchedulingRepository, upcomingBookingOfSql, type BookingRow, type GroupWithSessions } from './scheduling-repository.ts';
import { createSeatOfferRepository } from './seat-offers/seat-offer-repository.ts';
import type { Person, SeatOffers } from './seat-offers/seat-offers.ts';

/** A tester's row as locking it for update reads it (the booking's checks and e-mail need these fields). */
export type LockedTester = NonNullable<Awaited<ReturnType<TesterService['lockForUpdate']>>>;

/** A group as a unit of work read it, with the groups the person holds a live seat offer of then. */
export interface GroupRead {
  group: GroupWithSessions;
  offeredGroupIds: number[];
}

export type BookingStatus = 'booked' | 'cancelled' | 'attended' | 'noShow';

export { DEFAULT_TIME_ZONE } from './schedule-mail/schedule-notices.ts';
/** Subqueries of tester ids for set-based statements elsewhere (invitations, decision 052). */
export { attendedSinceSql, bookedInStudySql, tookPartInStudiesSql, upcomingBookingOfSql } from './scheduling-repository.ts';

/** The job queue's name of the reminder sweep (decision 027). */
export const REMINDER_QUEUE = 'schedule-reminders';

/** The job queue's name of the seat offers' expiry sweep (decision 031). */
export const SEAT_OFFER_EXPIRY_QUEUE = 'seat-offers-expire';

/**
 * The ledger reason of the scheduling credit; the reference is the study number: paid once per tester
 * and study. A cancellation takes it back (decision 080).
 */
export const SELF_SCHEDULE_REWARD_REASON = 'selfSchedule';

/**
 * The ledger reason of a cancelled booking's take-back of its scheduling credit (decision 080); the
 * reference is `bookingTakeBackReference`, so a booking's credit is taken back once.
 */
export const BOOKING_TAKE_BACK_REASON = 'selfScheduleTakeBack';
export const bookingTakeBackReference = (bookingId: number) => `booking:${bookingId}`;

/** Where a tester goes after a successful change. */
export const SCHEDULE_CHECK_URL = '/community/main/schedule/check';

export interface NewGroupInput {
  studyNo: number;
  siteId: string | null;
  kind: SessionKind;
  videoLink?: string | null;
  pickUpAt?: Date | null;
  color: string;
  cell: string;
  coOpCostCents: number;
  seats: number;
  taken?: number;
  status?: 'Open' | 'Closed';
  isExternal?: boolean;
  sessions: { startsAt: Date; endsAt: Date }[];
}

export type BookResult =
  | { status: 'succeed'; bookingId: number }
  /** Closed, full, external, or starting inside the notice window. */
  | { status: 'notAvailable' }
  /** The person already holds a live booking in this study. */
  | { status: 'hasSchedule' }
  /** A session overlaps one of the person's live bookings. */
  | { status: 'overlap' }
  /** The tester is suspended by the no-show rule (decision 046). */
  | { status: 'suspended' }
  | { status: 'notFound' };

interface SchedulingDeps {
  clock: Clock;
  /** Bookings, cancellations and attendances, counted once committed (decision 094); absent in a few tests. */
  counters?: Pick<BusinessCounters, 'bookings' | 'cancellations' | 'attendances'>;
  testers: Pick<TesterService, 'lockForUpdate' | 'mailContact'>;
  /** The test sites (name, address, zone), read outside transactions (a cached read). */
  listTestSites: () => Promise<TestSite[]>;
  /** The test sites read inside a unit of work (a staff control's audit row names the site); absent in a few service tests. */
  listTestSitesIn?: (tx: Executor) => Promise<TestSite[]>;
  /** The studies' descriptions by number (the studies service), to name each booking; inside the caller's unit of work when given one. */
  studyNames: (studyNos: readonly number[], tx?: Executor) => Promise<Map<number, string>>;
  /** Children's full names by key (the children service), to name a child's booking; absent in a few service tests. */
  childNames?: (childIds: readonly number[], tx?: Executor) => Promise<Map<number, string>>;
  /** Changes and cancellations close this many hours before the first session (SCHEDULE_NOTICE_HOURS). */
  noticeHours: number;
  /** Signs the check-in tokens of the QR codes and the cancel links (the study-link secret, with its own purpose in each token). */
  checkInSecret: string;
  /** The booking, change and cancellation e-mails, written in the same transactions (decision 027); absent in a few service tests. */
  notices?: ScheduleNotices;
  /** Waitlist promotion (decision 031): freed seats offered and held; absent in a few service tests. */
  offers?: SeatOffers;
  /** The tester (not a child) attended a study, told in the attendance's transaction (the referrals service, decision 036). */
  onTesterAttended?: (testerId: string, tx: Executor) => Promise<void>;
  /** Takes back a cancelled booking's scheduling credit in the cancel's transaction (decision 080). */
  ledger: Pick<LedgerService, 'takeBack'>;
}

/** A change found the new group without a seat for every booking it moves: the transaction is undone. */
class GroupFilled extends Error {
  constructor(
    readonly studyNo: number,
    readonly bookedGroupId: number,
  ) {
    super('notAvailable');
  }
}

/** A group as the audit log names it: cell, place and first start (UTC). */
export function groupLabel(group: GroupWithSessions, sites: Map<string, TestSite>) {
  const where = group.kind === 'virtual' ? 'virtual' : (sites.get(group.siteId ?? '')?.name ?? group.siteId);
  return `${group.cell} (${group.color}), ${where}, ${group.sessions[0]?.startsAt.toISOString() ?? 'no sessions'}`;
}

/**
 * Session groups, seats and bookings (decision 022). Seats move only by conditional UPDATEs, and
 * every write locks the tester's row first, so a person's bookings change one at a time (the overlap
 * check then sees every booking it must) while different testers book in parallel.
 */
export function createSchedulingService(db: Database, deps: SchedulingDeps) {
  const base = createSchedulingRepository(db);
  const on = (tx?: Executor) => (tx ? createSchedulingRepository(tx) : base);
  const now = () => deps.clock.now();
  const noticeMs = deps.noticeHours * HOUR_MS;
  const listTestSites = deps.listTestSites;

  const firstStart = (group: GroupWithSessions) => group.sessions[0]!.startsAt;
  const lastEnd = (group: GroupWithSessions) => group.sessions[group.sessions.length - 1]!.endsAt;
  /** Outside the notice window: the first session starts more than noticeHours from now. */
  const beforeNotice = (startsAt: Date, at: Date) => startsAt.getTime() - at.getTime() > noticeMs;
  /** Open, not external, and starting outside the notice window: bookable when a seat is free (or held for the person). */
  const bookableGroup = (group: GroupWithSessions, at: Date) =>
    group.status === 'Open' && !group.isExternal && group.sessions.length > 0 && beforeNotice(firstStart(group), at);
  /** A seat neither taken nor held by a seat offer (decision 031). */
  const hasFreeSeat = (group: GroupWithSessions, at: Date) => bookableGroup(group, at) && group.taken + group.held < group.seats;
  /** Free for this person: a free seat, or one held by the person's live offer. */
  const openFor = (group: GroupWithSessions, at: Date, held: ReadonlySet<number>) =>
    hasFreeSeat(group, at) || (held.has(group.id) && bookableGroup(group, at));
  /** When the group stops taking bookings: noticeHours before its first session; null without sessions. */
  const bookingClosesAt = (group: GroupWithSessions) =>
    group.sessions.length > 0 ? new Date(firstStart(group).getTime() - noticeMs) : null;
  /**
   * Why the person cannot pick the group now, null when they can. Past its booking close comes first:
   * no seat of such a group opens again (offers skip it too), so neither "closed" nor "full" would help.
   */
  const unavailableBecause = (group: GroupWithSessions, at: Date, held: ReadonlySet<number>): GroupUnavailableReason | null => {
    if (openFor(group, at, held)) return null;
    if (group.sessions.length > 0 && !beforeNotice(firstStart(group), at)) return 'bookingClosed';
    if (group.status !== 'Open' || group.isExternal || group.sessions.length === 0) return 'closed';
    return 'full';
  };
  const heldBy = async (holder: Person | undefined, tx?: Executor): Promise<ReadonlySet<number>> =>
    holder && deps.offers ? deps.offers.heldBy(holder, tx) : new Set<number>();

  async function lockTester(testerId: string, tx: Executor): Promise<LockedTester> {
    const tester = await deps.testers.lockForUpdate(testerId, tx);
    if (!tester) throw new NotFoundError('No such tester.');
    return tester;
  }

  function place(group: GroupWithSessions, sites: Map<string, TestSite>) {
    const site = group.siteId ? sites.get(group.siteId) : undefined;
    const location = group.kind === 'virtual' ? 'Virtual session' : site ? `${site.name}, ${site.address}` : '';
    return { location, timeZone: site?.timeZone ?? DEFAULT_TIME_ZONE };
  }

  function groupFields(group: GroupWithSessions, sites: Map<string, TestSite>) {
    return {
      studyNo: group.studyNo,
      groupId: group.publicId,
      cell: group.cell,
      color: group.color,
      kind: group.kind as SessionKind,
      isPickUp: group.kind === 'pickUp',
      siteID: group.siteId,
      ...place(group, sites),
      coOpCost: group.coOpCostCents / 100,
      totalTesterDays: group.sessions.length,
      isMultiDay: group.sessions.length > 1,
      status: group.status as 'Open' | 'Closed',
      pickUpDate: group.pickUpAt?.toISOString() ?? null,
      virtualDate: group.kind === 'pickUp' && group.sessions[0] ? group.sessions[0].startsAt.toISOString() : null,
      isExternal: group.isExternal,
      isExternalStudy: group.isExternal,
    };
  }

  function groupView(
    group: GroupWithSessions,
    sites: Map<string, TestSite>,
    at: Date,
    currentGroupId: number | null,
    held: ReadonlySet<number> = new Set(),
  ): ScheduleGroup {
    return {
      ...groupFields(group, sites),
      sessions: group.sessions.map((session) => ({
        testerDay: session.testerDay,
        startsAt: session.startsAt.toISOString(),
        endsAt: session.endsAt.toISOString(),
      })),
      available: openFor(group, at, held),
      unavailableBecause: unavailableBecause(group, at, held),
      bookingClosesAt: bookingClosesAt(group)?.toISOString() ?? null,
      noticeHours: deps.noticeHours,
      isCurrent: group.id === currentGroupId,
    };
  }

  async function siteMap() {
    return new Map((await listTestSites()).map((site) => [site.siteId, site]));
  }
  async function siteMapIn(tx: Executor) {
    return new Map((await (deps.listTestSitesIn ? deps.listTestSitesIn(tx) : listTestSites())).map((site) => [site.siteId, site]));
  }

  /**
   * A group as self-schedule offers it (decision 024): status is what the tester can do now, Open
   * (pick it) only with a free seat outside the notice window, else Closed (Notify me only).
   */
  function selfScheduleView(group: GroupWithSessions, sites: Map<string, TestSite>, at: Date, held: ReadonlySet<number>): ScheduleGroup {
    const view = groupView(group, sites, at, null, held);
    return { ...view, status: view.available ? 'Open' : 'Closed' };
  }
  /** Groups whose first session is still ahead (the others are never offered). */
  const notStarted = (group: GroupWithSessions, at: Date) => group.sessions.length > 0 && firstStart(group) > at;

  /** The names of the tester's children booked in each group, comma-separated (spec 3, "Schedule check"). */
  async function namesOfChildrenByGroup(current: { booking: { childId: number | null }; group: { id: number } }[]) {
    const childIds = current.flatMap(({ booking }) => (booking.childId === null ? [] : [booking.childId]));
    const byGroup = new Map<number, string>();
    if (childIds.length === 0 || !deps.childNames) return byGroup;
    const names = await deps.childNames(childIds);
    for (const { booking, group } of current) {
      const name = booking.childId === null ? undefined : names.get(booking.childId);
      if (name) byGroup.set(group.id, byGroup.has(group.id) ? `${byGroup.get(group.id)}, ${name}` : name);
    }
    return byGroup;
  }

  return {
    /** The session groups at the site and their bookings, in the caller's unit of work (the staff console's site removal, decision 069). */
    sessionGroupsAtSite: (siteId: string, tx: Executor) => createSchedulingRepository(tx).countAtSite(siteId),

    /**
     * The self-schedule choices of the studies, earliest first: groups not started yet, with the
     * self-schedule status (Open: can be picked; Closed: can be chosen for Notify me).
     */
    async selfScheduleChoices(studyNos: readonly number[], tx?: Executor, holder?: Person): Promise<Map<number, ScheduleGroup[]>> {
      const at = now();
      const sites = await siteMap();
      const held = await heldBy(holder, tx);
      const groups = (await on(tx).groupsOfStudies(studyNos)).filter((group) => notStarted(group, at));
      groups.sort((a, b) => firstStart(a).getTime() - firstStart(b).getTime() || a.id - b.id);
      const byStudy = new Map<number, ScheduleGroup[]>(studyNos.map((studyNo) => [studyNo, []]));
      for (const group of groups) byStudy.get(group.studyNo)?.push(selfScheduleView(group, sites, at, held));
      return byStudy;
    },

    /**
     * The groups the ids name (unknown ids left out): key, study, kind, whether Open for self-schedule
     * now, and whether past its booking close (the notice window: Notify me is refused for it).
     */
    async groupsByPublicIds(publicIds: readonly string[], tx?: Executor, holder?: Person) {
      const at = now();
      const { groups, offeredGroupIds } = await on(tx).groupsForPerson(publicIds, holder && deps.offers ? holder : null, at);
      const held = new Set(offeredGroupIds);
      return groups.map((group) => ({
        id: group.id,
        publicId: group.publicId,
        studyNo: group.studyNo,
        kind: group.kind as SessionKind,
        open: openFor(group, at, held),
        bookingClosed: unavailableBecause(group, at, held) === 'bookingClosed',
        /** The read itself, for `book` in the same unit of work (its `groupRead`). */
        read: { group, offeredGroupIds } satisfies GroupRead,
      }));
    },

    /**
     * The person's bookings (study, and whether live: a study booked once is not offered again),
     * whether a booked session is still to start (the screener's 101 rule) and the studies of their
     * live seat offers (decision 031), in one read: self-schedule's part of the person's standing.
     */
    async bookingStanding(person: Person, at: Date, tx?: Executor) {
      const standing = await on(tx).bookingStanding(person, at);
      return { ...standing, offeredStudies: deps.offers ? standing.offeredStudies : [] };
    },

    /** Whether the person holds a booked session that has not started yet (the screener's 101 rule, per person). */
    hasUpcomingBooking(testerId: string, now: Date, tx?: Executor, childId: number | null = null): Promise<boolean> {
      return on(tx).hasUpcomingBooking(testerId, now, childId);
    },

    /** The same rule as an SQL condition on a row's person, for a set-based statement of another module (screening's 101 release). */
    upcomingBookingOfSql,

    /** Attended sessions and what each paid (the group's coOpCost), newest first: the earnings history (decision 034). */
    attendedCompensation: (testerId: string) => base.attendedWithCompensation(testerId),
    /** Whether the tester (not a child) has attended a study: children may be registered online then (decision 028). */
    hasAttended: (testerId: string, tx?: Executor): Promise<boolean> => on(tx).hasAttended(testerId),
    /** The tester's (and their children's) bookings not marked yet, ahead or awaiting check-in: what stops a merge (decision 144). */
    liveBookingsOf: (testerId: string, tx?: Executor) => on(tx).liveBookingsOf(testerId),
    /** Live bookings whose last session ended before `endedBefore` become no-shows (decision 046): their testers and ends. */
    markNoShows: (endedBefore: Date, tx?: Executor) => on(tx).markNoShows(endedBefore, now()),
    noShowsSince: (testerId: string, since: Date, tx?: Executor) => on(tx).noShowsSince(testerId, since),
    /** Whether the tester holds a live booking in this study (the study-link flow's ts). */
    async hasLiveBookingInStudy(testerId: string, studyNo: number): Promise<boolean> {
      return (await base.liveBookingsOfStudy(testerId, studyNo)).length > 0;
    },

    /** When the group stops taking bookings, and whether that has passed (the staff console's sessions page). */
    bookingWindow(group: GroupWithSessions): { closesAt: Date | null; closed: boolean } {
      const closesAt = bookingClosesAt(group);
      return { closesAt, closed: closesAt !== null && !beforeNotice(firstStart(group), now()) };
    },

    /** Whether the study has a group a tester could book now (the study-link flow's noSeat otherwise). */
    async hasBookableGroup(studyNo: number): Promise<boolean> {
      const at = now();
      return (await base.groupsOfStudy(studyNo)).some((group) => hasFreeSeat(group, at));
    },

    /** A group and its dated sessions (the seed, tests; later the staff console). */
    createGroup(input: NewGroupInput, tx?: Executor) {
      const { sessions, ...group } = input;
      const ordered = [...sessions].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
      return on(tx).insertGroup(
        group,
        ordered.map((session, index) => ({ ...session, testerDay: index + 1 })),
      );
    },

    /**
     * A booking straight into a one-seat virtual group of its own (test support: the screener's 101
     * case). Real bookings go through `book`.
     */
    async createBooking(
      input: {
        testerId: string;
        studyNo: number;
        startsAt: Date;
        endsAt: Date;
        childId?: number | null;
        status?: BookingStatus;
        /** In person at this site, with this compensation (the check-in's browser test); virtual and unpaid otherwise. */
        site?: { siteId: string; coOpCostCents: number };
      },
      tx?: Executor,
    ) {
      const { site, ...booking } = input;
      return inTransaction(
        db,
        async (work) => {
          const status = input.status ?? 'booked';
          const group = await on(work).insertGroup(
            {
              studyNo: input.studyNo,
              siteId: site?.siteId ?? null,
              kind: site ? 'inPerson' : 'virtual',
              videoLink: site ? null : '',
              color: 'Gray',
              cell: 'T',
              coOpCostCents: site?.coOpCostCents ?? 0,
              seats: 1,
              taken: status === 'booked' ? 1 : 0,
              status: 'Closed',
            },
            [{ testerDay: 1, startsAt: input.startsAt, endsAt: input.endsAt }],
          );
          return on(work).insertBooking({ ...booking, childId: input.childId ?? null, status, groupId: group.id });
        },
        tx,
      );
    },

    /** The staff dashboard's reads (decision 058): sessions starting in a window, studies filling, attendance by week. */
    dashboardSessions: (from: Date, to: Date) => on(db).sessionsStarting(from, to),
    filling: () => on(db).filling(now()),
    attendanceByWeek: (from: Date, timeZone: string) => on(db).attendanceByWeek(from, timeZone),
    /** Attended bookings checked in during [from, to) per study, with the compensation owed (decision 122). */
    compensationByStudy: (from: Date, to: Date) => on(db).compensationByStudy(from, to),
    /** The study of each booking, by id (the payments report reads booking references of the ledger). */
    async studiesOfBookings(bookingIds: readonly number[]): Promise<Map<number, number>> {
      const rows = await on(db).studiesOfBookings(bookingIds);
      return new Map(rows.map((row) => [row.bookingId, row.studyNo]));
    },
    /** A study's booked, attended and no-show people (decision 122). */
    bookingFunnel: (studyNo: number) => on(db).bookingFunnel(studyNo),

    /**
     * The check-in's view of bookings (decision 048): one by id or those with a session in a
     * window at some sites, each with its group's sessions and the tester's other seats in the group.
     */
    async checkInBookings(where: { bookingId: number } | { from: Date; to: Date; siteIds: readonly string[] | null; limit: number }) {
      const repository = on(db);
      const rows = await repository.checkInBookings(where);
      const groupIds = [...new Set(rows.map((row) => row.groupId))];
      const [sessions, seats] = await Promise.all([
        repository.sessionsOfGroups(groupIds),
        repository.seatsInGroups([...new Set(rows.map((row) => row.testerId))], groupIds),
      ]);
      return rows.map((row) => ({
        ...row,
        sessions: sessions.filter((session) => session.groupId === row.groupId),
        household: seats.filter(
          (seat) => seat.testerId === row.testerId && seat.groupId === row.groupId && seat.bookingId !== row.bookingId,
        ),
      }));
    },

    /**
     * Records that the person of a booked session came (the staff check-in of a later issue): the
     * booking becomes attended once, and in the same transaction a tester's attendance is told on
     * (a referral of them is then Complete). False when the booking is not booked.
     */
    async recordAttendance(bookingId: number, tx?: Executor): Promise<boolean> {
      return (await attend(bookingId, tx)) !== null;
    },

    /**
     * recordAttendance answering the check-in's round: how many times staff undid this booking's
     * attendance before (decision 111), which names this check-in's payment; null when not booked.
     */
    attend,

    /**
     * Books the tester (or their child) into a group: one unit of work that locks the tester, checks
     * the study and the overlap, and takes a seat by a conditional UPDATE. Pays nothing (self-schedule
     * does, and says what it paid as `credit`, written on the booking: decision 080).
     */
    async book(
      input: {
        testerId: string;
        childId?: number | null;
        groupId: string;
        /** The scheduling credit the caller paid for this booking in the same unit of work (decision 080). */
        credit?: { coins: number; exp: number };
        /** The study's name when the caller has read it (the booking e-mail's): not read again. */
        studyName?: string;
        /**
         * The group and the person's live offers as `groupsByPublicIds` read them in `tx` after the
         * tester's lock (self-schedule's unit of work): not read again. Only while nothing in the unit
         * of work has changed the person's offers since (a second booking in it reads its own).
         */
        groupRead?: GroupRead;
      },
      tx?: Executor,
      /** The tester's row as the caller locked it in `tx` (self-schedule's unit of work): not locked again. */
      lockedTester?: LockedTester,
    ): Promise<BookResult> {
      const childId = input.childId ?? null;
      // Every refusal below comes before the first write, so a caller's unit of work needs no
      // savepoint around a booking: it goes on or gives up as it likes.
      const attempt = async (work: Executor): Promise<BookResult> => {
        const repository = on(work);
        const tester = lockedTester ?? (await lockTester(input.testerId, work));
        if (isSuspended(tester, now())) return { status: 'suspended' };
        const person = { testerId: input.testerId, childId };
        // The group and the person's live offers (decision 031) in one read.
        const { group, offeredGroupIds }: Partial<GroupRead> & Pick<GroupRead, 'offeredGroupIds'> =
          input.groupRead ??
          (await repository.groupsForPerson([input.groupId], deps.offers ? person : null, now()).then(({ groups, offeredGroupIds }) => ({
            group: groups[0],
            offeredGroupIds,
          })));
        if (!group) return { status: 'notFound' };
        // Their groups are locked first, in key order, so accepting one and declining the others
        // cannot deadlock with the expiry sweep or a cancel.
        const mine = offeredGroupIds;
        if (mine.length) await repository.lockGroups([group.id, ...mine]);
        const held = new Set(mine);
        if (!openFor(group, now(), held)) return { status: 'notAvailable' };
        const newBooking = {
          testerId: input.testerId,
          childId,
          studyNo: group.studyNo,
          groupId: group.id,
          startsAt: firstStart(group),
          endsAt: lastEnd(group),
          createdAt: now(),
          creditCoins: input.credit?.coins ?? 0,
          creditExp: input.credit?.exp ?? 0,
        };
        // A free seat: the checks, the seat and the booking in one statement.
        let booking = held.has(group.id) ? null : await repository.bookFreeSeat(newBooking);
        if (!booking) {
          // A seat held for them, or a refusal to explain: the same checks one by one, in their order.
          if (await repository.liveBookingForUpdate(input.testerId, group.studyNo, childId)) return { status: 'hasSchedule' };
          if (await repository.overlapsLiveBooking(input.testerId, childId, group.id, null)) return { status: 'overlap' };
          // The held seat becomes theirs; without a live offer, a seat nobody holds.
          const seated = held.has(group.id) && deps.offers ? await deps.offers.accept(group.id, person, work) : false;
          if (!seated && !(await repository.takeSeat(group.id))) return { status: 'notAvailable' };
          booking = await repository.insertBooking({ ...newBooking, status: 'booked' });
        }
        if (mine.length) await deps.offers!.declineOthers(person, group.id, work);
        await deps.notices?.booked(tester, booking, group, work, input.studyName);
        afterCommit(work, () => deps.counters?.bookings.inc());
        return { status: 'succeed', bookingId: booking.id };
      };
      return tx ? attempt(tx) : inTransaction(db, attempt);
    },

    /** The schedule check: one stamp per session day of each live booking that has not ended. */
    async currentSchedule(tester: { id: string; firstName: string; lastName: string }): Promise<Omit<CurrentScheduleResponse, 'status'>> {
      const at = now();
      const [sites, current] = [await siteMap(), await base.currentBookings(tester.id, at)];
      const names = await deps.studyNames([...new Set(current.map(({ booking }) => booking.studyNo))]);
      const childNames = await namesOfChildrenByGroup(current);
      const stamps: ScheduleStamp[] = [];
      for (const { booking, group } of current) {
        const fields = groupFields(group, sites);
        const changeable = !group.isExternal && beforeNotice(booking.startsAt, at);
        const checkInToken = signCheckInToken({ bookingId: booking.id, testerId: tester.id, studyNo: booking.studyNo }, deps.checkInSecret);
        for (const session of group.sessions) {
          stamps.push({
            ...fields,
            studyName: names.get(booking.studyNo) ?? '',
            scheduleStamp: session.startsAt.toISOString(),
            endStamp: session.endsAt.toISOString(),
            testerDay: session.testerDay,
            testerID: tester.id,
            testerName: `${tester.firstName} ${tester.lastName}`,
            isChildStudy: booking.childId !== null,
            childNames: booking.childId !== null ? (childNames.get(group.id) ?? '') : '',
            videoLink: group.kind === 'inPerson' ? null : group.videoLink,
            changeable,
            available: true,
            isThisTimeAvailable: changeable,
            checkInToken,
          });
        }
      }
      return { scheduleStamps: stamps, isExternalStudy: stamps.some((stamp) => stamp.isExternal), noticeHours: noticeMs / HOUR_MS };
    },

    /** The booking a scanned QR code names (the staff console's check-in), or null for a token not signed here. */
    verifyCheckInToken: (token: string): CheckInData | null => verifyCheckInToken(token, deps.checkInSecret),

    /** The change page's groups of a study the tester is booked in (404 otherwise). */
    async groupsForChange(testerId: string, studyNo: number): Promise<ScheduleGroup[]> {
      const sites = await siteMap();
      const [booking] = await base.liveBookingsOfStudy(testerId, studyNo);
      if (!booking) throw new NotFoundError('You have no booking in this study.');
      const groups = await base.groupsOfStudy(studyNo);
      const at = now();
      return groups.map((group) => groupView(group, sites, at, booking.groupId));
    },

    /**
     * Moves the tester's bookings in the group's study (theirs and their children's, decision 029) to
     * that group: the old seats are released and the new ones taken in one transaction, all or none,
     * so a group without room for everyone leaves the old bookings as they were.
     */
    async change(testerId: string, groupIds: string[]): Promise<ConfirmChangeScheduleResponse> {
      const sites = await siteMap();
      const at = now();
      const answerFrom =
        (repository: ReturnType<typeof on>, studyNo: number, bookedGroupId: number, newGroupId: number) =>
        async (status: ConfirmChangeScheduleResponse['status']) => ({
          status,
          url: status === 'succeed' ? SCHEDULE_CHECK_URL : '',
          filteredScheduleView: (await repository.groupsOfStudy(studyNo)).map((each) =>
            groupView(each, sites, at, status === 'succeed' ? newGroupId : bookedGroupId),
          ),
        });
      try {
        return await inTransaction(db, async (work) => {
          const repository = on(work);
          const tester = await lockTester(testerId, work);
          // The shared schema takes exactly one group (decision 022).
          const group = await repository.groupByPublicId(groupIds[0]!);
          if (!group) throw new NotFoundError('No such group.');
          const booked = await repository.liveBookingsOfStudy(testerId, group.studyNo);
          if (booked.length === 0) throw new NotFoundError('You have no booking in this study.');
          const answer = answerFrom(repository, group.studyNo, booked[0]!.groupId, group.id);
          const moving = booked.filter((booking) => booking.groupId !== group.id);
          const olds = new Map<number, GroupWithSessions>();
          for (const booking of moving) olds.set(booking.groupId, (await repository.groupById(booking.groupId))!);
          if (moving.some((booking) => olds.get(booking.groupId)!.isExternal || !beforeNotice(booking.startsAt, at)))
            return answer('notChangeable');
          if (moving.length === 0) return answer('succeed');
          if (checkEmail(tester.email) !== null) return answer('changeEmailAddress');
          if (!hasFreeSeat(group, at)) return answer('notAvailable');
          for (const booking of moving)
            if (await repository.overlapsLiveBooking(testerId, booking.childId, group.id, booking.id)) return answer('notAvailable');
          await repository.lockGroups([...olds.keys(), group.id]);
          for (const booking of moving) {
            // A later seat missing undoes the earlier moves: the family moves together or not at all.
            if (!(await repository.takeSeat(group.id))) throw new GroupFilled(group.studyNo, booked[0]!.groupId);
            await repository.releaseSeat(booking.groupId);
            await deps.offers?.offerFreedSeats(booking.groupId, work);
            await repository.moveBooking(booking.id, { id: group.id, startsAt: firstStart(group), endsAt: lastEnd(group) }, at);
            await deps.notices?.changed(tester, booking.id, work, olds.get(booking.groupId)!);
          }
          return answer('succeed');
        });
      } catch (error) {
        // Read after the rollback: the list shows the seats as they are again.
        if (error instanceof GroupFilled) return answerFrom(on(), error.studyNo, error.bookedGroupId, 0)('notAvailable');
        throw error;
      }
    },

    /**
     * Cancels the tester's bookings (theirs and their children's) in the studies, all or none:
     * 101 inside the notice window, 102 with an invalid e-mail address, failed for an external study.
     * A study the tester holds no booking in is 404. Each cancelled booking's scheduling credit is
     * taken back in the same unit of work (decision 080); the answer says how many coins were.
     */
    async cancel(testerId: string, studyNos: number[]): Promise<CancelScheduleResponse> {
      return inTransaction(db, async (work) => {
        const repository = on(work);
        const tester = await lockTester(testerId, work);
        const found = [];
        for (const studyNo of new Set(studyNos)) {
          const bookings = await repository.liveBookingsOfStudy(testerId, studyNo);
          if (bookings.length === 0) throw new NotFoundError(`You have no booking in study ${studyNo}.`);
          found.push(...bookings);
        }
        return cancelFound(tester, found, work);
      });
    },

    /** The tester's part of the data export (decision 040): bookings and seat offers, theirs and their children's. */
    async exportData(testerId: string) {
      return { bookings: await base.exportOf(testerId), seatOffers: await createSeatOfferRepository(db).exportOf(testerId) };
    },

    /**
     * Account deletion, first step (decision 040): every seat the tester and their children hold is
     * given back inside the caller's unit of work, which has locked the tester's row: live bookings
     * are cancelled (no e-mail: the address is being forgotten) and their seats released, offers
     * still holding a seat are declined and their holds released. Answers the groups freed, for
     * `passOnFreedSeats` once the tester's own waiting-list rows are gone.
     */
    async releaseAllSeatsOf(testerId: string, tx: Executor): Promise<number[]> {
      const repository = on(tx);
      const offers = createSeatOfferRepository(tx);
      const live = await repository.liveBookingsOf(testerId);
      const groups = [...new Set([...live.map((booking) => booking.groupId), ...(await offers.openOfferGroupsOf(testerId))])];
      if (groups.length === 0) return [];
      await repository.lockGroups(groups);
      const at = now();
      for (const booking of live) {
        if (await repository.cancelBooking(booking.id, at)) afterCommit(tx, () => deps.counters?.cancellations.inc());
        await repository.releaseSeat(booking.groupId);
      }
      // Conditional on 'offered' after the locks: an offer the expiry sweep closed meanwhile released its own hold.
      for (const groupId of await offers.declineAllOffersOf(testerId, at)) await offers.releaseHold(groupId);
      return groups;
    },

    /** Account deletion, last step: the freed seats go to the people waiting for them, as after a cancel (decision 031). */
    async passOnFreedSeats(groupIds: readonly number[], tx: Executor): Promise<void> {
      for (const groupId of groupIds) await deps.offers?.offerFreedSeats(groupId, tx);
    },

    /** A study's groups with their sessions, earliest first (the staff's results, decision 051). */
    groupsOfStudy: (studyNo: number) => base.groupsOfStudy(studyNo),
    /** A study's bookings of every status, oldest first after `afterId` (the staff's results and export). */
    bookingsOfStudy: (studyNo: number, afterId: number, limit: number) => base.bookingsOfStudy(studyNo, afterId, limit),

    /** Expires the seat offers past their end and passes their seats on (the job queue's sweep, every minute); answers the offers made. */
    expireSeatOffers: async (): Promise<number> => (deps.offers ? deps.offers.expireDue() : 0),

    /** Not interested in the study: the person's live seat offers in it pass to the next people. */
    declineSeatOffers: async (person: Person, studyNo: number): Promise<number> =>
      deps.offers ? deps.offers.declineStudy(person, studyNo) : 0,

    /** Sends the reminders due now, each once (the job queue's sweep calls it every minute); answers how many. */
    sendDueReminders: async (): Promise<number> => (deps.notices ? deps.notices.sendDueReminders() : 0),

    /**
     * Staff close a booked session as a no-show by hand (decision 111: the tester called to say they
     * will not come), in the caller's audited unit of work: once, like the sweep's. A seat of a group
     * still to start is freed and offered to the waiting list. The caller applies the no-show rule.
     */
    async markNoShowByHand(bookingId: number, sites: readonly string[] | null, tx: Executor) {
      const found = await lockedBooking(bookingId, sites, tx);
      const repository = on(tx);
      const at = now();
      if (!(await repository.markNoShow(bookingId, at))) throw new StaffRefusal(BOOKING_CONTROL_TEXTS.notBooked);
      if (found.group.sessions.length > 0 && firstStart(found.group) > at) {
        await repository.lockGroups([found.group.id]);
        await repository.releaseSeat(found.group.id);
        await deps.offers?.offerFreedSeats(found.group.id, tx);
      }
      return staffView(found, tx);
    },

    /**
     * Staff undo a mistaken check-in (decision 111): the booking is booked again, once per check-in.
     * Answers the round of the attendance undone (how many times it was undone before), which names
     * that check-in's payment in the ledger.
     */
    async undoAttendance(bookingId: number, sites: readonly string[] | null, tx: Executor) {
      const found = await lockedBooking(bookingId, sites, tx);
      const undone = await on(tx).undoAttendance(bookingId, now());
      if (!undone) throw new StaffRefusal(BOOKING_CONTROL_TEXTS.notAttended);
      return { ...(await staffView(found, tx)), testerId: undone.testerId, round: undone.attendanceUndone - 1 };
    },

    /**
     * Staff cancel a tester's booking (decision 111), inside the notice window too: the seat is freed
     * and offered to the waiting list, the scheduling credit taken back as for the tester's own cancel
     * (decision 080), and the tester e-mailed the cancellation (METHOD:CANCEL).
     */
    cancelByStaff: (bookingId: number, tx: Executor) => cancelBookingByStaff(bookingId, tx),

    /**
     * Staff cancel a whole group (decision 123), in the caller's audited unit of work: refused once
     * its first session has started. The group is closed, so no tester and no seat offer takes a
     * seat of it again; each live booking is cancelled by the staff cancel (seat freed, credit taken
     * back, the tester e-mailed the cancellation); the live seat offers of it are declined and their
     * holds released. Answers the bookings cancelled and the people whose offers ended.
     */
    async cancelGroupByStaff(groupId: string, tx: Executor) {
      const repository = on(tx);
      const seen = await repository.groupByPublicId(groupId);
      if (!seen) throw new StaffRefusal(BOOKING_CONTROL_TEXTS.groupNotFound, 'groupId');
      const liveIn = async (group: number) => (await repository.bookingsOfGroup(group)).filter((booking) => booking.status === 'booked');
      // Every booking write locks the tester's row before the group's: so does this, in key order.
      for (const testerId of [...new Set((await liveIn(seen.id)).map((booking) => booking.testerId))].sort())
        await deps.testers.lockForUpdate(testerId, tx);
      const group = (await repository.groupForUpdate(groupId))!;
      if (group.isExternal) throw new StaffRefusal(GROUP_CANCEL_TEXTS.external, 'groupId');
      if (group.sessions.length === 0 || firstStart(group) <= now()) throw new StaffRefusal(GROUP_CANCEL_TEXTS.groupStarted, 'groupId');
      await repository.updateGroupFields(group.id, { status: 'Closed' });
      const cancelled = [];
      // Read again under the group's lock: a booking that committed before it is cancelled too.
      for (const booking of await liveIn(group.id)) cancelled.push(await cancelBookingByStaff(booking.bookingId, tx));
      const offers = createSeatOfferRepository(tx);
      const endedOffers = await offers.declineOffersOfGroup(group.id, now());
      for (let index = 0; index < endedOffers.length; index++) await offers.releaseHold(group.id);
      const study = studyLabel(group.studyNo, (await deps.studyNames([group.studyNo], tx)).get(group.studyNo));
      return { group, label: groupLabel(group, await siteMapIn(tx)), study, cancelled, endedOffers };
    },

    /** The people booked (live) in a study, with their groups: a study-wide message's recipients (decision 123). */
    liveBookingsInStudy: (studyNo: number, tx: Executor) => on(tx).liveBookingsInStudy(studyNo),
    /** A group by its public id, read in the caller's unit of work. */
    groupByPublicId: (groupId: string, tx: Executor) => on(tx).groupByPublicId(groupId),
    /** A study's groups, read in the caller's unit of work. */
    groupsOfStudyIn: (studyNo: number, tx: Executor) => on(tx).groupsOfStudy(studyNo),

    /**
     * Staff move a booking to another group of its study (decision 111): a seat within the new group's
     * seats and overbooking is taken by one conditional UPDATE (so two staff moving people into its
     * last seat at once seat one), the old seat freed and offered on, and the tester e-mailed the
     * change with the same calendar entry at a higher SEQUENCE.
     */
    async moveByStaff(bookingId: number, groupId: string, tx: Executor) {
      const found = await lockedBooking(bookingId, null, tx);
      const repository = on(tx);
      const target = await repository.groupByPublicId(groupId);
      if (!target) throw new StaffRefusal(BOOKING_CONTROL_TEXTS.groupNotFound, 'groupId');
      if (target.studyNo !== found.booking.studyNo) throw new StaffRefusal(BOOKING_CONTROL_TEXTS.otherStudy, 'groupId');
      if (target.id === found.group.id) throw new StaffRefusal(BOOKING_CONTROL_TEXTS.sameGroup, 'groupId');
      if (found.group.isExternal || target.isExternal) throw new StaffRefusal(BOOKING_CONTROL_TEXTS.external, 'groupId');
      if (found.booking.status !== 'booked') throw new StaffRefusal(BOOKING_CONTROL_TEXTS.notBooked);
      await staffSeatChecks(found.booking.testerId, found.booking.childId, target, bookingId, tx);
      await repository.lockGroups([found.group.id, target.id]);
      await takeStaffSeatOf(target, 'groupId', tx);
      await repository.releaseSeat(found.group.id);
      await repository.moveBooking(bookingId, { id: target.id, startsAt: firstStart(target), endsAt: lastEnd(target) }, now());
      await deps.notices?.changed(found.tester, bookingId, tx, found.group);
      await deps.offers?.offerFreedSeats(found.group.id, tx);
      return { ...(await staffView(found, tx)), to: groupLabel(target, await siteMapIn(tx)) };
    },

    /**
     * Staff seat a tester (themselves, not a child) in a group by hand (decision 111): any tester
     * not suspended, within the group's seats and overbooking, never in a Closed group (decision 128). Pays no scheduling credit; the tester is e-mailed the booking.
     */
    async seatByStaff(testerId: string, groupId: string, tx: Executor) {
      const tester = await lockTester(testerId, tx);
      if (isSuspended(tester, now())) throw new StaffRefusal(BOOKING_CONTROL_TEXTS.suspended, 'email');
      const repository = on(tx);
      const group = await repository.groupByPublicId(groupId);
      if (!group) throw new StaffRefusal(BOOKING_CONTROL_TEXTS.groupNotFound);
      if (group.isExternal) throw new StaffRefusal(BOOKING_CONTROL_TEXTS.external);
      if (await repository.liveBookingForUpdate(testerId, group.studyNo, null))
        throw new StaffRefusal(BOOKING_CONTROL_TEXTS.hasSchedule, 'email');
      await staffSeatChecks(testerId, null, group, null, tx);
      await takeStaffSeatOf(group, undefined, tx);
      const booking = await repository.insertBooking({
        testerId,
        childId: null,
        studyNo: group.studyNo,
        groupId: group.id,
        startsAt: firstStart(group),
        endsAt: lastEnd(group),
        createdAt: now(),
        status: 'booked',
      });
      await deps.notices?.booked(tester, booking, group, tx);
      afterCommit(tx, () => deps.counters?.bookings.inc());
      return staffView({ tester, booking, group }, tx);
    },

    /** A group's bookings with the names of their testers and children (the staff's booking controls); null for an unknown group. */
    async bookingsOfGroup(groupId: string) {
      const group = await base.groupByPublicId(groupId);
      if (!group) return null;
      const rows = await base.bookingsOfGroup(group.id);
      const childIds = rows.flatMap((row) => (row.childId === null ? [] : [row.childId]));
      const childNames = childIds.length && deps.childNames ? await deps.childNames(childIds) : new Map<number, string>();
      return { group, rows, childNames };
    },

    /** The booking a one-click cancel link names, for its page (decision 027): never cancels. */
    async lookUpCancelLink(token: string): Promise<CancelLinkBookingResponse> {
      const sites = await siteMap();
      const found = await findLinkedBooking(token, base);
      if (found.status !== 'found') return { status: found.status, scheduleStamps: [], noticeHours: deps.noticeHours };
      const { booking, group } = found;
      const names = await deps.studyNames([booking.studyNo]);
      const fields = groupFields(group, sites);
      return {
        status: 'succeed',
        noticeHours: deps.noticeHours,
        scheduleStamps: group.sessions.map((session) => ({
          ...fields,
          studyName: names.get(booking.studyNo) ?? '',
          scheduleStamp: session.startsAt.toISOString(),
          endStamp: session.endsAt.toISOString(),
          testerDay: session.testerDay,
          // The link is the only authority here: no names, no video link, no check-in code.
          testerID: '',
          testerName: '',
          isChildStudy: booking.childId !== null,
          childNames: '',
          videoLink: null,
          changeable: !group.isExternal && beforeNotice(booking.startsAt, now()),
          available: true,
          isThisTimeAvailable: false,
          checkInToken: '',
        })),
      };
    },

    /**
     * The language of the tester a cancel link names, for the link page's refusals (its 429): the
     * row decides, as for the e-mail the link came in; English for a token this server did not sign.
     */
    async cancelLinkLanguage(token: string): Promise<Language> {
      const data = verifyCancelLinkToken(token, deps.checkInSecret);
      return languageOf(data ? (await deps.testers.mailContact(data.testerId))?.language : null);
    },

    /**
     * Cancels the booking a one-click cancel link names, by CancelSchedule's rules (101 inside the
     * notice window, 102, failed for an external study), with the link's own refusals first.
     */
    async cancelByLink(token: string): Promise<CancelScheduleStatus | CancelLinkRefusal> {
      const data = verifyCancelLinkToken(token, deps.checkInSecret);
      if (!data) return 'invalid';
      return inTransaction(db, async (work) => {
        const tester = await deps.testers.lockForUpdate(data.testerId, work);
        if (!tester) return 'invalid';
        const found = await findLinkedBooking(token, on(work), true);
        if (found.status !== 'found') return found.status;
        // The link's page shows no account data (decision 027): the coins taken back are not told there.
        return (await cancelFound(tester, [found.booking], work)).status;
      });
    },
  };

  /**
   * The booking a staff control changes, its tester's row locked first as every booking write does,
   * then the booking's: refused when gone or, for site staff (`sites` not null), at another site.
   */
  async function lockedBooking(bookingId: number, sites: readonly string[] | null, tx: Executor) {
    const repository = on(tx);
    const seen = await repository.bookingById(bookingId);
    const tester = seen ? await deps.testers.lockForUpdate(seen.testerId, tx) : null;
    const booking = tester ? await repository.bookingByIdForUpdate(bookingId) : null;
    if (!tester || !booking) throw new StaffRefusal(BOOKING_CONTROL_TEXTS.bookingNotFound);
    const group = (await repository.groupById(booking.groupId))!;
    if (sites !== null && (group.siteId === null || !sites.includes(group.siteId))) throw new StaffRefusal(BOOKING_CONTROL_TEXTS.otherSite);
    return { tester, booking, group };
  }

  /**
   * Staff cancel a tester's booking (decision 111), inside the notice window too: the seat is freed
   * and offered to the waiting list, the scheduling credit taken back as for the tester's own cancel
   * (decision 080), and the tester e-mailed the cancellation (METHOD:CANCEL).
   */
  async function cancelBookingByStaff(bookingId: number, tx: Executor) {
    const found = await lockedBooking(bookingId, null, tx);
    if (found.group.isExternal) throw new StaffRefusal(BOOKING_CONTROL_TEXTS.external);
    const repository = on(tx);
    await repository.lockGroups([found.group.id]);
    const cancelled = await repository.cancelBooking(bookingId, now());
    if (!cancelled) throw new StaffRefusal(BOOKING_CONTROL_TEXTS.notBooked);
    afterCommit(tx, () => deps.counters?.cancellations.inc());
    await repository.releaseSeat(found.group.id);
    const coinsTakenBack = await takeBackCredit(found.tester.id, bookingId, cancelled, tx);
    await deps.notices?.cancelled(found.tester, bookingId, tx);
    await deps.offers?.offerFreedSeats(found.group.id, tx);
    return { ...(await staffView(found, tx)), coinsTakenBack };
  }

  /** What staff seating asks of a group and a person: not started, and no overlap with the person's other live bookings. */
  async function staffSeatChecks(
    testerId: string,
    childId: number | null,
    group: GroupWithSessions,
    exceptBookingId: number | null,
    tx: Executor,
  ) {
    if (group.status === 'Closed') throw new StaffRefusal(BOOKING_CONTROL_TEXTS.groupClosed(group.cell), 'groupId');
    if (group.sessions.length === 0 || firstStart(group) <= now()) throw new StaffRefusal(BOOKING_CONTROL_TEXTS.groupStarted, 'groupId');
    if (await on(tx).overlapsLiveBooking(testerId, childId, group.id, exceptBookingId))
      throw new StaffRefusal(BOOKING_CONTROL_TEXTS.overlap);
  }

  /**
   * A staff seat of the group (decision 111) by the conditional UPDATE, which also refuses a group
   * closed since it was read (a cancel committing meanwhile, decision 123): the refusal says which.
   */
  async function takeStaffSeatOf(group: GroupWithSessions, field: string | undefined, tx: Executor) {
    const repository = on(tx);
    if (await repository.takeStaffSeat(group.id)) return;
    const now = await repository.groupByPublicId(group.publicId);
    if (now?.status === 'Closed') throw new StaffRefusal(BOOKING_CONTROL_TEXTS.groupClosed(group.cell), 'groupId');
    throw new StaffRefusal(BOOKING_CONTROL_TEXTS.groupFull, field);
  }

  /** The booking as a staff control's audit row and answer name it: the tester, the child, the study and the session. */
  async function staffView(
    found: { tester: { id: string; firstName: string; lastName: string }; booking: BookingRow; group: GroupWithSessions },
    tx: Executor,
  ) {
    const { tester, booking, group } = found;
    // Read in the unit of work: the embedded database has one connection, which the transaction holds.
    const names = await deps.studyNames([booking.studyNo], tx);
    const sites = await siteMapIn(tx);
    const children = booking.childId !== null && deps.childNames ? await deps.childNames([booking.childId], tx) : new Map<number, string>();
    const testerName = `${tester.firstName} ${tester.lastName}`;
    const childName = booking.childId === null ? null : (children.get(booking.childId) ?? 'A child');
    return {
      bookingId: booking.id,
      testerId: tester.id,
      tester: testerName,
      child: childName,
      /** Who the message names: the child when the seat is theirs. */
      person: childName ?? testerName,
      study: studyLabel(booking.studyNo, names.get(booking.studyNo)),
      session: groupLabel(group, sites),
    };
  }

  async function attend(bookingId: number, tx?: Executor): Promise<{ round: number } | null> {
    return inTransaction(
      db,
      async (work) => {
        const attended = await on(work).markAttended(bookingId, now());
        if (!attended) return null;
        afterCommit(work, () => deps.counters?.attendances.inc());
        if (attended.childId === null) await deps.onTesterAttended?.(attended.testerId, work);
        return { round: attended.attendanceUndone };
      },
      tx,
    );
  }

  /** The link's booking after the link's own checks: signed here, not expired, still live, not moved since. */
  async function findLinkedBooking(token: string, repository: ReturnType<typeof on>, forUpdate = false) {
    const data = verifyCancelLinkToken(token, deps.checkInSecret);
    if (!data) return { status: 'invalid' as const };
    if (now().getTime() >= data.expiresAt.getTime()) return { status: 'expired' as const };
    const booking = forUpdate ? await repository.bookingByIdForUpdate(data.bookingId) : await repository.bookingById(data.bookingId);
    if (!booking || booking.testerId !== data.testerId) return { status: 'invalid' as const };
    if (booking.status !== 'booked') return { status: 'alreadyCancelled' as const };
    const group = (await repository.groupById(booking.groupId))!;
    if (group.publicId !== data.groupId) return { status: 'changed' as const };
    return { status: 'found' as const, booking, group };
  }

  /**
   * CancelSchedule's rules and writes for bookings already found and locked by their tester's row:
   * each booking cancelled while still live gives back the credit it paid (decision 080).
   */
  async function cancelFound(
    tester: { id: string; email: string; firstName: string; lastName: string; language: string },
    found: BookingRow[],
    work: Executor,
  ): Promise<CancelScheduleResponse> {
    const refused = (status: CancelScheduleStatus) => ({ status, coinsTakenBack: 0 });
    const repository = on(work);
    const at = now();
    for (const booking of found) {
      const group = await repository.groupById(booking.groupId);
      if (group!.isExternal) return refused('failed');
      if (!beforeNotice(booking.startsAt, at)) return refused('101');
    }
    if (checkEmail(tester.email) !== null) return refused('102');
    await repository.lockGroups(found.map((booking) => booking.groupId));
    let coinsTakenBack = 0;
    for (const booking of found) {
      const cancelled = await repository.cancelBooking(booking.id, at);
      if (!cancelled) continue;
      afterCommit(work, () => deps.counters?.cancellations.inc());
      await repository.releaseSeat(booking.groupId);
      coinsTakenBack += await takeBackCredit(tester.id, booking.id, cancelled, work);
      await deps.notices?.cancelled(tester, booking.id, work);
    }
    // The freed seats go to the people waiting for them, in the same unit of work (decision 031).
    for (const groupId of new Set(found.map((booking) => booking.groupId))) await deps.offers?.offerFreedSeats(groupId, work);
    return { status: 'succeed', coinsTakenBack };
  }

  /** The cancelled booking's scheduling credit taken back, as far as the balance holds (decision 080): the coins taken. */
  async function takeBackCredit(testerId: string, bookingId: number, paid: { creditCoins: number; creditExp: number }, work: Executor) {
    if (paid.creditCoins === 0 && paid.creditExp === 0) return 0;
    const taken = await deps.ledger.takeBack(
      {
        testerId,
        coins: paid.creditCoins,
        experience: paid.creditExp,
        reason: BOOKING_TAKE_BACK_REASON,
        reference: bookingTakeBackReference(bookingId),
      },
      work,
    );
    return taken.status === 'recorded' ? taken.coins : 0;
  }
}

export type SchedulingService = ReturnType<typeof createSchedulingService>;
