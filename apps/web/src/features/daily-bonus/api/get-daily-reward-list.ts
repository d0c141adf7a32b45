import { useQuery } from '@tanstack/react-query';
import type { DailyRewardList } from '@testerhub/shared/daily-bonus-schemas';
import { apiGet } from '../../../lib/api';
import { dailyBonusKeys } from './query-keys';

/** GET /api/reward/GetDailyRewardList: the 28 days with their coins, and today's day. */
export function fetchDailyRewardList(): Promise<DailyRewardList> {
  return apiGet<DailyRewardList>('/reward/GetDailyRewardList');
}

export function useDailyRewardList() {
  return useQuery({ queryKey: dailyBonusKeys.rewardList(), queryFn: fetchDailyRewardList });
}
