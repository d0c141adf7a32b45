import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  StaffAccountChangeResponse,
  StaffChangePasswordPayload,
  StaffFinishAuthenticatorMovePayload,
  StaffNewRecoveryCodesPayload,
  StaffNewRecoveryCodesResponse,
  StaffRecoveryCodesLeftResponse,
  StaffStartAuthenticatorMovePayload,
  StaffStartAuthenticatorMoveResponse,
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

/** Moving the authenticator to a new phone (decision 128): the start answers the new secret; the finish switches. */
export const useStartAuthenticatorMove = () =>
  useMutation({
    mutationFn: (payload: StaffStartAuthenticatorMovePayload) =>
      apiPost<StaffStartAuthenticatorMoveResponse>('/staff/account/StartAuthenticatorMove', payload),
  });

export const useFinishAuthenticatorMove = () =>
  useMutation({
    mutationFn: (payload: StaffFinishAuthenticatorMovePayload) =>
      apiPost<StaffAccountChangeResponse>('/staff/account/FinishAuthenticatorMove', payload),
  });
