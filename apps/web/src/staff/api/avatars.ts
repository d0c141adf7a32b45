import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddAvatarPayload,
  AddAvatarResponse,
  SaveAvatarPayload,
  SaveAvatarResponse,
  StaffAvatarsResponse,
} from '@testerhub/shared/avatar-settings-schemas';
import { apiGet, apiPost } from '../../lib/api';
import { staffKeys } from './query-keys';

/** GET /api/staff/content/Avatars (content role): every profile picture with its level, visibility, wearers and version. */
export const avatarsQuery = () =>
  queryOptions({ queryKey: staffKeys.loyaltyAvatars(), queryFn: () => apiGet<StaffAvatarsResponse>('/staff/content/Avatars') });
export const useStaffAvatars = () => useQuery(avatarsQuery());

/** POST /api/staff/content/SaveAvatar: refreshes the list whether taken or refused (a stale form then shows what is stored). */
export function useSaveAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff', '/staff/content/SaveAvatar'],
    mutationFn: (payload: SaveAvatarPayload) => apiPost<SaveAvatarResponse>('/staff/content/SaveAvatar', payload),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.loyaltyAvatars() }),
  });
}

/** POST /api/staff/content/AddAvatar: a new picture (base64) with its level and visibility; the list is read again. */
export function useAddAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff', '/staff/content/AddAvatar'],
    mutationFn: (payload: AddAvatarPayload) => apiPost<AddAvatarResponse>('/staff/content/AddAvatar', payload),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.loyaltyAvatars() }),
  });
}
