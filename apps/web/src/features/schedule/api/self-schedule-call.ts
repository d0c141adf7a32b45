import { apiPost } from '../../../lib/api';
import { markScheduleSessionExpired } from '../../../lib/expired-schedule-session';
import { isUnauthenticated } from '../../../lib/request-error';

/**
 * The self-schedule calls. A 401 leaves the expired-session cookie before the portal's one 401
 * rule takes the tester to login (decision 012), so the login page explains why and the link's
 * parameters, untouched in sessionStorage, are still there afterwards (decision 025).
 */
async function remembered<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isUnauthenticated(error)) markScheduleSessionExpired();
    throw error;
  }
}

export function selfSchedulePost<T>(path: string, body: unknown): Promise<T> {
  return remembered(apiPost<T>(path, body));
}
