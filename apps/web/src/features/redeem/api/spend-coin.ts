import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SpendCoinResponse } from '@testerhub/shared/redeem-schemas';
import { apiPost } from '../../../lib/api';
import { redeemKeys, redeemMutationKeys } from './query-keys';

/** POST /api/reward/SpendCoin, body the reward number (spec 3, section 7). */
export function spendCoin(rewardNo: number): Promise<SpendCoinResponse> {
  return apiPost<SpendCoinResponse>('/reward/SpendCoin', rewardNo);
}

/**
 * Redeems a reward. The answer carries the balance after it; the balance and the earnings
 * history are asked again whatever the answer (a refusal may mean the balance moved elsewhere).
 */
export function useSpendCoin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: redeemMutationKeys.spend,
    mutationFn: spendCoin,
    onSuccess: (answer) => queryClient.setQueryData(redeemKeys.current(), { coins: answer.coins }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: redeemKeys.all }),
  });
}
