import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmChangeScheduleRequest, ConfirmChangeScheduleResponse } from '@testerhub/shared/schedule-schemas';
import { apiPost } from '../../../lib/api';
import { scheduleKeys, scheduleMutationKeys } from './query-keys';

/** POST /api/schedule/confirmChangeSchedule { ProtectedGroupID: [groupId] } (spec 3, section 7). */
export function confirmChangeSchedule(groupId: string): Promise<ConfirmChangeScheduleResponse> {
  const body: ConfirmChangeScheduleRequest = { ProtectedGroupID: [groupId] };
  return apiPost<ConfirmChangeScheduleResponse>('/schedule/confirmChangeSchedule', body);
}

/**
 * Moves the booking of the chosen study to another group. notAvailable brings the refreshed
 * groups, which replace the study's list at once; any outcome makes the bookings stale.
 */
export function useConfirmChangeSchedule(studyNo: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: scheduleMutationKeys.change,
    mutationFn: confirmChangeSchedule,
    onSuccess: (answer) => {
      if (answer.status === 'notAvailable' && studyNo !== null) {
        queryClient.setQueryData(scheduleKeys.groups(studyNo), answer.filteredScheduleView);
      }
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.current() });
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.index() });
    },
  });
}
