import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FulfilOrderPayload,
  OrderDecisionResponse,
  RejectOrderPayload,
  StaffOrdersQuery,
  StaffOrdersResponse,
} from '@testerhub/shared/redeem-schemas';
import { apiGet, apiPost } from '../../lib/api';
import { staffKeys } from './query-keys';

/** GET /api/staff/rewards/Orders (rewards role): newest first, optionally one status. */
export function getOrders(query: StaffOrdersQuery) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  return apiGet<StaffOrdersResponse>(`/staff/rewards/Orders?${params.toString()}`);
}

export const ordersQuery = (query: StaffOrdersQuery) =>
  queryOptions({ queryKey: staffKeys.orders(query), queryFn: () => getOrders(query), placeholderData: keepPreviousData });

export const useOrders = (query: StaffOrdersQuery) => useQuery(ordersQuery(query));

/** POST /api/staff/rewards/FulfilOrder and RejectOrder: each moves a pending order once and refreshes the list. */
export const fulfilOrder = (payload: FulfilOrderPayload) => apiPost<OrderDecisionResponse>('/staff/rewards/FulfilOrder', payload);
export const rejectOrder = (payload: RejectOrderPayload) => apiPost<OrderDecisionResponse>('/staff/rewards/RejectOrder', payload);

function useOrderDecision<Payload>(mutationFn: (payload: Payload) => Promise<OrderDecisionResponse>, name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff', name],
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...staffKeys.all, 'orders'] }),
  });
}

export const useFulfilOrder = () => useOrderDecision(fulfilOrder, 'fulfil-order');
export const useRejectOrder = () => useOrderDecision(rejectOrder, 'reject-order');
