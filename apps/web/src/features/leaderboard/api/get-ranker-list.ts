import { useQuery } from '@tanstack/react-query';
import type { RankerList } from '@testerhub/shared/leaderboard-schemas';
import { apiGet } from '../../../lib/api';
import { leaderboardKeys } from './query-keys';

/** GET /api/leaderboard/GetRankerList: the tester's figures this month and the top ten by coins spent, referrals and screeners. */
export function fetchRankerList(): Promise<RankerList> {
  return apiGet<RankerList>('/leaderboard/GetRankerList');
}

export function useRankerList() {
  // Fresh each time the popup opens: a spend a moment ago shows at once.
  return useQuery({ queryKey: leaderboardKeys.rankerList(), queryFn: fetchRankerList, staleTime: 0 });
}
