import { readCookie, writeCookie } from './cookies';

/** Left by an expired self-scheduling session (spec 2, section 2); the account root shows its notice. */
export const EXPIRED_SCHEDULE_COOKIE = 'expiredScheduleSession';

/** A self-schedule call met a 401: the login page that follows explains why (spec 3, section 8). */
export function markScheduleSessionExpired(): void {
  writeCookie(EXPIRED_SCHEDULE_COOKIE, '1', 1);
}

export function scheduleSessionExpired(): boolean {
  return typeof document !== 'undefined' && readCookie(EXPIRED_SCHEDULE_COOKIE) !== undefined;
}

/** The notice was read: it is not shown again. */
export function forgetScheduleSessionExpired(): void {
  writeCookie(EXPIRED_SCHEDULE_COOKIE, '', -1);
}
