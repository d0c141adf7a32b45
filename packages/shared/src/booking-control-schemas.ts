import { z } from 'zod';
import { INTEGER_COLUMN_MAX } from './integer-column.ts';
import { text, UUID_PATTERN } from './text.ts';

/**
 * Staff's booking controls (issue 29, "What recruiting teams rely on"; decision 111): mark a
 * no-show by hand, undo an attendance, cancel or move a tester's booking, seat a tester in a group.
 * Each carries the reason the staff member typed, which the audit row keeps.
 */

export const BOOKING_CONTROL_TEXTS = {
  reasonRequired: 'Say why: the audit log keeps the reason.',
  reasonTooLong: 'Keep the reason under 500 characters.',
  bookingNotFound: 'That booking no longer exists.',
  emailInvalid: 'Enter the tester’s e-mail address.',
  testerNotFound: 'There is no tester with that e-mail address.',
  groupNotFound: 'That session group no longer exists.',
  groupIdInvalid: 'That is not a session group’s id: choose the group from the study’s list.',
  notBooked: 'This booking is no longer booked: it was checked in, cancelled or closed as a no-show.',
  notAttended: 'This booking is not checked in, so there is no attendance to undo.',
  external: 'This booking is scheduled by the client: change it with them.',
  otherStudy: 'Choose a group of the same study.',
  sameGroup: 'The tester is already in that group.',
  groupStarted: 'That group has already started: choose one still to come.',
  groupFull: 'That group has no seat left, overbooking included.',
  groupClosed: (cell: string) => `Group ${cell} is closed: open it before seating anyone.`,
  hasSchedule: 'This tester already holds a booking in this study: move it instead.',
  overlap: 'This tester has another booking at that time.',
  suspended: 'This tester is suspended after no-shows: lift the suspension first.',
  otherSite: 'This booking is not at one of your sites.',
  noShowMarked: (name: string) => `${name} is marked a no-show.`,
  attendanceUndone: (name: string, coins: number, shortfall: number) =>
    shortfall > 0
      ? `${name}’s check-in is undone: ${coins} coins taken back (${shortfall} already spent, not taken back).`
      : `${name}’s check-in is undone: ${coins} coins taken back.`,
  cancelled: (name: string) => `${name}’s booking is cancelled and they have been e-mailed.`,
  moved: (name: string) => `${name} is moved and has been e-mailed the new time.`,
  seated: (name: string) => `${name} is booked and has been e-mailed.`,
} as const;

const reasonField = text(BOOKING_CONTROL_TEXTS.reasonRequired, { error: BOOKING_CONTROL_TEXTS.reasonRequired })
  .trim()
  .min(1, BOOKING_CONTROL_TEXTS.reasonRequired)
  .max(500, BOOKING_CONTROL_TEXTS.reasonTooLong);

const bookingIdField = z
  .number({ error: BOOKING_CONTROL_TEXTS.bookingNotFound })
  .int(BOOKING_CONTROL_TEXTS.bookingNotFound)
  .positive(BOOKING_CONTROL_TEXTS.bookingNotFound)
  .max(INTEGER_COLUMN_MAX, BOOKING_CONTROL_TEXTS.bookingNotFound);

/** A group's public id is a real UUID: anything else would reach the database's uuid column as a 500. */
const groupIdField = text(BOOKING_CONTROL_TEXTS.groupIdInvalid, { error: BOOKING_CONTROL_TEXTS.groupIdInvalid }).regex(
  UUID_PATTERN,
  BOOKING_CONTROL_TEXTS.groupIdInvalid,
);

/** POST /api/staff/attendance/MarkNoShow, /api/staff/check-in/UndoAttendance and /api/staff/sessions/CancelBooking. */
export const bookingControlSchema = z.object({ bookingId: bookingIdField, reason: reasonField });
export type BookingControlPayload = z.infer<typeof bookingControlSchema>;

/** POST /api/staff/sessions/MoveBooking: into another group of the booking's study. */
export const moveBookingSchema = bookingControlSchema.extend({ groupId: groupIdField });
export type MoveBookingPayload = z.infer<typeof moveBookingSchema>;

/** POST /api/staff/sessions/SeatTester: the tester (by e-mail address) into the group, without pay. */
export const seatTesterSchema = z.object({
  groupId: groupIdField,
  email: text(BOOKING_CONTROL_TEXTS.emailInvalid, { error: BOOKING_CONTROL_TEXTS.emailInvalid })
    .trim()
    .min(3, BOOKING_CONTROL_TEXTS.emailInvalid)
    .max(254, BOOKING_CONTROL_TEXTS.emailInvalid)
    .regex(/^[^\s@]+@[^\s@]+$/, BOOKING_CONTROL_TEXTS.emailInvalid),
  reason: reasonField,
});
export type SeatTesterPayload = z.infer<typeof seatTesterSchema>;

export const bookingControlResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('succeed'), message: z.string() }),
  z.object({ status: z.literal('failed'), message: z.string(), field: z.string().optional() }),
]);
export type BookingControlResponse = z.infer<typeof bookingControlResponseSchema>;

/** GET /api/staff/sessions/GroupBookings?groupId=: the people of one group, for its controls. */
export const groupBookingsQuerySchema = z.object({ groupId: groupIdField });

export const groupBookingsResponseSchema = z.object({
  status: z.literal('succeed'),
  groupId: z.string(),
  bookings: z.array(
    z.object({
      bookingId: z.number().int(),
      testerName: z.string(),
      childName: z.string().nullable(),
      status: z.enum(['booked', 'cancelled', 'attended', 'noShow']),
    }),
  ),
});
export type GroupBookingsResponse = z.infer<typeof groupBookingsResponseSchema>;
