import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  StaffAccountChangeResponse,
  StaffChangePasswordPayload,
  StaffNewRecoveryCodesPayload,
  StaffNewRecoveryCodesResponse,
  StaffRecoveryCodesLeftResponse,
} from '@testerhub/shared/staff-schemas';
import { apiGet, apiPost } from '../../lib/api';
import { staffKeys } from './query-keys';

/** The signed-in staff member's own sign-in (decision 072): unused recovery codes, a new set, a new password. */
export const recoveryCodesLeftQuery = () =>
  queryOptions({
    queryKey: staffKeys.recoveryCodesLeft(),
    queryFn: () => apiGet<StaffRecoveryCodesLeftResponse>('/staff/account/RecoveryCodes'),
  });
export const useRecoveryCodesLeft = () => useQuery(recoveryCodesLeftQuery());

export function useNewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: StaffNewRecoveryCodesPayload) =>
      apiPost<StaffNewRecoveryCodesResponse>('/staff/account/NewRecoveryCodes', payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.recoveryCodesLeft() }),
  });
}

export const useChangeStaffPassword = () =>
  useMutation({
    mutationFn: (payload: StaffChangePasswordPayload) => apiPost<StaffAccountChangeResponse>('/staff/account/ChangePassword', payload),
  });
