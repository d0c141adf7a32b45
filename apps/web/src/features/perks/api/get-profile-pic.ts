import { useQuery } from '@tanstack/react-query';
import type { ProfilePics } from '@testerhub/shared/perks-schemas';
import { apiGet } from '../../../lib/api';
import { perksKeys } from './query-keys';

/** GET /api/profile/GetProfilePic: every picture with the level it needs. */
export function fetchProfilePics(): Promise<ProfilePics> {
  return apiGet<ProfilePics>('/profile/GetProfilePic');
}

export function useProfilePics() {
  return useQuery({ queryKey: perksKeys.profilePics(), queryFn: fetchProfilePics });
}
