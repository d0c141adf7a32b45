import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SelfWaitListRequest, WaitListResponse } from '@testerhub/shared/self-schedule-schemas';
import { scheduleKeys, scheduleMutationKeys } from './query-keys';
import { selfSchedulePost } from './self-schedule-call';

/** POST /api/schedule/SelfWaitList: Study, Child and the Closed groups to be told about. */
export function postSelfWaitList(body: SelfWaitListRequest): Promise<WaitListResponse> {
  return selfSchedulePost<WaitListResponse>('/schedule/SelfWaitList', body);
}

/** Puts the tester on a study's waiting list: the study no longer waits to be scheduled. */
export function useSelfWaitList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: scheduleMutationKeys.selfWaitList,
    mutationFn: postSelfWaitList,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: scheduleKeys.reSelf() }),
  });
}
