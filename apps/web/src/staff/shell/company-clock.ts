import { COMPANY } from '@testerhub/shared/company';
import { instantToWallClock, zoneLabel } from '@testerhub/shared/wall-clock';

/**
 * What a field or list with no test site says of its zone (decisions 135 and 139): "Times are in
 * Chicago time (CST, UTC−6), the company’s clock." `what` names the values ("Dates", "Months").
 */
export const companyClockNote = (what = 'Times', at: Date = new Date()) =>
  `${what} are in ${zoneLabel(COMPANY.timeZone, at)}, the company’s clock.`;

/** Today (YYYY-MM-DD) on the zone's clock, never the browser's: the company's unless a site's is given. */
export const todayOn = (timeZone: string = COMPANY.timeZone, now: Date = new Date()) => instantToWallClock(now, timeZone).date;

/** The audit log's times (decision 135): it spans every site, so they are UTC and say so ("Nov 20, 2026, 3:00 PM UTC"). */
export const utcMoment = (iso: string) =>
  `${new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

/** A moment with no test site (an order, a sending) on the company's clock, its zone named: "Nov 20, 2026, 3:00 PM CST". */
export const companyMoment = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: COMPANY.timeZone,
    timeZoneName: 'short',
  });
