import { useQuery } from '@tanstack/react-query';
import type { EventCount } from '@testerhub/shared/winners-schemas';
import { apiGet } from '../../../lib/api';
import { holdsCoinBalance } from '../../../lib/coin-balance';
import { winnersKeys } from './query-keys';

/** GET /api/event/GetEventCount: the spin's cost, spins left of the week, the coins and the nine segments (shuffled). */
export function fetchEventCount(): Promise<EventCount> {
  return apiGet<EventCount>('/event/GetEventCount');
}

/**
 * Asked once per visit of the page: a refetch would reshuffle the wheel under the tester's eyes. Its
 * coins follow the shell's balance in place (a drawing entry, a redeem, a bonus).
 */
export function useEventCount() {
  return useQuery({
    queryKey: winnersKeys.eventCount(),
    queryFn: fetchEventCount,
    staleTime: Number.POSITIVE_INFINITY,
    meta: holdsCoinBalance('currentCoins'),
  });
}
