import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  StaffAccountChangeResponse,
  StaffInvitePayload,
  StaffResetSignInPayload,
  StaffSetDisabledPayload,
  StaffSetRolesPayload,
} from '@testerhub/shared/staff-schemas';
import { apiPost } from '../../lib/api';
import { staffKeys } from './query-keys';

/** An admin change's answer; a refusal about a form field (the site ids) names it. */
export type StaffStatus = StaffAccountChangeResponse;

/** POST /api/staff/admin/Invite, SetRoles, SetDisabled and ResetSignIn (admin): each changes the staff list and writes to the audit log. */
export const inviteStaff = (payload: StaffInvitePayload) => apiPost<StaffStatus>('/staff/admin/Invite', payload);
export const setStaffRoles = (payload: StaffSetRolesPayload) => apiPost<StaffStatus>('/staff/admin/SetRoles', payload);
export const setStaffDisabled = (payload: StaffSetDisabledPayload) => apiPost<StaffStatus>('/staff/admin/SetDisabled', payload);
export const resetStaffSignIn = (payload: StaffResetSignInPayload) => apiPost<StaffStatus>('/staff/admin/ResetSignIn', payload);

function useAdminChange<Payload>(mutationFn: (payload: Payload) => Promise<StaffStatus>, name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff', name],
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.list() }),
        queryClient.invalidateQueries({ queryKey: [...staffKeys.all, 'audit'] }),
      ]),
  });
}

export const useInviteStaff = () => useAdminChange(inviteStaff, 'invite');
export const useSetStaffRoles = () => useAdminChange(setStaffRoles, 'set-roles');
export const useSetStaffDisabled = () => useAdminChange(setStaffDisabled, 'set-disabled');
export const useResetStaffSignIn = () => useAdminChange(resetStaffSignIn, 'reset-sign-in');
