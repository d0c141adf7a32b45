import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SelfScheduleRequest, SelfScheduleResponse } from '@testerhub/shared/self-schedule-schemas';
import { scheduleKeys, scheduleMutationKeys } from './query-keys';
import { selfSchedulePost } from './self-schedule-call';

/** POST /api/schedule/SelfSchedule: the link, Child, IsRequest and the chosen groups of every study (spec 3, section 7). */
export function postSelfSchedule(body: SelfScheduleRequest): Promise<SelfScheduleResponse> {
  return selfSchedulePost<SelfScheduleResponse>('/schedule/SelfSchedule', body);
}

/** Books the chosen groups; a booking changes the schedule pages' lists and the next waiting study. */
export function useSelfSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: scheduleMutationKeys.selfSchedule,
    mutationFn: postSelfSchedule,
    onSuccess: (answer) => {
      if (answer.status !== 'succeed') return;
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.current() });
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.index() });
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.reSelf() });
    },
  });
}
