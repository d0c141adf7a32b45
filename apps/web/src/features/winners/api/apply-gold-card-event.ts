import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplyGoldCardAnswer } from '@testerhub/shared/winners-schemas';
import { apiGet } from '../../../lib/api';
import { winnersKeys, winnersMutationKeys } from './query-keys';

/** GET /api/event/ApplyGoldCardEvent: this week's drawing entry (a GET that writes, as the spec has it). */
export function applyGoldCardEvent(): Promise<ApplyGoldCardAnswer> {
  return apiGet<ApplyGoldCardAnswer>('/event/ApplyGoldCardEvent');
}

/** Enters the drawing; whatever the answer, the entry's state and the coin check are asked again. */
export function useApplyGoldCardEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: winnersMutationKeys.enterGoldCard,
    mutationFn: applyGoldCardEvent,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: winnersKeys.goldCard() }),
        queryClient.invalidateQueries({ queryKey: winnersKeys.checkCoins() }),
      ]),
  });
}
