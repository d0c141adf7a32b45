import { useQuery } from '@tanstack/react-query';
import type { LatestWinners, LatestWinnersRequest } from '@testerhub/shared/winners-schemas';
import { apiPost } from '../../../lib/api';
import { winnersKeys } from './query-keys';

/** POST /api/reward/GetWinners: a giveaway's latest 5 or 1 winners. */
export function fetchLatestWinners(request: LatestWinnersRequest): Promise<LatestWinners> {
  return apiPost<LatestWinners>('/reward/GetWinners', request);
}

export function useLatestWinners(request: LatestWinnersRequest) {
  return useQuery({ queryKey: winnersKeys.latest(request.type, request.count), queryFn: () => fetchLatestWinners(request) });
}
