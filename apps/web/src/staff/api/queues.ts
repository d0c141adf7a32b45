import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CatalogueResponse,
  ChildCallPayload,
  ChildQueueResponse,
  EditRewardPayload,
  ReferralPipelineQuery,
  ReferralPipelineResponse,
  ReferralStatusPayload,
  RewardActivePayload,
  RewardFields,
  StaffQueueChangeResponse,
} from '@testerhub/shared/staff-queues-schemas';
import { apiGet, apiPost } from '../../lib/api';
import { staffKeys } from './query-keys';

/* The children queue, the referral pipeline and the reward catalogue (decisions 054, 055). */

export const childQueueQuery = (page: number) =>
  queryOptions({
    queryKey: staffKeys.childQueue(page),
    queryFn: () => apiGet<ChildQueueResponse>(`/staff/children/Queue?page=${page}`),
    placeholderData: keepPreviousData,
  });
export const useChildQueue = (page: number) => useQuery(childQueueQuery(page));

export function getReferrals(query: ReferralPipelineQuery) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  return apiGet<ReferralPipelineResponse>(`/staff/referrals/List?${params.toString()}`);
}
export const referralsQuery = (query: ReferralPipelineQuery) =>
  queryOptions({ queryKey: staffKeys.referrals(query), queryFn: () => getReferrals(query), placeholderData: keepPreviousData });
export const useReferrals = (query: ReferralPipelineQuery) => useQuery(referralsQuery(query));

export const catalogueQuery = () =>
  queryOptions({ queryKey: staffKeys.catalogue(), queryFn: () => apiGet<CatalogueResponse>('/staff/rewards/Catalogue') });
export const useCatalogue = () => useQuery(catalogueQuery());

/** A change that refreshes one list (by its key's name) whatever its answer. */
function useChange<Payload>(path: string, list: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff', path],
    mutationFn: (payload: Payload) => apiPost<StaffQueueChangeResponse>(path, payload),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...staffKeys.all, list] }),
  });
}

export const useRecordCall = () => useChange<ChildCallPayload>('/staff/children/RecordCall', 'child-queue');
export const useSetReferralStatus = () => useChange<ReferralStatusPayload>('/staff/referrals/SetStatus', 'referrals');
export const useAddReward = () => useChange<RewardFields>('/staff/rewards/AddReward', 'catalogue');
export const useEditReward = () => useChange<EditRewardPayload>('/staff/rewards/EditReward', 'catalogue');
export const useSetRewardActive = () => useChange<RewardActivePayload>('/staff/rewards/SetRewardActive', 'catalogue');
