import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DailyRewardAnswer } from '@testerhub/shared/daily-bonus-schemas';
import { apiGet } from '../../../lib/api';
import { dailyBonusKeys, dailyBonusMutationKeys } from './query-keys';

/** GET /api/reward/GetDailyReward: pays today's bonus (a GET that writes, as the spec has it). */
export function claimDailyReward(): Promise<DailyRewardAnswer> {
  return apiGet<DailyRewardAnswer>('/reward/GetDailyReward');
}

/** Claims today's bonus; whatever the answer, the calendar and the "still to claim" flag are asked again. */
export function useClaimDailyReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: dailyBonusMutationKeys.claim,
    mutationFn: claimDailyReward,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dailyBonusKeys.rewardList() }),
  });
}
