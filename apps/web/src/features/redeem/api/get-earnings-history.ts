import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EarningsHistoryResponse } from '@testerhub/shared/redeem-schemas';
import { apiGet } from '../../../lib/api';
import { redeemKeys } from './query-keys';

/** GET /api/reward/GetEarningsHistory?page=N: a page of coin and experience changes and the study compensation (decision 034). */
export function fetchEarningsHistory(page: number): Promise<EarningsHistoryResponse> {
  return apiGet<EarningsHistoryResponse>(`/reward/GetEarningsHistory?page=${page}`);
}

export function earningsHistoryQueryOptions(page: number) {
  return queryOptions({ queryKey: redeemKeys.earnings(page), queryFn: () => fetchEarningsHistory(page) });
}

/** The page shown stays on screen while the next one loads. */
export function useEarningsHistory(page: number) {
  return useQuery({ ...earningsHistoryQueryOptions(page), placeholderData: keepPreviousData });
}
