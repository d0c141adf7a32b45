import { queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type {
  CreateGroupPayload,
  GroupChangeResponse,
  SetGroupStatusPayload,
  StaffGroupsResponse,
  UpdateGroupPayload,
} from '@testerhub/shared/session-admin-schemas';
import { apiGet, apiPost } from '../../lib/api';
import { staffKeys } from './query-keys';

/** GET /api/staff/sessions/Groups (recruiter): the study's session groups and the test sites (decision 051). */
export const getSessionGroups = (studyNo: number) => apiGet<StaffGroupsResponse>(`/staff/sessions/Groups?studyNo=${studyNo}`);

export const sessionGroupsQuery = (studyNo: number) =>
  queryOptions({ queryKey: staffKeys.sessionGroups(studyNo), queryFn: () => getSessionGroups(studyNo) });

export const useSessionGroups = (studyNo: number) => useQuery(sessionGroupsQuery(studyNo));

/** POST CreateGroup, UpdateGroup and SetGroupStatus: each refreshes the study's groups and results. */
export const createGroup = (payload: CreateGroupPayload) => apiPost<GroupChangeResponse>('/staff/sessions/CreateGroup', payload);
export const updateGroup = (payload: UpdateGroupPayload) => apiPost<GroupChangeResponse>('/staff/sessions/UpdateGroup', payload);
export const setGroupStatus = (payload: SetGroupStatusPayload) => apiPost<GroupChangeResponse>('/staff/sessions/SetGroupStatus', payload);

/**
 * A change to a study's groups: refreshes the study's groups (seats) and results, the calendar, and
 * any other query the change touches (`alsoRefresh`: the booking controls' people lists).
 */
export function useGroupChange<Payload, Answer>(
  mutationFn: (payload: Payload) => Promise<Answer>,
  name: string,
  studyNo: number,
  alsoRefresh: readonly QueryKey[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff', name],
    mutationFn,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: staffKeys.sessionGroups(studyNo) });
      for (const queryKey of alsoRefresh) await queryClient.invalidateQueries({ queryKey });
      await queryClient.invalidateQueries({ queryKey: staffKeys.studyResults(studyNo) });
      await queryClient.invalidateQueries({ queryKey: staffKeys.calendar() });
    },
  });
}

export const useCreateGroup = (studyNo: number) => useGroupChange(createGroup, 'create-group', studyNo);
export const useUpdateGroup = (studyNo: number) => useGroupChange(updateGroup, 'update-group', studyNo);
export const useSetGroupStatus = (studyNo: number) => useGroupChange(setGroupStatus, 'set-group-status', studyNo);
