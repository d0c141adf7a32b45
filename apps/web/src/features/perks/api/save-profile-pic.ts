import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api';
import { perksMutationKeys } from './query-keys';

/** POST /api/profile/SaveProfilePic, body the picture's id. */
export function saveProfilePic(imageId: number): Promise<{ status: 'succeed' | 'failed' }> {
  return apiPost<{ status: 'succeed' | 'failed' }>('/profile/SaveProfilePic', imageId);
}

export function useSaveProfilePic() {
  return useMutation({ mutationKey: perksMutationKeys.saveProfilePic, mutationFn: saveProfilePic });
}
