import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentScheduleResponse } from '@testerhub/shared/schedule-schemas';
import { apiGet } from '../../../lib/api';
import { scheduleKeys } from './query-keys';

/** GET /api/schedule/GetCurrentSchedule: the tester's bookings, one stamp per session day (spec 3, section 7). */
export function fetchCurrentSchedule(): Promise<CurrentScheduleResponse> {
  return apiGet<CurrentScheduleResponse>('/schedule/GetCurrentSchedule');
}

export function currentScheduleQueryOptions() {
  return queryOptions({ queryKey: scheduleKeys.current(), queryFn: fetchCurrentSchedule });
}

export function useCurrentSchedule() {
  return useQuery(currentScheduleQueryOptions());
}
