import { useQuery } from '@tanstack/react-query';
import type { WinnerList } from '@testerhub/shared/winners-schemas';
import { apiGet } from '../../../lib/api';
import { winnersKeys } from './query-keys';

/** GET /api/event/GetWinnerList: gift-card winners, big wheel wins and the tester's own spins. */
export function fetchWinnerList(): Promise<WinnerList> {
  return apiGet<WinnerList>('/event/GetWinnerList');
}

export function useWinnerList() {
  return useQuery({ queryKey: winnersKeys.winnerList(), queryFn: fetchWinnerList });
}
