import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelScheduleResponse } from '@testerhub/shared/schedule-schemas';
import { apiPost } from '../../../lib/api';
import { scheduleKeys, scheduleMutationKeys } from './query-keys';

/** POST /api/schedule/CancelMultiSchedule, body a list of study numbers; all or nothing (spec 3, section 7). */
export function cancelMultiSchedule(studyNos: number[]): Promise<CancelScheduleResponse> {
  return apiPost<CancelScheduleResponse>('/schedule/CancelMultiSchedule', studyNos);
}

export function useCancelMultiSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: scheduleMutationKeys.cancelMulti,
    mutationFn: cancelMultiSchedule,
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}
