import { instantToWallClock, wallClockToInstant } from '@testerhub/shared/wall-clock';
import type { TestSite } from '@testerhub/shared/public-content';
import type { SessionKind } from '@testerhub/shared/schedule-schemas';
import {
  SESSION_ADMIN_TEXTS,
  type CreateGroupPayload,
  type GroupChangeResponse,
  type SessionGroupFields,
  type SetGroupStatusPayload,
  type StaffGroup,
  type StaffGroupsResponse,
  type UpdateGroupPayload,
} from '@testerhub/shared/session-admin-schemas';
import type { Database, Executor } from '../../../core/db/client.ts';
import { foreignKeyOf } from '../../../core/db/foreign-key.ts';
import { refusalAnswered, StaffRefusal } from '../../../core/audit/audited.ts';
import type { StaffPrincipal, StaffService } from '../../staff/staff-service.ts';
import { DEFAULT_TIME_ZONE } from '../schedule-mail/schedule-notices.ts';
import { createSchedulingRepository, type GroupRow, type GroupWithSessions } from '../scheduling-repository.ts';
import type { SchedulingService } from '../scheduling-service.ts';

interface SessionAdminDeps {
  scheduling: Pick<SchedulingService, 'createGroup' | 'passOnFreedSeats' | 'bookingWindow'>;
  studyNames: (studyNos: readonly number[], tx?: Executor) => Promise<Map<number, string>>;
  listTestSites: () => Promise<TestSite[]>;
  /** The staff service's audit helper: the change and its audit row commit together (decision 043). */
  audited: StaffService['audited'];
}

/** The audit rows' view of a group. */
const auditView = (group: GroupRow & { sessions?: { startsAt: Date; endsAt: Date }[] }) => ({
  groupId: group.publicId,
  studyNo: group.studyNo,
  kind: group.kind,
  siteId: group.siteId,
  videoLink: group.videoLink,
  pickUpAt: group.pickUpAt?.toISOString() ?? null,
  color: group.color,
  cell: group.cell,
  coOpCostCents: group.coOpCostCents,
  seats: group.seats,
  overbook: group.overbook,
  status: group.status,
  isExternal: group.isExternal,
  ...(group.sessions && { sessions: group.sessions.map((session) => [session.startsAt.toISOString(), session.endsAt.toISOString()]) }),
});

/** The group's foreign key to its test site (migration 0006). */
const SITE_FOREIGN_KEY = 'session_groups_site_id_test_sites_site_id_fk';

/**
 * Session groups in the staff console (issue 12 section 2; decision 051): a recruiter lists a
 * study's groups, creates, edits, opens and closes them. The seats never go below the seats taken
 * or held (one conditional UPDATE, which a racing booking's UPDATE of the same row waits for);
 * raising the seats or opening a group lets the waiting list move through scheduling's own
 * promotion (`passOnFreedSeats`, decision 031), in the change's transaction.
 */
export function createSessionAdminService(db: Database, deps: SessionAdminDeps) {
  const repository = createSchedulingRepository(db);

  async function sitesById() {
    return new Map((await deps.listTestSites()).map((site) => [site.siteId, site]));
  }
  const zoneOf = (siteId: string | null, sites: Map<string, TestSite>) =>
    (siteId ? sites.get(siteId)?.timeZone : undefined) ?? DEFAULT_TIME_ZONE;

  /** The form's values as the table stores them: instants from the site's wall clock, cents from dollars. */
  function rowValues(fields: SessionGroupFields, sites: Map<string, TestSite>) {
    const siteId = fields.siteId || null;
    if (siteId && !sites.has(siteId)) throw new StaffRefusal(SESSION_ADMIN_TEXTS.unknownSite, 'siteId');
    const zone = zoneOf(siteId, sites);
    const sessions = fields.sessions
      .map((day) => ({ startsAt: wallClockToInstant(day.date, day.start, zone), endsAt: wallClockToInstant(day.date, day.end, zone) }))
      .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    return {
      group: {
        kind: fields.kind,
        siteId,
        videoLink: fields.kind === 'inPerson' ? null : fields.videoLink,
        pickUpAt: fields.kind === 'pickUp' ? wallClockToInstant(fields.pickUpDate, fields.pickUpTime, zone) : null,
        color: fields.color,
        cell: fields.cell,
        coOpCostCents: Math.round(fields.coOpCost * 100),
        seats: fields.seats,
        ...(fields.overbook !== undefined && { overbook: fields.overbook }),
        status: fields.status,
        isExternal: fields.isExternal,
      },
      sessions,
    };
  }

  function staffView(group: GroupWithSessions, sites: Map<string, TestSite>): StaffGroup {
    const zone = zoneOf(group.siteId, sites);
    const booking = deps.scheduling.bookingWindow(group);
    const pickUp = group.pickUpAt ? instantToWallClock(group.pickUpAt, zone) : null;
    return {
      groupId: group.publicId,
      kind: group.kind as SessionKind,
      siteId: group.siteId,
      siteName: group.siteId ? (sites.get(group.siteId)?.name ?? group.siteId) : null,
      timeZone: zone,
      videoLink: group.videoLink ?? '',
      pickUpAt: group.pickUpAt?.toISOString() ?? null,
      color: group.color,
      cell: group.cell,
      coOpCost: group.coOpCostCents / 100,
      seats: group.seats,
      overbook: group.overbook,
      taken: group.taken,
      held: group.held,
      status: group.status as 'Open' | 'Closed',
      isExternal: group.isExternal,
      sessions: group.sessions.map((session) => ({
        testerDay: session.testerDay,
        startsAt: session.startsAt.toISOString(),
        endsAt: session.endsAt.toISOString(),
      })),
      bookingClosesAt: booking.closesAt?.toISOString() ?? null,
      bookingClosed: booking.closed,
      fields: {
        kind: group.kind as SessionKind,
        siteId: group.siteId,
        videoLink: group.videoLink ?? '',
        pickUpDate: pickUp?.date ?? '',
        pickUpTime: pickUp?.time ?? '',
        color: group.color,
        cell: group.cell,
        coOpCost: group.coOpCostCents / 100,
        seats: group.seats,
        overbook: group.overbook,
        status: group.status as 'Open' | 'Closed',
        isExternal: group.isExternal,
        sessions: group.sessions.map((session) => {
          const start = instantToWallClock(session.startsAt, zone);
          return { date: start.date, start: start.time, end: instantToWallClock(session.endsAt, zone).time };
        }),
      },
    };
  }

  /** Runs an audited change; a refusal answers failed with its message and writes nothing. */
  async function change(
    actor: StaffPrincipal,
    action: string,
    target: string,
    work: (
      tx: Executor,
    ) => Promise<{ before: unknown; after: unknown; result: { message: string; groupId: string; moved: boolean }; targetId?: string }>,
  ): Promise<GroupChangeResponse> {
    return refusalAnswered(async () => {
      const done = await deps.audited(actor.id, action, { type: 'session-group', id: target }, work).catch((error: unknown) => {
        // The site was removed after the form's check (decision 071): the group's foreign key refused it; nothing was written.
        if (foreignKeyOf(error) === SITE_FOREIGN_KEY) throw new StaffRefusal(SESSION_ADMIN_TEXTS.unknownSite, 'siteId');
        throw error;
      });
      return { status: 'succeed' as const, message: done.message, groupId: done.groupId };
    });
  }

  /** After a change that may have freed seats (more seats, or opened): the waiting list moves as after a cancel. */
  async function passOn(before: GroupRow, after: GroupRow, tx: Executor): Promise<boolean> {
    const freed = after.status === 'Open' && (before.status !== 'Open' || after.seats > before.seats);
    if (freed) await deps.scheduling.passOnFreedSeats([after.id], tx);
    return freed;
  }

  return {
    /** The study's groups with their seats, and the test sites to choose from. */
    async groups(studyNo: number): Promise<StaffGroupsResponse | null> {
      const names = await deps.studyNames([studyNo]);
      if (!names.has(studyNo)) return null;
      const sites = await sitesById();
      const groups = await repository.groupsOfStudy(studyNo);
      return {
        status: 'succeed',
        studyNo,
        studyName: names.get(studyNo) ?? '',
        sites: [...sites.values()].map((site) => ({ siteId: site.siteId, name: site.name, timeZone: site.timeZone })),
        groups: groups.map((group) => staffView(group, sites)),
      };
    },

    async create(actor: StaffPrincipal, input: CreateGroupPayload): Promise<GroupChangeResponse> {
      const sites = await sitesById();
      return change(actor, 'session-group.create', 'new', async (tx) => {
        if (!(await deps.studyNames([input.studyNo], tx)).has(input.studyNo)) throw new StaffRefusal(SESSION_ADMIN_TEXTS.studyNotFound);
        const { group, sessions } = rowValues(input, sites);
        const created = await deps.scheduling.createGroup({ ...group, studyNo: input.studyNo, sessions }, tx);
        return {
          before: null,
          after: auditView(created),
          targetId: created.publicId,
          result: { message: SESSION_ADMIN_TEXTS.created, groupId: created.publicId, moved: false },
        };
      });
    },

    /**
     * Every field again. The kind, site, pick-up and session times stay as they are while the group
     * holds a booking (booked, attended or no-show) or a held seat: those bookings were made for them.
     */
    async update(actor: StaffPrincipal, input: UpdateGroupPayload): Promise<GroupChangeResponse> {
      const sites = await sitesById();
      return change(actor, 'session-group.update', input.groupId, async (tx) => {
        const work = createSchedulingRepository(tx);
        const before = await work.groupForUpdate(input.groupId);
        if (!before) throw new StaffRefusal(SESSION_ADMIN_TEXTS.groupNotFound);
        const { group, sessions } = rowValues(input, sites);
        const same = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);
        const timesChanged =
          sessions.length !== before.sessions.length ||
          sessions.some((session, index) => {
            const old = before.sessions[index]!;
            return !same(session.startsAt, old.startsAt) || !same(session.endsAt, old.endsAt);
          });
        const fixedChanged =
          group.kind !== before.kind || group.siteId !== before.siteId || !same(group.pickUpAt, before.pickUpAt) || timesChanged;
        if (fixedChanged && (before.taken + before.held > 0 || (await work.groupHasBookings(before.id))))
          throw new StaffRefusal(SESSION_ADMIN_TEXTS.fixedWhileBooked);
        const after = await work.updateGroupFields(before.id, group);
        if (!after) throw new StaffRefusal(SESSION_ADMIN_TEXTS.seatsBelowBookings(before.taken + before.held), 'seats');
        if (timesChanged)
          await work.replaceSessions(
            before.id,
            sessions.map((session, index) => ({ ...session, testerDay: index + 1 })),
          );
        const moved = await passOn(before, after, tx);
        return {
          before: auditView(before),
          after: auditView({ ...after, sessions }),
          result: { message: SESSION_ADMIN_TEXTS.updated, groupId: after.publicId, moved },
        };
      });
    },

    /** Open or close: opening lets the waiting list move into the free seats. */
    async setStatus(actor: StaffPrincipal, input: SetGroupStatusPayload): Promise<GroupChangeResponse> {
      return change(actor, input.status === 'Open' ? 'session-group.open' : 'session-group.close', input.groupId, async (tx) => {
        const work = createSchedulingRepository(tx);
        const before = await work.groupForUpdate(input.groupId);
        if (!before) throw new StaffRefusal(SESSION_ADMIN_TEXTS.groupNotFound);
        const after = (await work.updateGroupFields(before.id, { status: input.status }))!;
        const moved = await passOn(before, after, tx);
        return {
          before: { groupId: before.publicId, status: before.status },
          after: { groupId: after.publicId, status: after.status },
          result: {
            message: input.status === 'Open' ? SESSION_ADMIN_TEXTS.opened : SESSION_ADMIN_TEXTS.closed,
            groupId: after.publicId,
            moved,
          },
        };
      });
    },
  };
}

export type SessionAdminService = ReturnType<typeof createSessionAdminService>;
