import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotInterestRequest, WaitListResponse } from '@testerhub/shared/self-schedule-schemas';
import { scheduleKeys, scheduleMutationKeys } from './query-keys';
import { selfSchedulePost } from './self-schedule-call';

/** POST /api/schedule/NotInterest: StudyNo and Child. */
export function postNotInterest(body: NotInterestRequest): Promise<WaitListResponse> {
  return selfSchedulePost<WaitListResponse>('/schedule/NotInterest', body);
}

/** The tester declines a study's times: it no longer waits to be scheduled. */
export function useNotInterest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: scheduleMutationKeys.notInterest,
    mutationFn: postNotInterest,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: scheduleKeys.reSelf() }),
  });
}
