import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScheduleGroup, ScheduledGroupTimeRequest } from '@testerhub/shared/schedule-schemas';
import { apiPost } from '../../../lib/api';
import { scheduleKeys } from './query-keys';

/** POST /api/schedule/GetScheduledGroupTime { studyNo }: the groups of a booked study, earliest first. A read, though POST. */
export function fetchScheduledGroupTime(studyNo: number): Promise<ScheduleGroup[]> {
  const body: ScheduledGroupTimeRequest = { studyNo };
  return apiPost<ScheduleGroup[]>('/schedule/GetScheduledGroupTime', body);
}

export function scheduledGroupTimeQueryOptions(studyNo: number) {
  // Seats change quickly: always ask anew when a study is chosen.
  return queryOptions({ queryKey: scheduleKeys.groups(studyNo), queryFn: () => fetchScheduledGroupTime(studyNo), staleTime: 0 });
}

export function useScheduledGroupTime(studyNo: number | null) {
  return useQuery({ ...scheduledGroupTimeQueryOptions(studyNo ?? 0), enabled: studyNo !== null });
}
