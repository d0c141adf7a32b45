import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScheduleIndexResponse } from '@testerhub/shared/schedule-schemas';
import { apiGet } from '../../../lib/api';
import { scheduleKeys } from './query-keys';

/** GET /api/schedule/Index: the booked stamps the change page picks a study from (spec 3, section 7). */
export function fetchScheduleIndex(): Promise<ScheduleIndexResponse> {
  return apiGet<ScheduleIndexResponse>('/schedule/Index');
}

export function scheduleIndexQueryOptions() {
  return queryOptions({ queryKey: scheduleKeys.index(), queryFn: fetchScheduleIndex });
}

export function useScheduleIndex() {
  return useQuery(scheduleIndexQueryOptions());
}
