import { z } from 'zod';
import { CANCEL_SCHEDULE_STATUSES, scheduleStampSchema } from './schedule-schemas.ts';

/**
 * The one-click cancel link of the booking e-mails (decision 027): /community/cancel?c=<token>.
 * The page reads the booking with GetCancelLinkBooking and cancels only when the tester presses
 * Cancel (CancelByLink): a GET never cancels, since mail scanners follow links.
 */

/** The signed token of the link: base64url payload, a dot, base64url signature. */
export const cancelLinkTokenSchema = z
  .string({ error: 'The cancel link is missing its code.' })
  .min(1, 'The cancel link is missing its code.')
  .max(1000, 'The cancel link is not valid.')
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'The cancel link is not valid.');

/** POST /api/schedule/GetCancelLinkBooking and POST /api/schedule/CancelByLink: body { token }. */
export const cancelLinkRequestSchema = z.object({ token: cancelLinkTokenSchema });
export type CancelLinkRequest = z.infer<typeof cancelLinkRequestSchema>;

/**
 * The link's own refusals: invalid (not signed here, or not this booking's), expired (the first
 * session has started), alreadyCancelled (no longer booked: a replay, or cancelled elsewhere),
 * changed (the booking moved to another time since the e-mail; the newer e-mail has a new link).
 */
export const CANCEL_LINK_REFUSALS = ['invalid', 'expired', 'alreadyCancelled', 'changed'] as const;
export type CancelLinkRefusal = (typeof CANCEL_LINK_REFUSALS)[number];

/** GetCancelLinkBooking: the booking's session days (no names, video link or check-in code), or a refusal. */
export const cancelLinkBookingResponseSchema = z.object({
  status: z.enum(['succeed', ...CANCEL_LINK_REFUSALS]),
  scheduleStamps: z.array(scheduleStampSchema),
  /** Hours before the first session after which cancelling is by phone only (configuration). */
  noticeHours: z.number().int(),
});
export type CancelLinkBookingResponse = z.infer<typeof cancelLinkBookingResponseSchema>;

/** CancelByLink: CancelSchedule's statuses ('101' inside the notice window ...) or a refusal of the link. */
export const cancelByLinkResponseSchema = z.object({ status: z.enum([...CANCEL_SCHEDULE_STATUSES, ...CANCEL_LINK_REFUSALS]) });
export type CancelByLinkResponse = z.infer<typeof cancelByLinkResponseSchema>;
