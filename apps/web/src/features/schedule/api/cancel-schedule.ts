import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelScheduleResponse } from '@testerhub/shared/schedule-schemas';
import { apiPost } from '../../../lib/api';
import { scheduleKeys, scheduleMutationKeys } from './query-keys';

/** POST /api/schedule/CancelSchedule, body one study number (spec 3, section 7). */
export function cancelSchedule(studyNo: number): Promise<CancelScheduleResponse> {
  return apiPost<CancelScheduleResponse>('/schedule/CancelSchedule', studyNo);
}

/** Cancels one booking; whatever the answer, the schedule is asked again (a refusal may mean it changed). */
export function useCancelSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: scheduleMutationKeys.cancel,
    mutationFn: cancelSchedule,
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}
