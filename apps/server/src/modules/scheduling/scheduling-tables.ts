import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { children } from '../children/children-tables.ts';
import { testSites } from '../public-content/public-content-tables.ts';
import { studies } from '../studies/study-tables.ts';
import { testers } from '../testers/tester-tables.ts';

/**
 * A group of dated sessions of a study that a tester books as one seat (decision 022): in person at
 * a test site, virtual (video link), or pick-up (curb-side pick-up at a site, then a video session).
 * `taken` counts live bookings and only moves by conditional UPDATEs, so it never passes `seats`.
 */
export const sessionGroups = pgTable(
  'session_groups',
  {
    id: serial('id').primaryKey(),
    /** What the browser sees and sends back (ProtectedGroupID): the serial key never leaves the server. */
    publicId: uuid('public_id').notNull().defaultRandom().unique(),
    studyNo: integer('study_no')
      .notNull()
      .references(() => studies.studyNo, { onDelete: 'cascade' }),
    /** Null only for a virtual group run from no site (times then shown in DEFAULT_TIME_ZONE). */
    siteId: text('site_id').references(() => testSites.siteId),
    kind: text('kind').notNull(),
    videoLink: text('video_link'),
    /** Curb-side pick-up time of a pick-up group; its sessions are the video sessions. */
    pickUpAt: timestamp('pick_up_at', { withTimezone: true }),
    color: text('color').notNull(),
    cell: text('cell').notNull(),
    /** Total compensation of the group (all days), in cents. */
    coOpCostCents: integer('co_op_cost_cents').notNull(),
    seats: integer('seats').notNull(),
    /** Seats past `seats` that only staff seating may fill (decision 111): testers see the group full at `seats`. */
    overbook: integer('overbook').notNull().default(0),
    taken: integer('taken').notNull().default(0),
    /** Seats held by live seat offers (decision 031): nobody but the offered person takes them. */
    held: integer('held').notNull().default(0),
    status: text('status').notNull().default('Open'),
    /** Scheduled by the client elsewhere: shown, never changed or cancelled here. */
    isExternal: boolean('is_external').notNull().default(false),
  },
  (table) => [
    index('session_groups_study').on(table.studyNo),
    check('session_groups_kind', sql`${table.kind} in ('inPerson', 'virtual', 'pickUp')`),
    check('session_groups_status', sql`${table.status} in ('Open', 'Closed')`),
    check('session_groups_overbook', sql`${table.overbook} >= 0`),
    check('session_groups_seats_overbooked', sql`${table.taken} >= 0 and ${table.taken} <= ${table.seats} + ${table.overbook}`),
    check(
      'session_groups_held_overbooked',
      sql`${table.held} >= 0 and ${table.taken} + ${table.held} <= ${table.seats} + ${table.overbook}`,
    ),
    check('session_groups_cost', sql`${table.coOpCostCents} >= 0`),
    check('session_groups_in_person_site', sql`${table.kind} = 'virtual' or ${table.siteId} is not null`),
    check('session_groups_video_link', sql`${table.kind} = 'inPerson' or ${table.videoLink} is not null`),
    check('session_groups_pick_up', sql`(${table.kind} = 'pickUp') = (${table.pickUpAt} is not null)`),
  ],
);

/** One dated session of a group: day `testerDay` of the group's sessions. */
export const groupSessions = pgTable(
  'group_sessions',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => sessionGroups.id, { onDelete: 'cascade' }),
    testerDay: integer('tester_day').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('group_sessions_group_day').on(table.groupId, table.testerDay),
    index('group_sessions_starts').on(table.startsAt),
    check('group_sessions_day', sql`${table.testerDay} >= 1`),
    check('group_sessions_ends_after_start', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/**
 * A tester's (or their child's) seat in a group. starts_at/ends_at copy the group's first start and
 * last end when booked (the 101 rule and the notice window read them). Live means 'booked'.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    testerId: uuid('tester_id')
      .notNull()
      .references(() => testers.id, { onDelete: 'cascade' }),
    /** Set when the seat is the tester's child's (the children module). */
    childId: integer('child_id').references(() => children.id),
    studyNo: integer('study_no')
      .notNull()
      .references(() => studies.studyNo, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => sessionGroups.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('booked'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    changedAt: timestamp('changed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Moves up with each change and the cancellation: the SEQUENCE of the booking's calendar entries (decision 027). */
    revision: integer('revision').notNull().default(0),
    /** The compensation owed for an attended booking, copied from its group's coOpCost when it is checked in (decision 048). */
    compensationCents: integer('compensation_cents'),
    /** The scheduling credit this booking paid (decision 080): what its cancellation takes back. */
    creditCoins: integer('credit_coins').notNull().default(0),
    creditExp: integer('credit_exp').notNull().default(0),
    /** Times staff undid this booking's attendance (decision 111): each round's payment and take-back has its own ledger reference. */
    attendanceUndone: integer('attendance_undone').notNull().default(0),
  },
  (table) => [
    index('bookings_tester_starts').on(table.testerId, table.startsAt),
    index('bookings_group').on(table.groupId),
    // One live booking per person (the tester, or one of their children) per study.
    uniqueIndex('bookings_one_live_per_person_study')
      .on(table.testerId, table.studyNo, sql`coalesce(${table.childId}, 0)`)
      .where(sql`${table.status} = 'booked'`),
    // The no-show sweep (decision 046) finds the live bookings that have ended.
    index('bookings_live_ends')
      .on(table.endsAt)
      .where(sql`${table.status} = 'booked'`),
    // The staff dashboard's no-show rate by week (decision 058).
    index('bookings_ended_attendance')
      .on(table.endsAt)
      .where(sql`${table.status} in ('attended', 'noShow')`),
    check('bookings_status', sql`${table.status} in ('booked', 'cancelled', 'attended', 'noShow')`),
    check('bookings_ends_after_start', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/**
 * One row per reminder sent: a booking, one of its session days, and how many hours before it
 * (REMINDER_HOURS). Inserted in the transaction that writes the reminder's outbox row, so each
 * reminder goes out once even when several server instances look for due ones (decision 027).
 */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => groupSessions.id, { onDelete: 'cascade' }),
    hoursBefore: integer('hours_before').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.bookingId, table.sessionId, table.hoursBefore] })],
);

/**
 * A freed seat offered to a person on the group's waiting list (decision 031). While `offered` it
 * holds one of the group's seats (`session_groups.held`) until `expires_at`; it ends accepted (the
 * person booked the group), expired or declined. One offer per group and person, ever: a person
 * who let an offer lapse is not offered the same group again, so the seat moves down the list.
 */
export const seatOffers = pgTable(
  'seat_offers',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => sessionGroups.id, { onDelete: 'cascade' }),
    studyNo: integer('study_no')
      .notNull()
      .references(() => studies.studyNo, { onDelete: 'cascade' }),
    testerId: uuid('tester_id')
      .notNull()
      .references(() => testers.id, { onDelete: 'cascade' }),
    /** Set when the offer is for the tester's child (decision 029: a child is a person). */
    childId: integer('child_id').references(() => children.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('offered'),
    offeredAt: timestamp('offered_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('seat_offers_once_per_group_person').on(table.groupId, table.testerId, sql`coalesce(${table.childId}, 0)`),
    // The expiry sweep's search: live offers by their end.
    index('seat_offers_live_expiry')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'offered'`),
    index('seat_offers_tester').on(table.testerId),
    check('seat_offers_status', sql`${table.status} in ('offered', 'accepted', 'expired', 'declined')`),
    check('seat_offers_expires_after_offer', sql`${table.expiresAt} > ${table.offeredAt}`),
  ],
);

/**
 * A message staff sent to a session group's or a study's people (decision 123): who, when, to whom,
 * from which template, how many were queued and how many skipped (e-mail turned off). The page's
 * request id is unique, so a retried or double-submitted send queues nobody twice.
 */
export const staffMessagesSent = pgTable(
  'staff_messages_sent',
  {
    id: serial('id').primaryKey(),
    requestId: text('request_id').notNull().unique(),
    /** The staff member who sent it (the staff module's key; kept as written when the account goes). */
    staffId: uuid('staff_id').notNull(),
    studyNo: integer('study_no')
      .notNull()
      .references(() => studies.studyNo, { onDelete: 'cascade' }),
    /** Null: the whole study's people. */
    groupId: integer('group_id').references(() => sessionGroups.id, { onDelete: 'cascade' }),
    recipients: text('recipients').notNull(),
    template: text('template').notNull(),
    subject: text('subject').notNull(),
    queued: integer('queued').notNull(),
    skipped: integer('skipped').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('staff_messages_sent_study').on(table.studyNo, table.sentAt),
    check('staff_messages_sent_recipients', sql`${table.recipients} in ('booked', 'waitlisted', 'booked-and-waitlisted')`),
  ],
);
