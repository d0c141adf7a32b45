import { z } from 'zod';
import { INTEGER_COLUMN_MAX } from './integer-column.ts';

/**
 * The site staff's check-in calls (issue 12 section 4; decision 048): scan a tester's QR code
 * (the signed check-in token of the schedule check page), find today's bookings by name, and mark
 * a booking attended. Under /api/staff/check-in in the spec's style.
 */

const instant = z.string();

/** POST /api/staff/check-in/Scan: the text the QR code holds. */
export const checkInScanSchema = z.object({
  token: z.string().trim().min(1, 'Scan a code or enter it.').max(2000, 'That is not a check-in code.'),
});
export type CheckInScan = z.infer<typeof checkInScanSchema>;

/** GET /api/staff/check-in/Search?name=: today's bookings at the staff member's sites. */
export const checkInSearchSchema = z.object({
  name: z.string().trim().min(2, 'Enter at least two letters of the name.').max(100, 'Enter at most 100 characters.'),
});
export type CheckInSearch = z.infer<typeof checkInSearchSchema>;

/** POST /api/staff/check-in/MarkAttended. */
export const checkInMarkSchema = z.object({ bookingId: z.number().int().positive().max(INTEGER_COLUMN_MAX) });
export type CheckInMark = z.infer<typeof checkInMarkSchema>;

export const CHECK_IN_BOOKING_STATUSES = ['booked', 'attended', 'cancelled', 'noShow'] as const;

/** One booking as the check-in page shows it: who, which study, which session, which child. */
export const checkInBookingSchema = z.object({
  bookingId: z.number().int(),
  testerName: z.string(),
  /** The tester's date of birth (YYYY-MM-DD), to compare with their photo ID; null when the tester is gone. */
  testerBirthDate: z.string().nullable(),
  /** The child this seat is for, or null for the tester's own seat. */
  childName: z.string().nullable(),
  studyNo: z.number().int(),
  studyName: z.string(),
  status: z.enum(CHECK_IN_BOOKING_STATUSES),
  siteName: z.string(),
  /** IANA zone of the site: the page shows the times in it. */
  timeZone: z.string(),
  group: z.object({ cell: z.string(), color: z.string(), kind: z.string() }),
  sessions: z.array(z.object({ testerDay: z.number().int(), startsAt: instant, endsAt: instant })),
  /** The tester's other seats in the same group (their children's, or their own for a child's code). */
  household: z.array(
    z.object({ bookingId: z.number().int(), childName: z.string().nullable(), status: z.enum(CHECK_IN_BOOKING_STATUSES) }),
  ),
});
export type CheckInBooking = z.infer<typeof checkInBookingSchema>;

export const CHECK_IN_REFUSALS = ['invalidToken', 'notFound', 'otherSite'] as const;
export type CheckInRefusal = (typeof CHECK_IN_REFUSALS)[number];

export const checkInScanResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('succeed'), booking: checkInBookingSchema }),
  z.object({ status: z.enum(CHECK_IN_REFUSALS), message: z.string() }),
]);
export type CheckInScanResponse = z.infer<typeof checkInScanResponseSchema>;

export const checkInSearchResponseSchema = z.object({ status: z.literal('succeed'), bookings: z.array(checkInBookingSchema) });
export type CheckInSearchResponse = z.infer<typeof checkInSearchResponseSchema>;

export const CHECK_IN_MARK_REFUSALS = ['notFound', 'otherSite', 'notBooked', 'tooEarly'] as const;

export const checkInMarkResponseSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('succeed'),
    booking: checkInBookingSchema,
    /** What the tester was paid for coming (0 and 0 when the study pays nothing for it). */
    coins: z.number().int(),
    experience: z.number().int(),
    message: z.string(),
  }),
  z.object({ status: z.enum(CHECK_IN_MARK_REFUSALS), message: z.string() }),
]);
export type CheckInMarkResponse = z.infer<typeof checkInMarkResponseSchema>;
