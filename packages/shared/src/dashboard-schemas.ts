import { z } from 'zod';

/**
 * The staff console's dashboard (issue 12 section 6; decision 058): today's sessions per site
 * with their check-ins, the studies filling, and sign-ups and the no-show rate by week.
 * GET /api/staff/Dashboard, for every staff member.
 */

/** How many weeks the charts cover, this week included. */
export const DASHBOARD_WEEKS = 12;

export const SESSION_KINDS = ['inPerson', 'virtual', 'pickUp'] as const;

export const dashboardSessionSchema = z.object({
  sessionId: z.number().int(),
  studyNo: z.number().int(),
  studyName: z.string(),
  kind: z.enum(SESSION_KINDS),
  testerDay: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  seats: z.number().int(),
  /** The group's bookings by state: still booked, checked in, and marked no-show. */
  booked: z.number().int(),
  attended: z.number().int(),
  noShow: z.number().int(),
});
export type DashboardSession = z.infer<typeof dashboardSessionSchema>;

export const dashboardResponseSchema = z.object({
  status: z.literal('succeed'),
  /** The company's time zone, in which the weeks are counted. */
  timeZone: z.string(),
  /** Each site's sessions starting today in the site's own time zone; null siteId: virtual sessions run from no site. */
  sites: z.array(
    z.object({
      siteId: z.string().nullable(),
      name: z.string(),
      timeZone: z.string(),
      day: z.string(),
      sessions: z.array(dashboardSessionSchema),
    }),
  ),
  /** Open studies with sessions still to come: seats and bookings over their Open groups, fullest first. */
  studiesFilling: z.array(
    z.object({
      studyNo: z.number().int(),
      studyName: z.string(),
      seats: z.number().int(),
      taken: z.number().int(),
      percent: z.number().int(),
    }),
  ),
  /** One entry per week, oldest first, the current week last. */
  signUps: z.array(z.object({ weekStart: z.string(), count: z.number().int() })),
  /** No-shows of the bookings whose sessions ended in the week; percent null when none ended. */
  noShows: z.array(
    z.object({ weekStart: z.string(), attended: z.number().int(), noShow: z.number().int(), percent: z.number().int().nullable() }),
  ),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

/** noShow / (attended + noShow) in whole percent, or null when no booking ended. */
export function noShowPercent(attended: number, noShow: number): number | null {
  const ended = attended + noShow;
  return ended === 0 ? null : Math.round((noShow / ended) * 100);
}
