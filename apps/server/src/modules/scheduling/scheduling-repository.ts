import { and, asc, desc, eq, gt, inArray, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { builtOnce, builtOnceForPerson } from '../../core/db/built-once.ts';
import { resultRows, type Executor, type SqlFragment } from '../../core/db/client.ts';
import { isChild, type Person, type PersonPlaceholders } from '../../core/db/person.ts';
import { bookings, groupSessions, remindersSent, seatOffers, sessionGroups } from './scheduling-tables.ts';

export type GroupRow = typeof sessionGroups.$inferSelect;
export type SessionRow = typeof groupSessions.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;
export type NewGroup = typeof sessionGroups.$inferInsert;

export interface GroupWithSessions extends GroupRow {
  sessions: SessionRow[];
}

/** A new live booking as one statement writes it: the scheduling credit it paid is known already (decision 080). */
export interface NewLiveBooking {
  testerId: string;
  childId: number | null;
  studyNo: number;
  groupId: number;
  startsAt: Date;
  endsAt: Date;
  createdAt: Date;
  creditCoins: number;
  creditExp: number;
}

/** The person's live seat offers (decision 031), as a condition on `seat_offers`. */
const liveOffersOfPerson = (person: Person | PersonPlaceholders, now: Date | Placeholder) =>
  and(
    eq(seatOffers.testerId, person.testerId),
    isChild(seatOffers.childId, person.childId),
    eq(seatOffers.status, 'offered'),
    gt(seatOffers.expiresAt, now),
  );

/**
 * groupsForPerson's statement, built once (decision 150): the groups the ids name with their
 * sessions and, with `offered`, the ids of the groups the person holds a live seat offer of.
 */
const groupsForPersonStatement = (offered: SQL<number[]>) =>
  builtOnce((db) =>
    db
      .select({ group: sessionGroups, session: groupSessions, offered })
      .from(sessionGroups)
      .leftJoin(groupSessions, eq(groupSessions.groupId, sessionGroups.id))
      .where(sql`${sessionGroups.publicId} = any(${sql.placeholder('publicIds')}::uuid[])`)
      .orderBy(asc(sessionGroups.id), asc(groupSessions.testerDay)),
  );
/** The person's live offers as liveOffersOfPerson has them, the person and the time as placeholders (`childId` null: the tester's own). */
const groupsWithOffersStatement = groupsForPersonStatement(
  sql<number[]>`(select coalesce(json_agg(${seatOffers.groupId} order by ${seatOffers.groupId}), '[]'::json) from ${seatOffers}
    where ${seatOffers.testerId} = ${sql.placeholder('testerId')}::uuid
      and ${seatOffers.childId} is not distinct from ${sql.placeholder('childId')}::integer
      and ${seatOffers.status} = 'offered' and ${seatOffers.expiresAt} > ${sql.placeholder('now')}::timestamptz)`,
);
const groupsStatement = groupsForPersonStatement(sql<number[]>`'[]'::json`);

/** bookingStanding's statement, built once for a tester's own standing and for a child's (decision 150). */
const bookingStandingStatement = builtOnceForPerson((person) => {
  const personsBookings = and(eq(bookings.testerId, person.testerId), isChild(bookings.childId, person.childId));
  const now = sql.placeholder('now');
  return sql`
    select
      coalesce((select json_agg(json_build_object('studyNo', ${bookings.studyNo}, 'live', ${bookings.status} = 'booked'))
        from ${bookings} where ${personsBookings}), '[]'::json) as booked,
      exists (select 1 from ${bookings}
        where ${personsBookings} and ${bookings.status} = 'booked' and ${gt(bookings.startsAt, now)}) as upcoming,
      coalesce((select json_agg(${seatOffers.studyNo}) from ${seatOffers} where ${liveOffersOfPerson(person, now)}), '[]'::json)
        as offered_studies`;
});

/** bookFreeSeat's statement, built once (decision 150); `childId` null: the tester's own booking. */
const bookFreeSeatStatement = builtOnce(() => {
  const value = (name: string) => sql.placeholder(name);
  return sql`
    with live as (
      select id from ${bookings}
      where tester_id = ${value('testerId')}::uuid and study_no = ${value('studyNo')}::integer
        and coalesce(child_id, 0) = coalesce(${value('childId')}::integer, 0) and status = 'booked'
      for update
    ), clash as (
      select 1 from ${bookings} b
      join ${groupSessions} mine on mine.group_id = b.group_id
      join ${groupSessions} wanted on wanted.group_id = ${value('groupId')}::integer
      where b.tester_id = ${value('testerId')}::uuid and coalesce(b.child_id, 0) = coalesce(${value('childId')}::integer, 0)
        and b.status = 'booked' and mine.starts_at < wanted.ends_at and wanted.starts_at < mine.ends_at
      limit 1
    ), seat as (
      update ${sessionGroups} set taken = taken + 1
      where ${openWithFreeSeat(value('groupId'))} and not exists (select 1 from live) and not exists (select 1 from clash)
      returning id
    )
    insert into ${bookings} (tester_id, child_id, study_no, group_id, starts_at, ends_at, status, created_at, credit_coins, credit_exp)
    select ${value('testerId')}::uuid, ${value('childId')}::integer, ${value('studyNo')}::integer, seat.id,
      ${value('startsAt')}::timestamptz, ${value('endsAt')}::timestamptz, 'booked', ${value('createdAt')}::timestamptz,
      ${value('creditCoins')}::integer, ${value('creditExp')}::integer
    from seat
    returning id`;
});

/** Groups and their sessions read by one left join, folded back into groups (in the rows' order). */
function foldSessions(rows: readonly { group: GroupRow; session: SessionRow | null }[]): GroupWithSessions[] {
  const byId = new Map<number, GroupWithSessions>();
  for (const { group, session } of rows) {
    let folded = byId.get(group.id);
    if (!folded) byId.set(group.id, (folded = { ...group, sessions: [] }));
    if (session) folded.sessions.push(session);
  }
  return [...byId.values()];
}

/** The group is Open and has a seat neither taken nor held by a seat offer (decision 031): the condition of every seat UPDATE. */
export const openWithFreeSeat = (groupId: number | Placeholder) =>
  and(
    eq(sessionGroups.id, groupId),
    eq(sessionGroups.status, 'Open'),
    sql`${sessionGroups.taken} + ${sessionGroups.held} < ${sessionGroups.seats}`,
  );

/** Testers (themselves, not a child) who attended a session starting on or after `since`, as a subquery of `tester_id` (decision 052). */
export const attendedSinceSql = (since: Date): SqlFragment =>
  sql`select ${bookings.testerId} as tester_id from ${bookings} where ${bookings.status} = 'attended' and ${bookings.childId} is null and ${bookings.startsAt} >= ${since}`;

/**
 * Whether the person named by a row's tester and child columns holds a booked session that has not
 * started at `now`, as a condition: hasUpcomingBooking's rule (the screener's 101) for many rows at once.
 */
export const upcomingBookingOfSql = (testerId: SqlFragment, childId: SqlFragment, now: Date): SqlFragment =>
  sql`exists (select 1 from ${bookings} where ${bookings.testerId} = ${testerId} and ${bookings.childId} is not distinct from ${childId} and ${bookings.status} = 'booked' and ${bookings.startsAt} > ${now})`;

/**
 * Testers who took part in any of the studies named (numbers, or a subquery of `study_no`), as a
 * subquery of `tester_id` (decision 121): attended, or holding a booking not yet marked (ahead, or
 * awaiting check-in), for themselves or a child, in a session starting on or after `since` (null:
 * any time). A no-show or a cancelled booking is not taking part.
 */
export const tookPartInStudiesSql = (studies: readonly number[] | SqlFragment, since: Date | null): SqlFragment => {
  const inStudies = Array.isArray(studies)
    ? inArray(bookings.studyNo, [...studies])
    : sql`${bookings.studyNo} in (${studies as SqlFragment})`;
  const inWindow = since ? sql` and ${bookings.startsAt} >= ${since}` : sql``;
  return sql`select ${bookings.testerId} as tester_id from ${bookings} where ${bookings.status} in ('attended', 'booked') and ${inStudies}${inWindow}`;
};

/** Testers (themselves) holding a booking in the study, kept or not, as a subquery of `tester_id` (decision 052). */
export const bookedInStudySql = (studyNo: number): SqlFragment =>
  sql`select ${bookings.testerId} as tester_id from ${bookings} where ${bookings.studyNo} = ${studyNo} and ${bookings.childId} is null`;

export function createSchedulingRepository(db: Executor) {
  async function sessionsOf(groupIds: number[]): Promise<Map<number, SessionRow[]>> {
    const byGroup = new Map<number, SessionRow[]>();
    if (groupIds.length === 0) return byGroup;
    const rows = await db
      .select()
      .from(groupSessions)
      .where(inArray(groupSessions.groupId, groupIds))
      .orderBy(asc(groupSessions.groupId), asc(groupSessions.testerDay));
    for (const row of rows) byGroup.set(row.groupId, [...(byGroup.get(row.groupId) ?? []), row]);
    return byGroup;
  }

  async function withSessions(groups: GroupRow[]): Promise<GroupWithSessions[]> {
    const sessions = await sessionsOf(groups.map((group) => group.id));
    return groups.map((group) => ({ ...group, sessions: sessions.get(group.id) ?? [] }));
  }

  return {
    /** The session groups placed at the site and the bookings in them, kept or not (a site is removed only at 0, decision 069). */
    async countAtSite(siteId: string): Promise<{ sessionGroups: number; bookings: number }> {
      const [row] = await db
        .select({
          sessionGroups: sql<number>`cast(count(distinct ${sessionGroups.id}) as integer)`,
          bookings: sql<number>`cast(count(${bookings.id}) as integer)`,
        })
        .from(sessionGroups)
        .leftJoin(bookings, eq(bookings.groupId, sessionGroups.id))
        .where(eq(sessionGroups.siteId, siteId));
      return { sessionGroups: row?.sessionGroups ?? 0, bookings: row?.bookings ?? 0 };
    },

    /** Whether the person (the tester, or their child) holds a booked session that has not started. */
    async hasUpcomingBooking(testerId: string, now: Date, childId: number | null): Promise<boolean> {
      const rows = await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(
            eq(bookings.testerId, testerId),
            isChild(bookings.childId, childId),
            eq(bookings.status, 'booked'),
            gt(bookings.startsAt, now),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** The tester's (and their children's) attended bookings with their group's compensation, newest first. */
    async attendedWithCompensation(testerId: string) {
      return db
        .select({
          studyNo: bookings.studyNo,
          endsAt: bookings.endsAt,
          // What was owed when the person was checked in; the group's figure for bookings attended before decision 048.
          coOpCostCents: sql<number>`coalesce(${bookings.compensationCents}, ${sessionGroups.coOpCostCents})`.mapWith(Number),
        })
        .from(bookings)
        .innerJoin(sessionGroups, eq(sessionGroups.id, bookings.groupId))
        .where(and(eq(bookings.testerId, testerId), eq(bookings.status, 'attended')))
        .orderBy(desc(bookings.endsAt), desc(bookings.id));
    },

    /**
     * The check-in's bookings (decision 048) with their group: one by id, or those live or attended
     * whose group has a session starting between `from` and `to` at the sites given (every site for null).
     */
    async checkInBookings(where: { bookingId: number } | { from: Date; to: Date; siteIds: readonly string[] | null; limit: number }) {
      const query = db
        .select({
          bookingId: bookings.id,
          testerId: bookings.testerId,
          childId: bookings.childId,
          studyNo: bookings.studyNo,
          groupId: bookings.groupId,
          status: bookings.status,
          startsAt: bookings.startsAt,
          endsAt: bookings.endsAt,
          siteId: sessionGroups.siteId,
          cell: sessionGroups.cell,
          color: sessionGroups.color,
          kind: sessionGroups.kind,
        })
        .from(bookings)
        .innerJoin(sessionGroups, eq(sessionGroups.id, bookings.groupId));
      if ('bookingId' in where) return query.where(eq(bookings.id, where.bookingId)).limit(1);
      if (where.siteIds && where.siteIds.length === 0) return [];
      return query
        .where(
          and(
            inArray(bookings.status, ['booked', 'attended']),
            sql`${bookings.startsAt} < ${where.to} and ${bookings.endsAt} > ${where.from}`,
            sql`exists (select 1 from ${groupSessions} where ${groupSessions.groupId} = ${bookings.groupId}
              and ${groupSessions.startsAt} >= ${where.from} and ${groupSessions.startsAt} < ${where.to})`,
            where.siteIds ? inArray(sessionGroups.siteId, [...where.siteIds]) : undefined,
          ),
        )
        .orderBy(asc(bookings.startsAt), asc(bookings.id))
        .limit(where.limit);
    },

    /**
     * Each session starting in [from, to) with its group's study, site, cell, status and seats, and
     * the group's bookings counted by status in one statement however many sessions (a booking holds
     * a seat in the whole group, so each of the group's sessions counts it; attendance is per
     * booking). `siteIds` narrows it to those sites (null: every site and the virtual sessions).
     * The staff dashboard (decision 058) and the staff calendar (decision 120) read it.
     */
    sessionsStarting(from: Date, to: Date, siteIds: readonly string[] | null = null) {
      return db
        .select({
          sessionId: groupSessions.id,
          testerDay: groupSessions.testerDay,
          startsAt: groupSessions.startsAt,
          endsAt: groupSessions.endsAt,
          studyNo: sessionGroups.studyNo,
          siteId: sessionGroups.siteId,
          kind: sessionGroups.kind,
          cell: sessionGroups.cell,
          color: sessionGroups.color,
          status: sessionGroups.status,
          seats: sessionGroups.seats,
          taken: sessionGroups.taken,
          held: sessionGroups.held,
          overbook: sessionGroups.overbook,
          booked: sql<number>`(count(*) filter (where ${bookings.status} = 'booked'))::int`,
          attended: sql<number>`(count(*) filter (where ${bookings.status} = 'attended'))::int`,
          noShow: sql<number>`(count(*) filter (where ${bookings.status} = 'noShow'))::int`,
        })
        .from(groupSessions)
        .innerJoin(sessionGroups, eq(sessionGroups.id, groupSessions.groupId))
        .leftJoin(bookings, eq(bookings.groupId, sessionGroups.id))
        .where(
          and(
            sql`${groupSessions.startsAt} >= ${from} and ${groupSessions.startsAt} < ${to}`,
            siteIds ? inArray(sessionGroups.siteId, [...siteIds]) : undefined,
          ),
        )
        .groupBy(groupSessions.id, sessionGroups.id)
        .orderBy(asc(groupSessions.startsAt), asc(groupSessions.id));
    },

    /** Seats and bookings of each study's Open groups that have a session still to start (decision 058). */
    filling(now: Date) {
      return db
        .select({
          studyNo: sessionGroups.studyNo,
          seats: sql<number>`sum(${sessionGroups.seats})::int`,
          taken: sql<number>`sum(${sessionGroups.taken})::int`,
        })
        .from(sessionGroups)
        .where(
          and(
            eq(sessionGroups.status, 'Open'),
            sql`exists (select 1 from ${groupSessions} where ${groupSessions.groupId} = ${sessionGroups.id} and ${groupSessions.startsAt} > ${now})`,
          ),
        )
        .groupBy(sessionGroups.studyNo);
    },

    /** Attended and no-show bookings by the week (Monday, in `timeZone`) their last session ended, from `from` on. */
    async attendanceByWeek(from: Date, timeZone: string) {
      const week = sql`date_trunc('week', ${bookings.endsAt} at time zone ${timeZone})::date::text`;
      return (
        db
          .select({
            weekStart: sql<string>`${week}`,
            attended: sql<number>`count(*) filter (where ${bookings.status} = 'attended')::int`,
            noShow: sql<number>`count(*) filter (where ${bookings.status} = 'noShow')::int`,
          })
          .from(bookings)
          .where(and(inArray(bookings.status, ['attended', 'noShow']), sql`${bookings.endsAt} >= ${from}`))
          // By position: the week expression's time zone is a parameter, so a repeat would not match it.
          .groupBy(sql`1`)
      );
    },

    /**
     * Attended bookings checked in during [from, to) per study, with the compensation owed for them
     * (decision 122): what was copied at check-in, or the group's figure for bookings attended
     * before decision 048. A check-in's time is the booking's change time (an undone one is booked
     * again, so it counts nowhere), the session's end when an old row has none.
     */
    async compensationByStudy(from: Date, to: Date) {
      const checkedInAt = sql`coalesce(${bookings.changedAt}, ${bookings.endsAt})`;
      return db
        .select({
          studyNo: bookings.studyNo,
          attended: sql<number>`count(*)::int`,
          compensationCents: sql<number>`coalesce(sum(coalesce(${bookings.compensationCents}, ${sessionGroups.coOpCostCents})), 0)::int`,
        })
        .from(bookings)
        .innerJoin(sessionGroups, eq(sessionGroups.id, bookings.groupId))
        .where(and(eq(bookings.status, 'attended'), sql`${checkedInAt} >= ${from}`, sql`${checkedInAt} < ${to}`))
        .groupBy(bookings.studyNo);
    },

    /** The study of each booking, by id. */
    async studiesOfBookings(bookingIds: readonly number[]) {
      if (bookingIds.length === 0) return [];
      return db
        .select({ bookingId: bookings.id, studyNo: bookings.studyNo })
        .from(bookings)
        .where(inArray(bookings.id, [...bookingIds]));
    },

    /**
     * A study's funnel from its bookings (decision 122), in one statement: the people (a tester, or
     * a child) who hold or held a seat that was not cancelled, and those who attended or did not come.
     */
    async bookingFunnel(studyNo: number) {
      const person = sql`(${bookings.testerId}, coalesce(${bookings.childId}, 0))`;
      const [row] = await db
        .select({
          booked: sql<number>`count(distinct ${person}) filter (where ${bookings.status} <> 'cancelled')::int`,
          attended: sql<number>`count(distinct ${person}) filter (where ${bookings.status} = 'attended')::int`,
          noShow: sql<number>`count(distinct ${person}) filter (where ${bookings.status} = 'noShow')::int`,
        })
        .from(bookings)
        .where(eq(bookings.studyNo, studyNo));
      return row!;
    },

    /** The sessions of the groups, by group and day. */
    sessionsOfGroups(groupIds: readonly number[]) {
      if (groupIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          groupId: groupSessions.groupId,
          testerDay: groupSessions.testerDay,
          startsAt: groupSessions.startsAt,
          endsAt: groupSessions.endsAt,
        })
        .from(groupSessions)
        .where(inArray(groupSessions.groupId, [...groupIds]))
        .orderBy(asc(groupSessions.groupId), asc(groupSessions.testerDay));
    },

    /** The seats (not cancelled) of the testers in the groups. */
    seatsInGroups(testerIds: readonly string[], groupIds: readonly number[]) {
      if (groupIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          bookingId: bookings.id,
          testerId: bookings.testerId,
          groupId: bookings.groupId,
          childId: bookings.childId,
          status: bookings.status,
        })
        .from(bookings)
        .where(
          and(inArray(bookings.testerId, [...testerIds]), inArray(bookings.groupId, [...groupIds]), sql`${bookings.status} <> 'cancelled'`),
        )
        .orderBy(asc(bookings.id));
    },

    async hasAttended(testerId: string): Promise<boolean> {
      const rows = await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.testerId, testerId), isNull(bookings.childId), eq(bookings.status, 'attended')))
        .limit(1);
      return rows.length > 0;
    },

    /**
     * Bookings still booked whose last session ended before `endedBefore` become no-shows (decision
     * 046); each is changed once, whoever runs it. Returns the changed bookings' testers and ends.
     */
    markNoShows(endedBefore: Date, at: Date) {
      return db
        .update(bookings)
        .set({ status: 'noShow', changedAt: at })
        .where(and(eq(bookings.status, 'booked'), sql`${bookings.endsAt} < ${endedBefore}`))
        .returning({ testerId: bookings.testerId, childId: bookings.childId, endsAt: bookings.endsAt });
    },

    /** The no-shows of the tester's account (their own and their children's) whose sessions ended after `since`. */
    async noShowsSince(testerId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(bookings)
        .where(and(eq(bookings.testerId, testerId), eq(bookings.status, 'noShow'), gt(bookings.endsAt, since)));
      return row?.count ?? 0;
    },

    async insertGroup(group: NewGroup, sessions: { testerDay: number; startsAt: Date; endsAt: Date }[]): Promise<GroupWithSessions> {
      const [row] = await db.insert(sessionGroups).values(group).returning();
      const inserted = await db
        .insert(groupSessions)
        .values(sessions.map((session) => ({ ...session, groupId: row!.id })))
        .returning();
      return { ...row!, sessions: inserted.sort((a, b) => a.testerDay - b.testerDay) };
    },

    async groupByPublicId(publicId: string): Promise<GroupWithSessions | null> {
      const [row] = await db.select().from(sessionGroups).where(eq(sessionGroups.publicId, publicId)).limit(1);
      return row ? (await withSessions([row]))[0]! : null;
    },

    async groupById(id: number): Promise<GroupWithSessions | null> {
      const [row] = await db.select().from(sessionGroups).where(eq(sessionGroups.id, id)).limit(1);
      return row ? (await withSessions([row]))[0]! : null;
    },

    /** The study's groups with their sessions, earliest first. */
    async groupsOfStudy(studyNo: number): Promise<GroupWithSessions[]> {
      const rows = await db.select().from(sessionGroups).where(eq(sessionGroups.studyNo, studyNo)).orderBy(asc(sessionGroups.id));
      const groups = await withSessions(rows);
      const first = (group: GroupWithSessions) => group.sessions[0]?.startsAt.getTime() ?? 0;
      return groups.sort((a, b) => first(a) - first(b) || a.id - b.id);
    },

    /** The studies' groups with their sessions (self-schedule's choices). */
    async groupsOfStudies(studyNos: readonly number[]): Promise<GroupWithSessions[]> {
      if (studyNos.length === 0) return [];
      const rows = await db
        .select()
        .from(sessionGroups)
        .where(inArray(sessionGroups.studyNo, [...studyNos]))
        .orderBy(asc(sessionGroups.id));
      return withSessions(rows);
    },

    /**
     * The groups the ids name with their sessions, and the groups the person holds a live seat offer
     * of (all of them, decision 031; none without a person), in one statement: a booking's read (issue 27).
     */
    async groupsForPerson(
      publicIds: readonly string[],
      person: Person | null,
      now: Date,
    ): Promise<{ groups: GroupWithSessions[]; offeredGroupIds: number[] }> {
      if (publicIds.length === 0) return { groups: [], offeredGroupIds: [] };
      const rows = person
        ? await groupsWithOffersStatement(db, { publicIds, testerId: person.testerId, childId: person.childId, now })
        : await groupsStatement(db, { publicIds });
      return { groups: foldSessions(rows), offeredGroupIds: rows[0]?.offered ?? [] };
    },

    /**
     * What self-schedule reads of the person's bookings and seat offers, in one statement (issue 27):
     * each booking's study and whether it is live, whether a booked session is still to start (the
     * 101 rule), and the studies of the person's live seat offers (decision 031).
     */
    async bookingStanding(
      person: Person,
      now: Date,
    ): Promise<{ booked: { studyNo: number; live: boolean }[]; upcoming: boolean; offeredStudies: number[] }> {
      const [row] = resultRows<{ booked: { studyNo: number; live: boolean }[]; upcoming: boolean; offered_studies: number[] }>(
        await bookingStandingStatement(db, person, { now }),
      );
      return { booked: row!.booked, upcoming: row!.upcoming, offeredStudies: row!.offered_studies };
    },

    /**
     * Books the person into a free seat of the group in one statement (issue 27), or answers null:
     * the seat is taken by the conditional UPDATE of every seat write, and only while the person holds
     * no live booking in the study (locked, as liveBookingForUpdate does) and none whose sessions
     * overlap the group's. The caller has locked the tester's row; it asks why after a null.
     */
    async bookFreeSeat(booking: NewLiveBooking): Promise<BookingRow | null> {
      const { testerId, childId, studyNo, groupId } = booking;
      const rows = resultRows<{ id: number }>(
        await bookFreeSeatStatement(db, {
          testerId,
          childId,
          studyNo,
          groupId,
          startsAt: booking.startsAt.toISOString(),
          endsAt: booking.endsAt.toISOString(),
          createdAt: booking.createdAt.toISOString(),
          creditCoins: booking.creditCoins,
          creditExp: booking.creditExp,
        }),
      );
      const [row] = rows;
      if (!row) return null;
      // The row as written: the columns left out keep their defaults.
      return {
        ...booking,
        id: Number(row.id),
        status: 'booked',
        changedAt: null,
        cancelledAt: null,
        revision: 0,
        compensationCents: null,
        attendanceUndone: 0,
      };
    },

    /** Locks the groups' rows in key order (two changes in opposite directions then wait instead of deadlocking). */
    async lockGroups(ids: number[]): Promise<void> {
      await db
        .select({ id: sessionGroups.id })
        .from(sessionGroups)
        .where(inArray(sessionGroups.id, ids))
        .orderBy(asc(sessionGroups.id))
        .for('update');
    },

    /** Takes a seat of an open group with one free (neither taken nor held): true when taken. */
    async takeSeat(groupId: number): Promise<boolean> {
      const rows = await db
        .update(sessionGroups)
        .set({ taken: sql`${sessionGroups.taken} + 1` })
        .where(openWithFreeSeat(groupId))
        .returning({ id: sessionGroups.id });
      return rows.length === 1;
    },

    /**
     * Staff seating (decision 111): a seat of a group not scheduled elsewhere, within its seats and
     * its overbooking, whether it is open to testers or not. One conditional UPDATE: true when taken.
     */
    async takeStaffSeat(groupId: number): Promise<boolean> {
      const rows = await db
        .update(sessionGroups)
        .set({ taken: sql`${sessionGroups.taken} + 1` })
        .where(
          and(
            eq(sessionGroups.id, groupId),
            eq(sessionGroups.isExternal, false),
            // A Closed group (a cancelled one, decision 123) stays empty, also when it closed while this waited.
            eq(sessionGroups.status, 'Open'),
            sql`${sessionGroups.taken} + ${sessionGroups.held} < ${sessionGroups.seats} + ${sessionGroups.overbook}`,
          ),
        )
        .returning({ id: sessionGroups.id });
      return rows.length === 1;
    },

    async releaseSeat(groupId: number): Promise<void> {
      await db
        .update(sessionGroups)
        .set({ taken: sql`${sessionGroups.taken} - 1` })
        .where(and(eq(sessionGroups.id, groupId), gt(sessionGroups.taken, 0)));
    },

    /**
     * Whether a live booking of the person (the tester, or the child) has a session overlapping one of
     * the group's, leaving out `exceptBookingId` (the booking a change replaces).
     */
    async overlapsLiveBooking(testerId: string, childId: number | null, groupId: number, exceptBookingId: number | null): Promise<boolean> {
      const result = await db.execute(sql`
        select 1 as hit
        from ${bookings} b
        join ${groupSessions} mine on mine.group_id = b.group_id
        join ${groupSessions} wanted on wanted.group_id = ${groupId}
        where b.tester_id = ${testerId}
          and coalesce(b.child_id, 0) = ${childId ?? 0}
          and b.status = 'booked'
          and b.id <> ${exceptBookingId ?? 0}
          and mine.starts_at < wanted.ends_at and wanted.starts_at < mine.ends_at
        limit 1`);
      return resultRows(result).length > 0;
    },

    /** The person's live booking in the study, locked until the transaction ends. */
    async liveBookingForUpdate(testerId: string, studyNo: number, childId: number | null): Promise<BookingRow | null> {
      const [row] = await db
        .select()
        .from(bookings)
        .where(
          and(
            eq(bookings.testerId, testerId),
            eq(bookings.studyNo, studyNo),
            sql`coalesce(${bookings.childId}, 0) = ${childId ?? 0}`,
            eq(bookings.status, 'booked'),
          ),
        )
        .limit(1)
        .for('update');
      return row ?? null;
    },

    /** Every booking of the tester and their children, for the tester's data export (decision 040). */
    exportOf(testerId: string): Promise<BookingRow[]> {
      return db.select().from(bookings).where(eq(bookings.testerId, testerId)).orderBy(asc(bookings.id));
    },

    /** The tester's (and their children's) live bookings, in every study. */
    liveBookingsOf(testerId: string): Promise<BookingRow[]> {
      return db
        .select()
        .from(bookings)
        .where(and(eq(bookings.testerId, testerId), eq(bookings.status, 'booked')));
    },

    async liveBookingsOfStudy(testerId: string, studyNo: number): Promise<BookingRow[]> {
      return db
        .select()
        .from(bookings)
        .where(and(eq(bookings.testerId, testerId), eq(bookings.studyNo, studyNo), eq(bookings.status, 'booked')));
    },

    /**
     * Marks a booked session attended (a conditional UPDATE: once); null when it is not booked. The
     * compensation owed is copied from the group in the same statement (decision 048).
     */
    async markAttended(bookingId: number, at: Date): Promise<BookingRow | null> {
      const [row] = await db
        .update(bookings)
        .set({
          status: 'attended',
          changedAt: at,
          compensationCents: sql`(select ${sessionGroups.coOpCostCents} from ${sessionGroups} where ${sessionGroups.id} = ${bookings.groupId})`,
        })
        .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'booked')))
        .returning();
      return row ?? null;
    },

    /** A booked session closed as a no-show by staff (decision 111): once, like the sweep's; null when it is not booked. */
    async markNoShow(bookingId: number, at: Date): Promise<BookingRow | null> {
      const [row] = await db
        .update(bookings)
        .set({ status: 'noShow', changedAt: at })
        .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'booked')))
        .returning();
      return row ?? null;
    },

    /**
     * An attended booking back to booked (decision 111): once per check-in, its compensation owed
     * cleared and its round counted, so the next check-in's payment has a reference of its own.
     * Null when it is not attended.
     */
    async undoAttendance(bookingId: number, at: Date): Promise<BookingRow | null> {
      const [row] = await db
        .update(bookings)
        .set({ status: 'booked', changedAt: at, compensationCents: null, attendanceUndone: sql`${bookings.attendanceUndone} + 1` })
        .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'attended')))
        .returning();
      return row ?? null;
    },

    /** The group's bookings of every status, oldest first (the staff's booking controls). */
    /** The live bookings of a study with their groups, oldest first. */
    liveBookingsInStudy(studyNo: number) {
      return db
        .select({ bookingId: bookings.id, testerId: bookings.testerId, childId: bookings.childId, groupId: bookings.groupId })
        .from(bookings)
        .where(and(eq(bookings.studyNo, studyNo), eq(bookings.status, 'booked')))
        .orderBy(asc(bookings.id));
    },

    bookingsOfGroup(groupId: number) {
      return db
        .select({ bookingId: bookings.id, testerId: bookings.testerId, childId: bookings.childId, status: bookings.status })
        .from(bookings)
        .where(eq(bookings.groupId, groupId))
        .orderBy(asc(bookings.id));
    },

    async insertBooking(booking: typeof bookings.$inferInsert): Promise<BookingRow> {
      const [row] = await db.insert(bookings).values(booking).returning();
      return row!;
    },

    async moveBooking(bookingId: number, group: { id: number; startsAt: Date; endsAt: Date }, now: Date): Promise<void> {
      await db
        .update(bookings)
        .set({ groupId: group.id, startsAt: group.startsAt, endsAt: group.endsAt, changedAt: now, revision: sql`${bookings.revision} + 1` })
        .where(eq(bookings.id, bookingId));
    },

    /** The booking cancelled if it was still live: what it paid, or null when it was not live. */
    async cancelBooking(bookingId: number, now: Date): Promise<{ creditCoins: number; creditExp: number } | null> {
      const [row] = await db
        .update(bookings)
        .set({ status: 'cancelled', cancelledAt: now, revision: sql`${bookings.revision} + 1` })
        .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'booked')))
        .returning({ creditCoins: bookings.creditCoins, creditExp: bookings.creditExp });
      return row ?? null;
    },

    async bookingById(bookingId: number): Promise<BookingRow | null> {
      const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
      return row ?? null;
    },

    /** The booking, locked until the transaction ends (a cancel link and a change of the same booking wait for each other). */
    async bookingByIdForUpdate(bookingId: number): Promise<BookingRow | null> {
      const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1).for('update');
      return row ?? null;
    },

    /**
     * Reminders due at `now` (decision 027): for each kind (hours before), the session days of live
     * bookings that start after `now` and within that many hours, booked or last changed before the
     * reminder's moment, and not yet reminded of. A missed reminder is still due until its session starts.
     */
    async dueReminders(now: Date, hours: readonly number[], limit: number) {
      if (hours.length === 0) return [];
      const horizon = new Date(now.getTime() + Math.max(...hours) * 3_600_000);
      const result = await db.execute(sql`
        select b.id as booking_id, b.tester_id, s.id as session_id, h.hours
        from ${groupSessions} s
        join ${bookings} b on b.group_id = s.group_id and b.status = 'booked'
        cross join unnest(${sql.raw(`array[${hours.map((hour) => Math.trunc(hour)).join(',')}]::int[]`)}) as h(hours)
        where s.starts_at > ${now} and s.starts_at <= ${horizon}
          and s.starts_at - make_interval(hours => h.hours) <= ${now}
          and coalesce(b.changed_at, b.created_at) < s.starts_at - make_interval(hours => h.hours)
          and not exists (
            select 1 from ${remindersSent} r
            where r.booking_id = b.id and r.session_id = s.id and r.hours_before = h.hours)
        order by s.starts_at, b.id
        limit ${limit}`);
      return resultRows<{ booking_id: number; tester_id: string; session_id: number; hours: number }>(result).map((row) => ({
        bookingId: row.booking_id,
        testerId: row.tester_id,
        sessionId: row.session_id,
        hours: row.hours,
      }));
    },

    /** Records reminders as sent; answers the kinds this call recorded (none when another instance did first). */
    async recordReminders(bookingId: number, sessionId: number, hours: readonly number[], now: Date): Promise<number[]> {
      const rows = await db
        .insert(remindersSent)
        .values(hours.map((hoursBefore) => ({ bookingId, sessionId, hoursBefore, sentAt: now })))
        .onConflictDoNothing()
        .returning({ hoursBefore: remindersSent.hoursBefore });
      return rows.map((row) => row.hoursBefore);
    },

    /** The group by its public key, its row locked until the transaction ends (the staff's edits, decision 051). */
    async groupForUpdate(publicId: string): Promise<GroupWithSessions | null> {
      const [row] = await db.select().from(sessionGroups).where(eq(sessionGroups.publicId, publicId)).limit(1).for('update');
      return row ? (await withSessions([row]))[0]! : null;
    },

    /**
     * The staff's edit of a group's fields (decision 051): one conditional UPDATE, so the seats (with
     * the overbooking, decision 111) never go below the seats taken or held at the moment it runs, even when a booking races it (the
     * booking's own UPDATE of the row waits for this one, or this one for it). Null when refused.
     */
    async updateGroupFields(id: number, fields: Partial<Omit<NewGroup, 'id' | 'publicId' | 'studyNo' | 'taken' | 'held'>>) {
      const seats = fields.seats;
      const [row] = await db
        .update(sessionGroups)
        .set(fields)
        .where(
          and(
            eq(sessionGroups.id, id),
            seats === undefined && fields.overbook === undefined
              ? undefined
              : sql`${sessionGroups.taken} + ${sessionGroups.held} <= ${seats === undefined ? sessionGroups.seats : sql`${seats}::integer`} + ${
                  fields.overbook === undefined ? sessionGroups.overbook : sql`${fields.overbook}::integer`
                }`,
          ),
        )
        .returning();
      return row ?? null;
    },

    /** Replaces the group's session days (only while it holds no bookings: decision 051). */
    async replaceSessions(groupId: number, sessions: { testerDay: number; startsAt: Date; endsAt: Date }[]): Promise<void> {
      await db.delete(groupSessions).where(eq(groupSessions.groupId, groupId));
      await db.insert(groupSessions).values(sessions.map((session) => ({ ...session, groupId })));
    },

    /** Whether any booking of the group is not cancelled (booked, attended or no-show): its times are then history. */
    async groupHasBookings(groupId: number): Promise<boolean> {
      const rows = await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.groupId, groupId), sql`${bookings.status} <> 'cancelled'`))
        .limit(1);
      return rows.length > 0;
    },

    /** The study's bookings of every status, oldest first, after `afterId` (the staff's results and export pages through them). */
    bookingsOfStudy(studyNo: number, afterId: number, limit: number) {
      return db
        .select({
          bookingId: bookings.id,
          testerId: bookings.testerId,
          childId: bookings.childId,
          groupId: bookings.groupId,
          status: bookings.status,
          createdAt: bookings.createdAt,
        })
        .from(bookings)
        .where(and(eq(bookings.studyNo, studyNo), gt(bookings.id, afterId)))
        .orderBy(asc(bookings.id))
        .limit(limit);
    },

    /** The tester's live bookings (theirs and their children's) that have not ended, with their groups and sessions. */
    async currentBookings(testerId: string, now: Date): Promise<{ booking: BookingRow; group: GroupWithSessions }[]> {
      const rows = await db
        .select({ booking: bookings, group: sessionGroups })
        .from(bookings)
        .innerJoin(sessionGroups, eq(sessionGroups.id, bookings.groupId))
        .where(and(eq(bookings.testerId, testerId), eq(bookings.status, 'booked'), gt(bookings.endsAt, now)))
        .orderBy(asc(bookings.startsAt), asc(bookings.id));
      const groups = await withSessions(rows.map((row) => row.group));
      return rows.map((row, index) => ({ booking: row.booking, group: groups[index]! }));
    },
  };
}
