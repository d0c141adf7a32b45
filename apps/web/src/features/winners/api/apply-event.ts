import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplyEventAnswer, EventCount } from '@testerhub/shared/winners-schemas';
import { apiGet } from '../../../lib/api';
import { winnersKeys, winnersMutationKeys } from './query-keys';

/** GET /api/event/ApplyEvent: one spin (a GET that writes, as the spec has it). */
export function applyEvent(): Promise<ApplyEventAnswer> {
  return apiGet<ApplyEventAnswer>('/event/ApplyEvent');
}

/**
 * Spins. The wheel keeps its segments (no refetch, which would reshuffle them): the spins left
 * come from the answer; the coins, the coin check and the winners are asked again.
 */
export function useApplyEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: winnersMutationKeys.spin,
    mutationFn: applyEvent,
    onSuccess: (answer) => {
      queryClient.setQueryData<EventCount>(winnersKeys.eventCount(), (count) => count && { ...count, count: answer.count });
    },
  });
}

/** After the wheel stopped: the coins and lists the spin changed. */
export function useRefreshAfterSpin() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: winnersKeys.checkCoins() }),
      queryClient.invalidateQueries({ queryKey: winnersKeys.winnerList() }),
      queryClient.invalidateQueries({ queryKey: winnersKeys.eventCount(), refetchType: 'none' }),
    ]);
}
