import { useQuery } from '@tanstack/react-query';
import type { GoldRewardAvailable } from '@testerhub/shared/winners-schemas';
import { apiGet } from '../../../lib/api';
import { winnersKeys } from './query-keys';

/** GET /api/event/CheckGoldRewardAvailable: whether this week's entry is still open, and its cost. */
export function fetchGoldRewardAvailable(): Promise<GoldRewardAvailable> {
  return apiGet<GoldRewardAvailable>('/event/CheckGoldRewardAvailable');
}

export function useGoldRewardAvailable() {
  return useQuery({ queryKey: winnersKeys.goldCard(), queryFn: fetchGoldRewardAvailable });
}
