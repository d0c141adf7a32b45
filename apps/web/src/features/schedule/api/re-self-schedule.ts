import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReSelfScheduleResponse } from '@testerhub/shared/self-schedule-schemas';
import { apiGet } from '../../../lib/api';
import { scheduleKeys } from './query-keys';

/** GET /api/schedule/ReSelfSchedule: the self-schedule address of the tester's next waiting study ('' if none) and a detail. */
export function fetchReSelfSchedule(): Promise<ReSelfScheduleResponse> {
  return apiGet<ReSelfScheduleResponse>('/schedule/ReSelfSchedule');
}

export function reSelfScheduleQueryOptions() {
  return queryOptions({ queryKey: scheduleKeys.reSelf(), queryFn: fetchReSelfSchedule });
}

export function useReSelfSchedule(enabled: boolean) {
  return useQuery({ ...reSelfScheduleQueryOptions(), enabled });
}
