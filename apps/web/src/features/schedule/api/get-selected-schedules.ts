import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SelectedSchedulesRequest, SelectedSchedulesResponse } from '@testerhub/shared/self-schedule-schemas';
import { scheduleKeys } from './query-keys';
import { selfSchedulePost } from './self-schedule-call';

/** POST /api/schedule/GetSelectedSchedules: the stored link { Study, Tester, Data }, or {} for every waiting study. A read, though POST. */
export function fetchSelectedSchedules(body: SelectedSchedulesRequest): Promise<SelectedSchedulesResponse> {
  return selfSchedulePost<SelectedSchedulesResponse>('/schedule/GetSelectedSchedules', body);
}

export function selectedSchedulesQueryOptions(body: SelectedSchedulesRequest) {
  return queryOptions({
    queryKey: scheduleKeys.selfChoices(body),
    queryFn: () => fetchSelectedSchedules(body),
    // Seats go fast: asked anew on every visit, and never behind the tester's back while choosing.
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

export function useSelectedSchedules(body: SelectedSchedulesRequest | null) {
  return useQuery({ ...selectedSchedulesQueryOptions(body ?? {}), enabled: body !== null });
}
