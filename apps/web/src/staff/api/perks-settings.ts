import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PerkSaveResponse, PerkSettings, PerksSettingsResponse } from '@testerhub/shared/perks-settings-schemas';
import { apiGet, apiPost } from '../../lib/api';
import { staffKeys } from './query-keys';

/** GET /api/staff/content/Perks (content role): every perk with its levels and version (decision 064). */
export const perksSettingsQuery = () =>
  queryOptions({ queryKey: staffKeys.loyaltyPerks(), queryFn: () => apiGet<PerksSettingsResponse>('/staff/content/Perks') });
export const usePerksSettings = () => useQuery(perksSettingsQuery());

/** POST /api/staff/content/SavePerk: refreshes the perks whether it was taken or refused (the form then shows what is stored). */
export function useSavePerk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff', '/staff/content/SavePerk'],
    mutationFn: (payload: PerkSettings) => apiPost<PerkSaveResponse>('/staff/content/SavePerk', payload),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.loyaltyPerks() }),
  });
}
